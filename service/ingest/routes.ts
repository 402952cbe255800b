import type { Route, RequestContext } from '../http/router';
import { HttpError } from '../http/errors';
import { readJsonBody } from '../http/body';
import { sendJson } from '../http/respond';
import type { CatalogStore } from '../store/types';
import { applyProposals, WriteRejected, type Proposal } from '../writes/prepareWrites';
import { describe, isObject } from '../validation/urns';
import { jsonShapeMessage } from '../validation/jsonShape';
import { describeError } from '../../core/errors/describeError';

/**
 * DataHub's Rest.li ingestion (`POST /aspects?action=ingestProposal` / `ingestProposalBatch`):
 * a MetadataChangeProposal whose `aspect.value` is the aspect serialised as a JSON string. Success
 * is 200 `{"value": "<urn>"}`; a rejected proposal is 422 (Rest.li's error shape) and, for a batch,
 * nothing of the batch is written.
 */

const EXCEPTION_CLASS = 'com.linkedin.restli.server.RestLiServiceException';

function restliError(status: number, message: string): HttpError {
  return new HttpError(status, { status, message, exceptionClass: EXCEPTION_CLASS, stackTrace: '' });
}

function invalid(message: string): HttpError {
  return restliError(422, message);
}

/** Turns one MCP into a proposal, or says what is wrong with it. */
export function proposalFromMcp(mcp: unknown, where: string): Proposal {
  if (!isObject(mcp)) throw invalid(`${where} must be a metadata change proposal object; found ${describe(mcp)}.`);
  const { entityType, entityUrn, changeType, aspectName } = mcp;
  if (typeof entityUrn !== 'string') throw invalid(`${where}.entityUrn must be the URN string of the entity; found ${describe(entityUrn)}.`);
  if (typeof entityType !== 'string') throw invalid(`${where}.entityType must name the entity type (e.g. "dataset"); found ${describe(entityType)}.`);
  if (typeof changeType !== 'string') throw invalid(`${where}.changeType must be UPSERT, CREATE, CREATE_ENTITY, PATCH or DELETE; found ${describe(changeType)}.`);
  if (typeof aspectName !== 'string') throw invalid(`${where}.aspectName must name the aspect (e.g. "upstreamLineage"); found ${describe(aspectName)}.`);
  const base = { urn: entityUrn, entityType, aspectName };
  if (changeType === 'DELETE') return { kind: 'delete', ...base };
  const aspect = mcp.aspect;
  if (!isObject(aspect) || typeof aspect.value !== 'string') {
    throw invalid(`${where}.aspect must be {"value": "<the aspect as a JSON string>", "contentType": "application/json"}; found ${describe(aspect)}.`);
  }
  const contentType = aspect.contentType ?? 'application/json';
  if (contentType !== 'application/json' && contentType !== 'application/json-patch+json') {
    throw invalid(`${where}.aspect.contentType ${describe(contentType)} is not supported; use application/json.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(aspect.value) as unknown;
  } catch (error) {
    throw invalid(`${where}.aspect.value is not valid JSON (${describeError(error)}); it must be the aspect serialised as a JSON string.`);
  }
  const shapeProblem = jsonShapeMessage(value, `${where}.aspect.value`);
  if (shapeProblem) throw invalid(shapeProblem);
  switch (changeType) {
    case 'UPSERT':
    case 'UPDATE':
    case 'RESTATE':
      return { kind: 'set', ...base, value };
    case 'CREATE':
      return { kind: 'set', ...base, value, create: 'aspect' };
    case 'CREATE_ENTITY':
      return { kind: 'set', ...base, value, create: 'entity' };
    case 'PATCH':
      return { kind: 'patch', ...base, patch: value };
    default:
      throw invalid(`${where}.changeType "${changeType}" is not supported; use UPSERT, CREATE, CREATE_ENTITY, PATCH or DELETE.`);
  }
}

function ingest(store: CatalogStore, proposals: Proposal[]): void {
  try {
    applyProposals(store, proposals);
  } catch (error) {
    if (error instanceof WriteRejected) {
      const prefix = proposals.length > 1 ? `proposals[${error.index}] (${proposals[error.index].urn}): ` : '';
      throw invalid(`${prefix}${error.message}`);
    }
    throw error;
  }
}

export function ingestRoutes(options: { store: CatalogStore; bodyLimitBytes: number }): Route[] {
  const { store, bodyLimitBytes } = options;
  return [
    {
      method: 'POST',
      pattern: '/aspects',
      access: 'tokenUnlessLoopback',
      handler: async (ctx: RequestContext) => {
        const action = ctx.query.get('action');
        if (action !== 'ingestProposal' && action !== 'ingestProposalBatch') {
          throw restliError(400, `Unknown action ${describe(action)} on /aspects; use ?action=ingestProposal or ?action=ingestProposalBatch.`);
        }
        const body = await readJsonBody(ctx.req, ['application/json'], bodyLimitBytes).catch((error: unknown) => {
          if (error instanceof HttpError && error.body) throw restliError(error.status, String(error.body.message ?? error.message));
          throw error;
        });
        if (!isObject(body)) throw restliError(400, 'The body must be a JSON object with "proposal" (or "proposals" for a batch).');
        if (action === 'ingestProposal') {
          const proposal = proposalFromMcp(body.proposal, 'proposal');
          ingest(store, [proposal]);
          sendJson(ctx.res, 200, { value: proposal.urn });
          return;
        }
        if (!Array.isArray(body.proposals)) throw restliError(400, 'ingestProposalBatch needs "proposals": a list of metadata change proposals.');
        const proposals = body.proposals.map((mcp, index) => proposalFromMcp(mcp, `proposals[${index}]`));
        ingest(store, proposals);
        sendJson(ctx.res, 200, { value: proposals.map((p) => p.urn) });
      },
    },
  ];
}
