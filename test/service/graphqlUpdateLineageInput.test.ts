import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore, type SqliteCatalogStore } from '../../service/store/sqliteStore';
import { applyUpdateLineage, LineageUpdateError } from '../../service/lineage/updateLineage';

/**
 * applyUpdateLineage called without GraphQL (the seed loader reads updateLineage documents from
 * files): the raw input is checked as the schema would, and errors carry a code and the URN.
 */

let dataDir: string;
let store: SqliteCatalogStore;
const a = 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)';
const b = 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)';
const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,missing,PROD)';

before(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'update-lineage-'));
  store = openStore(dataDir);
  store.apply([a, b].map((urn) => ({ urn, aspectName: 'status', value: { removed: false } })));
});
after(() => {
  store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function refusal(input: unknown): LineageUpdateError {
  try {
    applyUpdateLineage(store, input as { edgesToAdd: unknown; edgesToRemove: unknown });
  } catch (error) {
    assert.ok(error instanceof LineageUpdateError, String(error));
    return error;
  }
  assert.fail('the update should have been refused');
}

test('both lists are required', () => {
  const error = refusal({ edgesToAdd: [] });
  assert.equal(error.code, 'BAD_REQUEST');
  assert.match(error.message, /edgesToRemove/);
});

test('an edge without both URNs, or with a non-URN, is refused naming where it is', () => {
  assert.match(refusal({ edgesToAdd: [{ downstreamUrn: a }], edgesToRemove: [] }).message, /edgesToAdd\[0\]\.upstreamUrn is missing/);
  assert.match(refusal({ edgesToAdd: [], edgesToRemove: ['x'] }).message, /edgesToRemove\[0\] must be an object/);
  assert.match(refusal({ edgesToAdd: [{ downstreamUrn: a, upstreamUrn: 'b' }], edgesToRemove: [] }).message, /"b" is not a valid URN/);
});

test('a missing entity is NOT_FOUND and names the URN; an edge to itself is refused', () => {
  const error = refusal({ edgesToAdd: { downstreamUrn: a, upstreamUrn: missing }, edgesToRemove: [] });
  assert.equal(error.code, 'NOT_FOUND');
  assert.ok(error.message.includes(missing));
  assert.deepEqual(error.extensions, { code: 400, type: 'BAD_REQUEST' });
  assert.match(refusal({ edgesToAdd: [{ downstreamUrn: a, upstreamUrn: a }], edgesToRemove: [] }).message, /its own upstream/);
});

test('a single edge object stands for a list, and the edge lands in the lineage index', () => {
  applyUpdateLineage(store, { edgesToAdd: { downstreamUrn: b, upstreamUrn: a }, edgesToRemove: [] }, { actor: 'urn:li:corpuser:seed', now: () => 42 });
  assert.deepEqual(store.lineage.upstreamsOf(b), [a]);
  const upstreams = store.getAspect(b, 'upstreamLineage')?.value.upstreams as { auditStamp: unknown }[];
  assert.deepEqual(upstreams[0].auditStamp, { time: 42, actor: 'urn:li:corpuser:seed' });
  applyUpdateLineage(store, { edgesToAdd: [], edgesToRemove: { downstreamUrn: b, upstreamUrn: a } });
  assert.deepEqual(store.lineage.upstreamsOf(b), []);
});
