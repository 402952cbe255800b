import type { ServiceConnection } from '../api/http';
import type { DocumentModel } from '../model/facts';
import type { TypeNamespace } from '../urn';
import { aspectWritesFromModel } from './aspects';
import { createdEntities, type CreatedEntities } from './existence';
import { collectPushIntent, type AspectWriter, type PushIntent } from './pushIntent';
import { planAspects } from './pushPlanAspects';
import { planLineage } from './pushPlanLineage';
import { planAssignments, planStatuses } from './pushPlanProperties';
import { aspectsToRead, entitiesToCheck, readServiceState, ServiceState } from './pushState';
import { PHASE_ORDER, type PushPlan } from './pushPlanTypes';

export { ServiceState } from './pushState';

export interface PlanOptions {
  /** epoch ms for audit stamps; default now */
  now?: number;
  /** actor of audit stamps on new upstream records */
  actor?: string;
  /** namespace of type URNs built from short names (`string` → `urn:li:dataType:<ns>.string`); the local catalog uses `service` */
  typeNamespace?: TypeNamespace;
  /** entities that files of the workspace outside this push create (core/pending): a lineage note names them as files to push first */
  createdOutside?: CreatedEntities;
}

/** The aspects `datahub dataset upsert` / `datahub properties upsert` write for a file (core/plan/aspects.ts). */
export function standardAspectWriter(namespace: TypeNamespace = 'service'): AspectWriter {
  return (model) => aspectWritesFromModel(model, { namespace }).writes;
}

const DEFAULT_ACTOR = 'urn:li:corpuser:datahub';

/**
 * The plan of a push, from what the files ask (`intent`) and what the service holds (`state`):
 * pure, so the same inputs give the same plan. Items run definitions and entities first, then
 * values, then edges, then soft deletes.
 */
export function planPush(intent: PushIntent, state: ServiceState, options: PlanOptions = {}): PushPlan {
  const context = { now: options.now ?? Date.now(), actor: options.actor ?? DEFAULT_ACTOR };
  const parts = [planAspects(intent, state), planStatuses(intent, state), planAssignments(intent, state), planLineage(intent.lineage.values(), state, { ...context, createdHere: createdEntities(intent), createdOutside: options.createdOutside })];
  const items = parts.flatMap((p) => p.items);
  const rank = (phase: (typeof items)[number]['phase']) => PHASE_ORDER.indexOf(phase);
  // Array.prototype.sort is stable: within a phase the order above (and in the files) is kept.
  items.sort((a, b) => rank(a.phase) - rank(b.phase));
  return { items, unchanged: parts.flatMap((p) => p.unchanged), warnings: [...intent.warnings] };
}

/** Reads what the service holds for these files and plans the push against it. */
export async function buildPushPlan(connection: ServiceConnection, models: readonly DocumentModel[], options: PlanOptions & { signal?: AbortSignal } = {}): Promise<PushPlan> {
  const intent = collectPushIntent(models, standardAspectWriter(options.typeNamespace));
  const state = await readServiceState(connection, aspectsToRead(intent), options.signal, entitiesToCheck(intent));
  return planPush(intent, state, options);
}
