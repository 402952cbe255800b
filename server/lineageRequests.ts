import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver/node';
import { ALL_DEGREES, type DegreeBucket, type FineGrainedLineageView, type LineageScrollPage } from '../core/api/lineageClient';
import { describeError } from '../core/errors/describeError';
import { FineGrainedLineagesRequest, LineagePageRequest, type LineagePageParams } from '../core/protocol';
import { parseUrn } from '../core/urn';
import type { Lifecycle } from './lifecycle';
import type { ServerState } from './state';

/** The most hits one page may ask for: a page is a view's worth, and the walk behind it is bounded anyway. */
const MAX_PAGE = 500;

/**
 * The lineage requests of core/protocol.ts, answered from the server's pending state
 * (core/pending): the lineage tree and graph read lineage only through these, so the marks they
 * show are computed once, from the same intent a push plans from.
 */
export function listenLineageRequests(lsp: Connection, state: ServerState, lifecycle: Lifecycle): void {
  lsp.onRequest(
    LineagePageRequest.type,
    lifecycle.guard(async (params): Promise<LineageScrollPage | ResponseError<void>> => {
      const checked = checkPageParams(params);
      if (typeof checked === 'string') return new ResponseError(ErrorCodes.InvalidParams, checked);
      // Open documents are read lazily (core/incremental): the page sees the editor's newest text.
      state.documents.catchUp();
      return answer(() => state.pending.lineage.page(checked));
    }),
  );
  lsp.onRequest(
    FineGrainedLineagesRequest.type,
    lifecycle.guard(async (params): Promise<FineGrainedLineageView[] | ResponseError<void>> => {
      const problem = urnProblem(params?.datasetUrn) ?? viewProblem(params?.view);
      if (problem) return new ResponseError(ErrorCodes.InvalidParams, problem);
      state.documents.catchUp();
      return answer(() => state.pending.lineage.fineGrained(params.datasetUrn, params.view ?? 'pending'));
    }),
  );
}

/** The request as the pending state takes it, or what is wrong with it in words. */
export function checkPageParams(params: LineagePageParams | undefined): LineagePageParams | string {
  const problem = urnProblem(params?.urn) ?? viewProblem(params?.view);
  if (problem || !params) return problem ?? 'catalogCode/lineagePage needs parameters: urn, direction, degrees.';
  if (params.direction !== 'UPSTREAM' && params.direction !== 'DOWNSTREAM') return `catalogCode/lineagePage: direction must be UPSTREAM or DOWNSTREAM, not ${JSON.stringify(String(params.direction)).slice(0, 40)}.`;
  const degrees = Array.isArray(params.degrees) ? params.degrees.filter((d): d is DegreeBucket => ALL_DEGREES.includes(d)) : [];
  if (degrees.length === 0) return `catalogCode/lineagePage: degrees must list one or more of ${ALL_DEGREES.join(', ')}.`;
  const count = params.count === undefined ? undefined : Number(params.count);
  if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > MAX_PAGE)) return `catalogCode/lineagePage: count must be a whole number from 1 to ${MAX_PAGE}.`;
  const scrollId = typeof params.scrollId === 'string' ? params.scrollId.slice(0, 64) : null;
  return { urn: params.urn, direction: params.direction, degrees, scrollId, ...(count !== undefined ? { count } : {}), view: params.view ?? 'pending' };
}

function urnProblem(urn: unknown): string | undefined {
  if (typeof urn !== 'string' || urn.length === 0) return 'The lineage request needs the URN of an entity (urn / datasetUrn).';
  if (urn.length > 2000) return 'The URN of the lineage request is longer than 2,000 characters; no entity has such a URN.';
  const parsed = parseUrn(urn);
  return parsed.ok ? undefined : `The lineage request's URN is not valid: ${parsed.error.message}`;
}

function viewProblem(view: unknown): string | undefined {
  return view === undefined || view === 'pending' || view === 'pushed' ? undefined : `The lineage view must be 'pending' (with the workspace's changes) or 'pushed' (the catalog alone).`;
}

/** A pending-state answer, or its failure in words (service errors name the service, never the token). */
async function answer<R>(work: () => Promise<R>): Promise<R | ResponseError<void>> {
  try {
    return await work();
  } catch (error) {
    return new ResponseError(ErrorCodes.InternalError, describeError(error));
  }
}
