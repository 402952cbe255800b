import { createHash } from 'node:crypto';
import type { ServiceConnection } from '../api/http';
import { describeError } from '../errors/describeError';
import { computePlanImpact } from '../impact/planImpact';
import type { PlanImpact } from '../plan/impactTypes';
import { canonicalJson } from '../plan/pushJson';
import type { PushPlan } from '../plan/pushPlanTypes';
import type { PushFileVerdict } from '../plan/pushVerdicts';
import { sessionPushPlan, sessionPushVerdicts } from '../push/sessionPush';
import type { AgentSnapshot } from './toolTypes';

/** What planning the workspace's files gave: the files whose errors stop a push, or the plan with its hash and impact. */
export type AgentPlanning =
  | { kind: 'blocked'; files: PushFileVerdict[] }
  | { kind: 'planned'; plan: PushPlan; hash: string; impacts: PlanImpact[]; impactError?: string };

/**
 * The plan of pushing the files (`uris`, or all) to the service, as `catalog-code plan` and the
 * editor's push make it (core/push/sessionPush.ts: the same verdicts first, the same plan, the same
 * impact over the pending state), with a hash push_changes checks so that it pushes exactly what
 * was planned.
 */
export async function planForAgent(snapshot: AgentSnapshot, service: ServiceConnection, options: { uris?: readonly string[]; signal?: AbortSignal; impact?: boolean } = {}): Promise<AgentPlanning> {
  const verdicts = await sessionPushVerdicts(snapshot.session, service, { uris: options.uris, signal: options.signal });
  const blocked = verdicts.files.filter((file) => file.errors.length > 0);
  if (blocked.length > 0) return { kind: 'blocked', files: blocked };
  const { plan } = await sessionPushPlan(snapshot.session, service, { uris: options.uris, signal: options.signal, typeNamespace: verdicts.typeNamespace, pending: snapshot.pending.entities });
  const hash = planHash(plan, service.url);
  if (options.impact === false) return { kind: 'planned', plan, hash, impacts: [] };
  const failures: string[] = [];
  let impacts: PlanImpact[] = [];
  try {
    impacts = await computePlanImpact(service, plan, { signal: options.signal, lineage: snapshot.pending.lineage.fetcher('pending'), onError: (subject, error) => failures.push(`${subject}: ${describeError(error)}`) });
  } catch (error) {
    failures.push(describeError(error));
  }
  return { kind: 'planned', plan, hash, impacts, ...(failures.length > 0 ? { impactError: failures.join(' ') } : {}) };
}

/** The plan's fingerprint: its requests, in order, and the service they go to (sha256, hex, first 16 characters). */
export function planHash(plan: PushPlan, serviceUrl: string): string {
  const requests = plan.items.map((item) => ({ id: item.id, operation: item.operation }));
  return createHash('sha256').update(canonicalJson({ serviceUrl, requests })).digest('hex').slice(0, 16);
}
