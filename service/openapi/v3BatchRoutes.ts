import { readJsonBody } from '../http/body';
import { badRequest } from '../http/errors';
import { sendEmpty, sendJson } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import type { CatalogStore, JsonObject } from '../store/types';
import { canonicalEntityType, checkUrn, isObject } from '../validation/urns';
import { resolveAspectName, aspectNamesOf } from '../writes/aspectRegistry';
import { applyProposals, WriteRejected, type Proposal } from '../writes/prepareWrites';
import { aspectEnvelope } from './entityView';
import { booleanParam } from './params';
import { openApiRejection } from './rejectedWrite';

/**
 * DataHub's OpenAPI v3 batch writes of one entity type
 * (metadata-service/openapi-servlet/.../openapi/controller/GenericEntitiesController.java
 * `createEntity`, "Create a batch of entities", and .../openapi/v3/controller/EntityController.java
 * `patchEntity` / `toMCPBatch`):
 *
 * - `POST /openapi/v3/entity/{entityName}`: `[{"urn": ..., "<aspectName>": {"value": {...}}}]`, each
 *   aspect an UPSERT;
 * - `PATCH /openapi/v3/entity/{entityName}`: the same list with `{"value": {"patch": [...],
 *   "arrayPrimaryKeys"?: {...}}}` per aspect.
 *
 * Both take `async` (default true, 202) and `systemMetadata`; with `async=false` the answer is
 * 200 and the written aspects of every entity, `[{"urn": ..., "<aspectName>": {"value": ...}}]`.
 * As in DataHub, a batch is ingested as one unit: one rejected item rejects the request, and the
 * error names the item, so nothing is ever written in part.
 */

const BASE = '/openapi/v3/entity';
const JSON_TYPES = ['application/json'];
const PATCH_TYPES = ['application/json-patch+json', 'application/json'];

export interface V3BatchOptions {
  store: CatalogStore;
  bodyLimitBytes: number;
}

interface BatchItem {
  urn: string;
  aspectNames: string[];
}

export function openApiV3BatchRoutes({ store, bodyLimitBytes }: V3BatchOptions): Route[] {
  const write = (kind: 'set' | 'patch') => async (ctx: RequestContext) => {
    const entityType = canonicalEntityType(ctx.params.type);
    if (!entityType) throw badRequest(`Unknown entity type "${ctx.params.type}" in the path. Use a DataHub entity type such as dataset or structuredProperty.`);
    const body = await readJsonBody(ctx.req, kind === 'set' ? JSON_TYPES : PATCH_TYPES, bodyLimitBytes);
    const { items, proposals, itemOfProposal } = proposalsOf(body, entityType, kind);
    try {
      applyProposals(store, proposals);
    } catch (error) {
      if (!(error instanceof WriteRejected)) throw error;
      const item = items[itemOfProposal[error.index]];
      throw openApiRejection(error, `Entity ${itemOfProposal[error.index]} (${item.urn}): ${error.message} Nothing of this batch was written.`);
    }
    const async = booleanParam(ctx.query, 'async', true);
    if (async && kind === 'patch') return sendEmpty(ctx.res, 202);
    const withSystemMetadata = booleanParam(ctx.query, 'systemMetadata', false);
    sendJson(ctx.res, async ? 202 : 200, written(store, items, withSystemMetadata));
  };
  return [
    { method: 'POST', pattern: `${BASE}/:type`, access: 'tokenUnlessLoopback', handler: write('set') },
    { method: 'PATCH', pattern: `${BASE}/:type`, access: 'tokenUnlessLoopback', handler: write('patch') },
  ];
}

/** One entry per entity of the request (in request order, a repeated URN once) with its written aspects. */
function written(store: CatalogStore, items: BatchItem[], withSystemMetadata: boolean): JsonObject[] {
  const byUrn = new Map<string, Set<string>>();
  for (const item of items) {
    const names = byUrn.get(item.urn) ?? new Set<string>();
    for (const name of item.aspectNames) names.add(name);
    byUrn.set(item.urn, names);
  }
  return [...byUrn].map(([urn, names]) => {
    const entity: JsonObject = { urn };
    for (const name of names) {
      const record = store.getAspect(urn, name);
      if (record) entity[name] = aspectEnvelope(store, record, withSystemMetadata);
    }
    return entity;
  });
}

const SHAPE = 'The body must be a list of {"urn": "<urn>", "<aspectName>": {"value": {...}}}';

function proposalsOf(body: unknown, entityType: string, kind: 'set' | 'patch'): { items: BatchItem[]; proposals: Proposal[]; itemOfProposal: number[] } {
  if (!Array.isArray(body)) throw badRequest(`${SHAPE}.`);
  const items: BatchItem[] = [];
  const proposals: Proposal[] = [];
  const itemOfProposal: number[] = [];
  body.forEach((entry: unknown, index) => {
    if (!isObject(entry) || typeof entry.urn !== 'string') throw badRequest(`Entity ${index}: missing \`urn\` field. ${SHAPE}.`);
    const urn = entry.urn;
    const checked = checkUrn(urn);
    if (!checked.ok) throw badRequest(`Entity ${index}: ${checked.message}.`);
    if (checked.urn.entityType !== entityType) {
      throw badRequest(`Entity ${index}: ${urn} is a ${checked.urn.entityType}, but the path says ${entityType}. Send it to ${BASE}/${checked.urn.entityType}.`);
    }
    const aspectNames: string[] = [];
    for (const [key, envelope] of Object.entries(entry)) {
      if (key === 'urn') continue;
      const aspectName = resolveAspectName(entityType, key);
      if (!aspectName) throw badRequest(`Entity ${index}: unknown aspect "${key}" for entity type ${entityType}. Aspects of ${entityType}: ${aspectNamesOf(entityType).join(', ')}.`);
      if (!isObject(envelope) || !isObject(envelope.value)) throw badRequest(`Entity ${index}: aspect ${key} must be written {"value": {...}}.`);
      if (kind === 'patch' && !Array.isArray(envelope.value.patch)) throw badRequest(`Entity ${index}: aspect ${key}: missing \`patch\` field (a list of JSON Patch operations).`);
      aspectNames.push(aspectName);
      itemOfProposal.push(index);
      proposals.push(kind === 'set' ? { kind: 'set', urn, entityType, aspectName, value: envelope.value } : { kind: 'patch', urn, entityType, aspectName, patch: envelope.value });
    }
    items.push({ urn, aspectNames });
  });
  return { items, proposals, itemOfProposal };
}
