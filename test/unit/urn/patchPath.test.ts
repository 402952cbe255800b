/**
 * Legacy URL-encoded keys in JSON-Patch paths (`/upstreams/urn%3Ali%3A...`, written by older DataHub
 * clients; GMS decodes and applies them) name the decoded URN; JSON Pointer escapes are undone too.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeLegacyUrnKey, urnOfPatchPathKey } from '../../../core/urn';
import { EMPTY_DEFINITIONS } from '../../../core/definitions/types';
import { factsOfKind } from '../../../core/model/facts';
import { validateDocument } from '../../../core/validate';
import { documentOf } from '../features/helpers';

const UPSTREAM = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.raw_orders,PROD)';

describe('urnOfPatchPathKey', () => {
  it('decodes a URL-encoded URN key', () => {
    assert.equal(urnOfPatchPathKey(encodeURIComponent(UPSTREAM)), UPSTREAM);
    assert.equal(urnOfPatchPathKey('urn%3ali%3atag%3apii'), 'urn:li:tag:pii');
  });
  it("keeps DataHub's own %2C %28 %29 escapes inside a plain URN key", () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.a%2Cb,PROD)';
    assert.equal(urnOfPatchPathKey(urn), urn);
  });
  it('undoes JSON Pointer escapes', () => {
    assert.equal(urnOfPatchPathKey('urn:li:dataset:(urn:li:dataPlatform:s3,bucket~1path~0x,PROD)'), 'urn:li:dataset:(urn:li:dataPlatform:s3,bucket/path~x,PROD)');
  });
  it('leaves a malformed encoding as written (the URN check then reports it)', () => {
    assert.equal(urnOfPatchPathKey('urn%3Ali%3Atag%3A%E2%28'), 'urn%3Ali%3Atag%3A%E2%28');
  });
});

describe('a PATCH aspect with a URL-encoded upstream key', () => {
  const uri = 'file:///w/patch.json';
  const text = JSON.stringify(
    [
      {
        entityType: 'dataset',
        entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)',
        changeType: 'PATCH',
        aspectName: 'upstreamLineage',
        aspect: { json: [{ op: 'add', path: `/upstreams/${encodeURIComponent(UPSTREAM)}`, value: { dataset: UPSTREAM, type: 'TRANSFORMED' } }] },
      },
    ],
    null,
    2,
  );

  it('names the decoded upstream and raises no URN error', () => {
    const document = documentOf(uri, text);
    const refs = factsOfKind(document.model, 'entityRef').map((f) => f.urn);
    assert.ok(refs.includes(UPSTREAM), JSON.stringify(refs));
    assert.ok(!refs.some((urn) => urn.startsWith('urn%3A')), JSON.stringify(refs));
    const errors = validateDocument({ model: document.model, text, definitions: EMPTY_DEFINITIONS }).filter((d) => d.severity === 'error');
    assert.deepEqual(errors, []);
  });
});

describe('decodeLegacyUrnKey', () => {
  it('decodes only a whole URL-encoded URN', () => {
    assert.equal(decodeLegacyUrnKey('urn%3Ali%3Atag%3Apii'), 'urn:li:tag:pii');
    assert.equal(decodeLegacyUrnKey('urn:li:tag:a%2Cb'), 'urn:li:tag:a%2Cb');
    assert.equal(decodeLegacyUrnKey('name%3Ax'), 'name%3Ax');
  });
});
