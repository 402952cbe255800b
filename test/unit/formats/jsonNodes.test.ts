import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseJson } from '../../../core/formats/jsonTree';
import { shortStrings } from '../../../core/formats/shortStrings';
import { forEachScalar, type DocNode } from '../../../core/formats/tree';

/** Every node and map entry of a tree. */
function* walk(node: DocNode): Generator<DocNode | { range: unknown }> {
  yield node;
  if (node.type === 'seq') for (const item of node.items) yield* walk(item);
  if (node.type === 'map')
    for (const entry of node.entries) {
      yield entry;
      yield* walk(entry.key);
      yield* walk(entry.value);
    }
}

describe('JSON nodes make their ranges when asked', () => {
  it('give the same range object every time, so facts that share a range share it (incremental shifts move it once)', () => {
    const text = JSON.stringify({ a: [1, 'two', { b: null, 'c\\"d': true }], e: 'urn:li:corpuser:x' }, null, 2);
    const { root } = parseJson(text, { allowComments: false });
    assert.ok(root);
    for (const node of walk(root)) {
      assert.equal(node.range, node.range);
      assert.deepEqual(Object.keys(node.range as object), ['start', 'end'], 'a plain {start, end}, like an eagerly built range');
    }
    forEachScalar(root, (scalar) => {
      assert.equal(scalar.inner, scalar.inner);
      if (typeof scalar.value !== 'string') assert.equal(scalar.inner, scalar.range, 'a literal’s inner range is its range');
    });
  });

  it('map offsets of JSON held inside a string at the moment they are asked, the same as an eager map', () => {
    const { root } = parseJson('{"k": [10, "x"]}', { allowComments: false, mapOffset: (offset) => offset * 2 + 100 });
    assert.ok(root?.type === 'map');
    assert.deepEqual(root.range, { start: 100, end: 132 });
    const list = root.entries[0].value;
    assert.ok(list.type === 'seq');
    assert.deepEqual(list.items[1].range, { start: 122, end: 128 });
    assert.deepEqual(list.items[1].type === 'scalar' && list.items[1].inner, { start: 124, end: 126 });
  });
});

describe('short strings shared between reads', () => {
  // Which string object is handed out cannot be observed from JavaScript; what matters is the value.
  it('give exactly the slice of the text, for any text and any span', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 20 }), fc.nat(), fc.nat()), { minLength: 1, maxLength: 50 }), (cases) => {
        for (const [text, a, b] of cases) {
          const from = a % (text.length + 1);
          const to = from + (b % (text.length - from + 1));
          assert.equal(shortStrings.of(text, from, to), text.slice(from, to));
        }
      }),
      { numRuns: 300 },
    );
  });
});
