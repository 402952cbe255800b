import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { closestMatches, editDistance, FABRIC_TYPES, KNOWN_PLATFORMS, ENTITY_TYPE_NAMES } from '../../../core/urn';

describe('closestMatches', () => {
  it('case differences first: prod → PROD', () => assert.equal(closestMatches('prod', FABRIC_TYPES)[0], 'PROD'));
  it('a swapped pair counts as one edit: PORD → PROD', () => assert.equal(closestMatches('PORD', FABRIC_TYPES)[0], 'PROD'));
  it('a missing letter: snowflak → snowflake', () => assert.deepEqual(closestMatches('snowflak', KNOWN_PLATFORMS), ['snowflake']));
  it('a prefix of three or more letters: postg → postgres', () => assert.equal(closestMatches('postg', KNOWN_PLATFORMS)[0], 'postgres'));
  it('entity type case: Dataset → dataset, schemafield → schemaField', () => {
    assert.equal(closestMatches('Dataset', ENTITY_TYPE_NAMES)[0], 'dataset');
    assert.equal(closestMatches('schemafield', ENTITY_TYPE_NAMES)[0], 'schemaField');
  });
  it('nothing plausible gives nothing', () => {
    assert.deepEqual(closestMatches('LIVE', FABRIC_TYPES), []);
    assert.deepEqual(closestMatches('zzzzzz', KNOWN_PLATFORMS), []);
  });
  it('respects max and never repeats a candidate', () => {
    assert.equal(closestMatches('a', ['b', 'c', 'd', 'e'], 2).length, 2);
    assert.deepEqual(closestMatches('ab', ['ab', 'ab']), ['ab']);
    assert.deepEqual(closestMatches('ab', ['ab'], 0), []);
  });
  it('editDistance', () => {
    assert.equal(editDistance('', 'abc'), 3);
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.equal(editDistance('ab', 'ba'), 1);
    assert.equal(editDistance('same', 'same'), 0);
  });
});
