import type { Route, RequestContext } from '../http/router';
import { badRequest, notFoundEntity } from '../http/errors';
import { readJsonBody } from '../http/body';
import { sendEmpty, sendJson } from '../http/respond';
import type { AspectVersion, CatalogStore, JsonObject } from '../store/types';
import { applyProposals, WriteRejected, type Proposal } from '../writes/prepareWrites';
import { resolveAspectName, aspectNamesOf } from '../writes/aspectRegistry';
import { canonicalEntityType, checkUrn, isObject } from '../validation/urns';
import { visibleAspectValue } from '../softDelete';
import { aspectEnvelope, entityEnvelope, systemMetadataOf } from './entityView';
import { openApiRejection } from './rejectedWrite';
import { aspectNamesParam, booleanParam, decodeScrollId, encodeScrollId, integerParam } from './params';

/**
 * OpenAPI v2 entity endpoints (spec §4.3, DataHub's GenericEntitiesController): one aspect
 * (GET/HEAD/POST/PATCH/DELETE), one entity (GET/HEAD/DELETE), and list/scroll per entity type.
 */

export const MAX_LIST_COUNT = 1000;
const BASE = '/openapi/v2/entity';
const JSON_TYPES = ['application/json'];
const PATCH_TYPES = ['application/json-patch+json', 'application/json'];

export interface OpenApiOptions {
  store: CatalogStore;
  bodyLimitBytes: number;
}

function entityTypeOf(ctx: RequestContext): string {
  const type = canonicalEntityType(ctx.params.type);
  if (!type) throw badRequest(`Unknown entity type "${ctx.params.type}" in the path. Use a DataHub entity type such as dataset, dataJob or structuredProperty.`);
  return type;
}

/** The URN of the path, checked against the path's entity type. */
function urnOf(ctx: RequestContext): { urn: string; entityType: string } {
  const entityType = entityTypeOf(ctx);
  const urn = ctx.params.urn;
  const checked = checkUrn(urn);
  if (!checked.ok) throw badRequest(`${checked.message}. Percent-encode the whole URN as one path segment.`);
  // As in GMS, the URN's type is found case-insensitively: urn:li:corpUser:x is a corpuser.
  const urnType = canonicalEntityType(checked.urn.entityType) ?? checked.urn.entityType;
  if (urnType !== entityType) {
    throw badRequest(`The path says entity type ${ctx.params.type} but the URN ${urn} is a ${urnType}. Use ${BASE}/${urnType}/... for it.`);
  }
  return { urn, entityType };
}

function aspectOf(ctx: RequestContext, entityType: string): string {
  const name = resolveAspectName(entityType, ctx.params.aspect);
  if (!name) {
    throw badRequest(`Unknown aspect "${ctx.params.aspect}" for entity type ${entityType}. Aspects of ${entityType}: ${aspectNamesOf(entityType).join(', ')}.`);
  }
  return name;
}

export function runWrites(store: CatalogStore, proposals: Proposal[]): ReturnType<typeof applyProposals> {
  try {
    return applyProposals(store, proposals);
  } catch (error) {
    if (error instanceof WriteRejected) {
      const prefix = proposals.length > 1 ? `Item ${error.index}: ` : '';
      throw openApiRejection(error, prefix + error.message);
    }
    throw error;
  }
}

export function openApiRoutes(options: OpenApiOptions): Route[] {
  return [...entityTypeRoutes(options), ...entityRoutes(options), ...aspectRoutes(options)];
}

function route(method: string, pattern: string, handler: (ctx: RequestContext) => Promise<void> | void): Route {
  return { method, pattern: `${BASE}${pattern}`, access: 'tokenUnlessLoopback', handler };
}

/** /:type: list the entities of a type, write a batch of them. */
function entityTypeRoutes({ store, bodyLimitBytes }: OpenApiOptions): Route[] {
  return [
    route('GET', '/:type', (ctx) => listEntities(ctx, store, entityTypeOf(ctx))),
    route('POST', '/:type', async (ctx) => {
      const entityType = entityTypeOf(ctx);
      const body = await readJsonBody(ctx.req, JSON_TYPES, bodyLimitBytes);
      const proposals = batchProposals(body, entityType);
      runWrites(store, proposals);
      const urns = [...new Set(proposals.map((p) => p.urn))];
      const withSystemMetadata = booleanParam(ctx.query, 'systemMetadata', false);
      const results = urns.map((urn) => entityEnvelope(store, urn, proposals.filter((p) => p.urn === urn).map((p) => ('aspectName' in p ? p.aspectName : '')), withSystemMetadata));
      sendJson(ctx.res, booleanParam(ctx.query, 'async', true) ? 202 : 200, results);
    }),
  ];
}

/** /:type/:urn: read, test for and delete one entity. */
function entityRoutes({ store }: OpenApiOptions): Route[] {
  return [
    route('GET', '/:type/:urn', (ctx) => {
      const { urn } = urnOf(ctx);
      if (!store.entityExists(urn)) throw notFoundEntity();
      sendJson(ctx.res, 200, entityEnvelope(store, urn, aspectNamesParam(ctx.query), booleanParam(ctx.query, 'systemMetadata', false)));
    }),
    route('HEAD', '/:type/:urn', (ctx) => {
      const { urn } = urnOf(ctx);
      if (!store.entityExists(urn)) throw notFoundEntity();
      sendEmpty(ctx.res, 204);
    }),
    route('DELETE', '/:type/:urn', (ctx) => {
      const { urn, entityType } = urnOf(ctx);
      const only = aspectNamesParam(ctx.query);
      const proposals: Proposal[] = only.length > 0 ? only.map((aspectName) => ({ kind: 'delete', urn, entityType, aspectName })) : [{ kind: 'deleteEntity', urn, entityType }];
      runWrites(store, proposals);
      sendEmpty(ctx.res, 200);
    }),
  ];
}

/** /:type/:urn/:aspect: read (at a version), test for, write, patch and delete one aspect. */
function aspectRoutes({ store, bodyLimitBytes }: OpenApiOptions): Route[] {
  return [
    route('GET', '/:type/:urn/:aspect', (ctx) => getAspect(store, ctx, false)),
    route('HEAD', '/:type/:urn/:aspect', (ctx) => getAspect(store, ctx, true)),
    route('POST', '/:type/:urn/:aspect', async (ctx) => {
      const { urn, entityType } = urnOf(ctx);
      const aspectName = aspectOf(ctx, entityType);
      const value = await readJsonBody(ctx.req, JSON_TYPES, bodyLimitBytes);
      const createEntity = booleanParam(ctx.query, 'createIfEntityNotExists', false);
      // DataHub defaults createIfNotExists to true, which makes a plain POST to an existing aspect
      // fail; the spec's plain POSTs replace, so here only an explicit `true` asks for create-only.
      const createAspect = booleanParam(ctx.query, 'createIfNotExists', false);
      const create = createEntity ? 'entity' : createAspect ? 'aspect' : undefined;
      runWrites(store, [{ kind: 'set', urn, entityType, aspectName, value, create }]);
      respondWritten(store, ctx, urn, aspectName);
    }),
    route('PATCH', '/:type/:urn/:aspect', async (ctx) => {
      const { urn, entityType } = urnOf(ctx);
      const aspectName = aspectOf(ctx, entityType);
      const patch = await readJsonBody(ctx.req, PATCH_TYPES, bodyLimitBytes);
      runWrites(store, [{ kind: 'patch', urn, entityType, aspectName, patch }]);
      respondWritten(store, ctx, urn, aspectName);
    }),
    route('DELETE', '/:type/:urn/:aspect', (ctx) => {
      const { urn, entityType } = urnOf(ctx);
      const aspectName = aspectOf(ctx, entityType);
      runWrites(store, [{ kind: 'delete', urn, entityType, aspectName }]);
      sendEmpty(ctx.res, 200);
    }),
  ];
}

function getAspect(store: CatalogStore, ctx: RequestContext, head: boolean): void {
  const { urn, entityType } = urnOf(ctx);
  const aspectName = aspectOf(ctx, entityType);
  const record = store.getAspect(urn, aspectName);
  if (!record) throw notFoundEntity();
  if (head) return sendEmpty(ctx.res, 204);
  const version = integerParam(ctx.query, 'version', 0, 0, Number.MAX_SAFE_INTEGER);
  const withSystemMetadata = booleanParam(ctx.query, 'systemMetadata', false);
  if (version === 0 || version === record.version) return sendJson(ctx.res, 200, aspectEnvelope(store, record, withSystemMetadata));
  const old = historyOf(store, urn, aspectName).find((entry) => entry.version === version);
  if (!old || old.value === null) throw notFoundEntity();
  const body: JsonObject = { value: visibleAspectValue(store, aspectName, old.value) };
  if (withSystemMetadata) body.systemMetadata = systemMetadataOf({ ...record, version: old.version, writtenAt: old.writtenAt, value: old.value });
  sendJson(ctx.res, 200, body);
}

/** The answer to a write of one aspect: the aspect as it now is. */
function respondWritten(store: CatalogStore, ctx: RequestContext, urn: string, aspectName: string): void {
  const withSystemMetadata = booleanParam(ctx.query, 'systemMetadata', false);
  const record = store.getAspect(urn, aspectName);
  const aspects: JsonObject = {};
  if (record) aspects[aspectName] = aspectEnvelope(store, record, withSystemMetadata);
  sendJson(ctx.res, booleanParam(ctx.query, 'async', false) ? 202 : 200, { urn, aspects });
}

function historyOf(store: CatalogStore, urn: string, aspectName: string): AspectVersion[] {
  return store.history?.(urn, aspectName) ?? [];
}

function listEntities(ctx: RequestContext, store: CatalogStore, entityType: string): void {
  const count = integerParam(ctx.query, 'count', 10, 0, MAX_LIST_COUNT);
  const start = decodeScrollId(ctx.query.get('scrollId'));
  const query = ctx.query.get('query') ?? '*';
  const includeSoftDelete = booleanParam(ctx.query, 'includeSoftDelete', false);
  const withSystemMetadata = booleanParam(ctx.query, 'systemMetadata', false);
  const page = store.listEntities(entityType, { start, count, query, excludeSoftDeleted: !includeSoftDelete });
  const aspectNames = aspectNamesParam(ctx.query);
  const results = page.urns.map((urn) => entityEnvelope(store, urn, aspectNames, withSystemMetadata));
  const next = start + page.urns.length;
  const body: JsonObject = { results, totalCount: page.total };
  if (next < page.total && page.urns.length > 0) body.scrollId = encodeScrollId(next);
  sendJson(ctx.res, 200, body);
}

/** v2 batch body: `[{"urn": ..., "aspects": {"<name>": {"value": {...}}}}]`. */
function batchProposals(body: unknown, entityType: string): Proposal[] {
  if (!Array.isArray(body)) throw badRequest('The body must be a list of {"urn": ..., "aspects": {"<aspectName>": {"value": {...}}}}.');
  const proposals: Proposal[] = [];
  body.forEach((item, index) => {
    if (!isObject(item) || typeof item.urn !== 'string' || !isObject(item.aspects)) {
      throw badRequest(`Item ${index} must be {"urn": ..., "aspects": {"<aspectName>": {"value": {...}}}}.`);
    }
    for (const [aspectName, envelope] of Object.entries(item.aspects)) {
      if (!isObject(envelope) || !('value' in envelope)) throw badRequest(`Item ${index}: aspect ${aspectName} must be written {"value": {...}}.`);
      proposals.push({ kind: 'set', urn: item.urn, entityType, aspectName, value: envelope.value });
    }
  });
  return proposals;
}
