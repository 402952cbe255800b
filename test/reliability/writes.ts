import { isDeepStrictEqual } from 'node:util';

/**
 * Writes through every write path of the local catalog (OpenAPI POST, PATCH and status, Rest.li
 * ingestProposal and ingestProposalBatch, GraphQL updateLineage), each to entities no other write
 * touches, with a ledger of what each write should leave behind. A write is "acknowledged" when it
 * answered 2xx. Verification reads everything back: acknowledged writes must be there in full; any
 * other write must be there in full or not at all (a batch never half-written).
 */

export type WritePath = 'definition' | 'values' | 'patch' | 'status' | 'ingest' | 'ingestBatch' | 'updateLineage';
export const WRITE_PATHS: readonly WritePath[] = ['definition', 'values', 'patch', 'status', 'ingest', 'ingestBatch', 'updateLineage'];

/** One aspect a write leaves: read at `path`, its value must contain `expected`. */
export interface AspectCheck {
  path: string;
  expected: unknown;
}

export interface WriteRecord {
  id: string;
  path: WritePath;
  checks: AspectCheck[];
  acknowledged: boolean;
}

const E = '/openapi/v2/entity';
const enc = encodeURIComponent;
export const SHARED_PROPERTY = 'io.crash.label';
const PROPERTY_URN = `urn:li:structuredProperty:${SHARED_PROPERTY}`;
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const aspectPath = (type: string, urn: string, aspect: string) => `${E}/${type}/${enc(urn)}/${aspect}`;

export interface HttpRequest {
  method: string;
  path: string;
  body: unknown;
  contentType?: string;
}

/** The request(s) of one write and what they leave; updateLineage first creates its two datasets. */
export interface PlannedWrite {
  record: WriteRecord;
  requests: HttpRequest[];
}

const mcp = (urn: string, aspectName: string, value: unknown) => ({ entityType: 'dataset', entityUrn: urn, changeType: 'UPSERT', aspectName, aspect: { value: JSON.stringify(value), contentType: 'application/json' } });

export function definitionOf(id: string): Record<string, unknown> {
  return { qualifiedName: id, displayName: id, valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:service.dataset'] };
}

/** The write that every `values` and `patch` write needs first. */
export function setupWrite(): HttpRequest {
  return { method: 'POST', path: aspectPath('structuredProperty', PROPERTY_URN, 'propertyDefinition'), body: definitionOf(SHARED_PROPERTY) };
}

export function planWrite(path: WritePath, id: string): PlannedWrite {
  const name = `crash.${id.replace(/[^a-z0-9_]/gi, '_')}`;
  const record = (checks: AspectCheck[]): WriteRecord => ({ id, path, checks, acknowledged: false });
  switch (path) {
    case 'definition': {
      const value = definitionOf(`io.${name}`);
      const p = aspectPath('structuredProperty', `urn:li:structuredProperty:io.${name}`, 'propertyDefinition');
      return { record: record([{ path: p, expected: value }]), requests: [{ method: 'POST', path: p, body: value }] };
    }
    case 'values': {
      const value = { properties: [{ propertyUrn: PROPERTY_URN, values: [{ string: id }] }] };
      const p = aspectPath('dataset', ds(name), 'structuredProperties');
      return { record: record([{ path: p, expected: value }]), requests: [{ method: 'POST', path: p, body: value }] };
    }
    case 'patch': {
      const p = aspectPath('dataset', ds(name), 'structuredProperties');
      const body = { patch: [{ op: 'add', path: `/properties/${PROPERTY_URN}`, value: { propertyUrn: PROPERTY_URN, values: [{ string: id }] } }], arrayPrimaryKeys: { properties: ['propertyUrn'] } };
      return { record: record([{ path: p, expected: { properties: [{ propertyUrn: PROPERTY_URN, values: [{ string: id }] }] } }]), requests: [{ method: 'PATCH', path: p, body, contentType: 'application/json-patch+json' }] };
    }
    case 'status': {
      const p = `${aspectPath('dataset', ds(name), 'status')}`;
      return { record: record([{ path: p, expected: { removed: true } }]), requests: [{ method: 'POST', path: `${p}?systemMetadata=false`, body: { removed: true } }] };
    }
    case 'ingest': {
      const value = { name, description: `written by ${id}`, customProperties: {} };
      return { record: record([{ path: aspectPath('dataset', ds(name), 'datasetProperties'), expected: value }]), requests: [{ method: 'POST', path: '/aspects?action=ingestProposal', body: { proposal: mcp(ds(name), 'datasetProperties', value) } }] };
    }
    case 'ingestBatch': {
      const members = [0, 1, 2, 3, 4].map((i) => ({ urn: ds(`${name}_${i}`), value: { name: `${name}_${i}`, description: `batch ${id} member ${i}`, customProperties: {} } }));
      return {
        record: record(members.map((m) => ({ path: aspectPath('dataset', m.urn, 'datasetProperties'), expected: m.value }))),
        requests: [{ method: 'POST', path: '/aspects?action=ingestProposalBatch', body: { proposals: members.map((m) => mcp(m.urn, 'datasetProperties', m.value)) } }],
      };
    }
    case 'updateLineage': {
      const down = ds(`${name}_down`);
      const ups = [ds(`${name}_up0`), ds(`${name}_up1`)];
      const create = { method: 'POST', path: '/aspects?action=ingestProposalBatch', body: { proposals: [down, ...ups].map((urn) => mcp(urn, 'status', { removed: false })) } };
      const mutation = {
        method: 'POST',
        path: '/api/graphql',
        body: { query: 'mutation crash($input: UpdateLineageInput!) { updateLineage(input: $input) }', variables: { input: { edgesToAdd: ups.map((upstreamUrn) => ({ downstreamUrn: down, upstreamUrn })), edgesToRemove: [] } } },
      };
      return { record: record([{ path: aspectPath('dataset', down, 'upstreamLineage'), expected: { upstreams: ups.map((dataset) => ({ dataset })) } }]), requests: [create, mutation] };
    }
  }
}

/** Whether `actual` holds everything of `expected` (extra keys allowed; lists compared element by element). */
export function contains(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return false;
    return expected.every((item) => actual.some((candidate) => contains(candidate, item)));
  }
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object') return false;
    return Object.entries(expected).every(([key, value]) => contains((actual as Record<string, unknown>)[key], value));
  }
  return isDeepStrictEqual(actual, expected);
}

export type Fetcher = (request: HttpRequest) => Promise<{ status: number; json: unknown }>;

/** What a record left behind: 'all' of its aspects, 'none', or 'some' (a half-written write). */
export async function presence(fetcher: Fetcher, record: WriteRecord): Promise<{ state: 'all' | 'none' | 'some'; detail: string }> {
  let found = 0;
  const notes: string[] = [];
  for (const check of record.checks) {
    const reply = await fetcher({ method: 'GET', path: check.path, body: undefined });
    if (reply.status === 200 && contains((reply.json as { value?: unknown }).value, check.expected)) found++;
    else if (reply.status === 404) notes.push(`${check.path}: absent`);
    else notes.push(`${check.path}: ${reply.status} ${JSON.stringify(reply.json)?.slice(0, 200)}`);
  }
  const state = found === record.checks.length ? 'all' : found === 0 && notes.every((n) => n.endsWith('absent')) ? 'none' : 'some';
  return { state, detail: notes.join('; ') };
}

/** A small seeded generator, so a failing run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
