import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addTo, removeFrom, valuesOf, type ValuesByKey } from '../../../core/pending/valuesByKey';
import { seededRandom } from '../../../support/random';

test('values by key hold what a map of sets holds, over random adds and removes, and forget a key with no value left', () => {
  const random = seededRandom(4301);
  const map: ValuesByKey = new Map();
  const sets = new Map<string, Set<string>>();
  for (let step = 0; step < 5_000; step++) {
    const key = `k${random.int(8)}`;
    const value = `v${random.int(4)}`;
    if (random.int(2) === 0) {
      addTo(map, key, value);
      sets.set(key, (sets.get(key) ?? new Set()).add(value));
    } else {
      removeFrom(map, key, value);
      sets.get(key)?.delete(value);
      if (sets.get(key)?.size === 0) sets.delete(key);
    }
    assert.deepEqual([...map.keys()].sort(), [...sets.keys()].sort(), `step ${step}`);
    for (const [k, values] of sets) assert.deepEqual(valuesOf(map, k).sort(), [...values].sort(), `step ${step}, ${k}`);
  }
  assert.deepEqual(valuesOf(map, 'absent'), []);
});

test('a key with one value keeps the value itself, not a set', () => {
  const map: ValuesByKey = new Map();
  addTo(map, 'orders', 'file:///a.yaml');
  addTo(map, 'orders', 'file:///a.yaml');
  assert.equal(map.get('orders'), 'file:///a.yaml');
  addTo(map, 'orders', 'file:///b.yaml');
  assert.deepEqual(valuesOf(map, 'orders'), ['file:///a.yaml', 'file:///b.yaml']);
});
