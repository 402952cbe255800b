import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RowBlocks } from '../../../core/mentions/rowBlocks';

test("records' rows share blocks, each view holding exactly its own rows, across a block's end", () => {
  const blocks = new RowBlocks();
  const given: number[][] = [];
  const views: Int32Array[] = [];
  // 300,000 ints in rows of 3 to 999: more than one 1 MB block.
  for (let i = 0, total = 0; total < 300_000; i++) {
    const rows = Array.from({ length: 3 + ((i * 37) % 997) }, (_, k) => i * 7 + k - 50);
    given.push(rows);
    views.push(blocks.of(rows));
    total += rows.length;
  }
  views.forEach((view, i) => assert.deepEqual(Array.from(view), given[i], `rows ${i}`));
  assert.ok(views[1].buffer === views[0].buffer, 'the first rows share a block');
  assert.ok(views[views.length - 1].buffer !== views[0].buffer, 'a new block once the first is full');
});

test('long rows get an array of their own, and an empty row list is an empty view', () => {
  const blocks = new RowBlocks();
  const long = Array.from({ length: 20_000 }, (_, k) => k);
  const view = blocks.of(long);
  assert.equal(view.buffer.byteLength, 20_000 * 4);
  assert.deepEqual(Array.from(view), long);
  assert.equal(blocks.of([]).length, 0);
});
