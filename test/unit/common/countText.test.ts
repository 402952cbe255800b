import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countText } from '../../../core/common/countText';
import { seededRandom } from '../../../support/random';

test("a count reads as toLocaleString('en-US') writes it: 0, 999, 1,000, 100,002, negative and the largest safe integers", () => {
  const random = seededRandom(4401);
  const samples = [0, 1, 12, 999, 1_000, 1_001, 99_999, 100_002, 1_000_000, -1, -1_234, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2.5, Infinity];
  for (let i = 0; i < 2_000; i++) samples.push(random.int(10 ** (1 + (i % 15))));
  for (const n of samples) assert.equal(countText(n), n.toLocaleString('en-US'), String(n));
});
