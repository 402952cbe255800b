import { ErrorCodes, ResponseError, type CancellationToken, type Connection } from 'vscode-languageserver/node';
import type { ServiceConnection } from '../core/api/http';
import { PushPlanRequest, PushVerdictsRequest } from '../core/protocol';
import { sessionPushPlan, sessionPushVerdicts } from '../core/push/sessionPush';
import { computePlanImpact } from '../core/impact/planImpact';
import type { PlanImpact } from '../core/plan/impactTypes';
import type { PushPlan } from '../core/plan/pushPlanTypes';
import type { LineageFetcher } from '../core/lineage/types';
import type { Lifecycle } from './lifecycle';
import type { ServerState } from './state';
import { describeError } from '../core/errors/describeError';

/**
 * The push requests of core/protocol.ts: the editor's push asks the server's workspace session
 * for the verdicts and the plan (core/push/sessionPush.ts, as the CLI does in-process), so it
 * never reads or parses the files itself, and what blocks a push and what it writes are decided
 * the same way from the terminal and the editor.
 */
export function listenPushRequests(lsp: Connection, state: ServerState, lifecycle: Lifecycle): void {
  lsp.onRequest(
    PushVerdictsRequest.type,
    lifecycle.guard(async (params, token: CancellationToken) =>
      againstService(state, (service) => sessionPushVerdicts(state.session, service, { uris: params?.uris, signal: signalOf(token) })),
    ),
  );
  lsp.onRequest(
    PushPlanRequest.type,
    lifecycle.guard(async (params, token: CancellationToken) =>
      againstService(state, async (service) => {
        const signal = signalOf(token);
        const planned = { serviceUrl: service.url, ...(await sessionPushPlan(state.session, service, { uris: params?.uris, signal, pending: state.pending.entities })) };
        return params?.impact ? { ...planned, ...(await planImpact(service, planned.plan, signal, state.pending.lineage.fetcher('pending'))) } : planned;
      }),
    ),
  );
}

/**
 * One push step against the server's service, with the open documents brought to the editor's
 * version first (they are read lazily, core/incremental); its failure in words.
 */
async function againstService<R>(state: ServerState, step: (service: ServiceConnection) => Promise<R>): Promise<R | ResponseError<void>> {
  const service = serviceOrError(state);
  if (service instanceof ResponseError) return service;
  state.documents.catchUp();
  return answer(() => step(service), service);
}

function serviceOrError(state: ServerState): ServiceConnection | ResponseError<void> {
  return (
    state.service ??
    new ResponseError(ErrorCodes.InvalidRequest, 'the language server has no catalog service to push to. Sign in or start the local catalog (Catalog Code: Start Local Catalog), then push again.')
  );
}

/** A step's answer, or its failure in words (the service's error names the service, never the token). */
async function answer<R>(step: () => Promise<R>, service: ServiceConnection): Promise<R | ResponseError<void>> {
  try {
    return await step();
  } catch (error) {
    const reason = describeError(error);
    return new ResponseError(ErrorCodes.InternalError, `the push could not be planned against ${service.url}: ${reason}`);
  }
}

/** The plan's impact as `catalog-code plan` computes it (lineage over the pending state); a failure is said beside the plan, never instead of it. */
async function planImpact(service: ServiceConnection, plan: PushPlan, signal: AbortSignal, lineage: LineageFetcher): Promise<{ impacts: PlanImpact[]; impactError?: string }> {
  const failures: string[] = [];
  let impacts: PlanImpact[] = [];
  try {
    impacts = await computePlanImpact(service, plan, { signal, lineage, onError: (subject, error) => failures.push(`${subject}: ${describeError(error)}`) });
  } catch (error) {
    failures.push(describeError(error));
  }
  return failures.length > 0 ? { impacts, impactError: failures.join(' ') } : { impacts };
}

function signalOf(token: CancellationToken): AbortSignal {
  const abort = new AbortController();
  if (token.isCancellationRequested) abort.abort();
  else token.onCancellationRequested(() => abort.abort());
  return abort.signal;
}
