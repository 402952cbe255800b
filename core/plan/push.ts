/**
 * Push: plan against what the service holds, preview, apply item by item. The CLI (`push`), the
 * language server and the VS Code client all use this same API.
 */
export { buildPushPlan, planPush, standardAspectWriter, ServiceState, type PlanOptions } from './pushPlan';
export { applyPlan, sendOperation, type ApplyOptions, type ApplyProgress } from './pushApply';
export { formatPlan, formatPushResult } from './pushFormat';
export { collectPushIntent, type PushIntent } from './pushIntent';
export { aspectsToRead, entitiesToCheck, readServiceState } from './pushState';
export { PHASE_ORDER, type PushChange, type PushItem, type PushItemResult, type PushOperation, type PushPhase, type PushPlan, type PushResult, type UnchangedEntry } from './pushTypes';
