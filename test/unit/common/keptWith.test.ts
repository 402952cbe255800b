import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { KeptWith } from '../../../core/common/keptWith';
import { factsOfKind, type DocumentModel } from '../../../core/model/facts';

test('a value kept with an object is its own: read back, replaced, never seen by its keys, JSON, deep equality or a copy', () => {
  const kept = new KeptWith<object, string[]>('test');
  const owner = { uri: 'file:///a.yaml', facts: [] as unknown[] };
  assert.equal(kept.get(owner), undefined);
  kept.set(owner, ['one']);
  assert.deepEqual(kept.get(owner), ['one']);
  kept.set(owner, ['two']);
  assert.deepEqual(kept.get(owner), ['two']);
  assert.deepEqual(Object.keys(owner), ['uri', 'facts']);
  assert.deepEqual(Object.getOwnPropertySymbols(owner).filter((key) => Object.getOwnPropertyDescriptor(owner, key)?.enumerable), []);
  assert.equal(JSON.stringify(owner), '{"uri":"file:///a.yaml","facts":[]}');
  assert.deepStrictEqual(owner, { uri: 'file:///a.yaml', facts: [] });
  assert.equal(kept.get({ ...owner }), undefined, 'a copy starts without it');
  // Two memos over the same objects keep apart.
  const other = new KeptWith<object, string[]>('test');
  assert.equal(other.get(owner), undefined);
});

test('a value kept with an object goes with it, even when the value holds the object', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const kept = new KeptWith<object, { owner: object }>('test');
  let collected = false;
  const registry = new FinalizationRegistry(() => (collected = true));
  (() => {
    const owner = {};
    kept.set(owner, { owner });
    registry.register(owner, 'owner');
  })();
  for (let i = 0; i < 50 && !collected; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.equal(collected, true);
});

test('the facts of a kind are listed again for a copy of a model with other facts', () => {
  const declaration = (urn: string) => ({ kind: 'entityDeclaration', urn: { value: urn, range: { start: 0, end: 1 } }, range: { start: 0, end: 1 } });
  const model = { uri: 'file:///a.yaml', format: 'datasetYaml', detectedBy: 'content', facts: [declaration('urn:li:corpuser:a')], parseProblems: [] } as unknown as DocumentModel;
  assert.equal(factsOfKind(model, 'entityDeclaration').length, 1);
  const copy = { ...model, facts: [...model.facts, declaration('urn:li:corpuser:b')] } as DocumentModel;
  assert.equal(factsOfKind(copy, 'entityDeclaration').length, 2);
  assert.equal(factsOfKind(model, 'entityDeclaration').length, 1);
});
