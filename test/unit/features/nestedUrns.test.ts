import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { nestedUrns } from '../../../core/features/locate';

/**
 * nestedUrns in one pass gives exactly what the obvious scan gives (each nested URN runs to the
 * first `,` or `)` at its own depth), and a line of 8,000 nested URNs costs one scan (the obvious
 * scan was quadratic: 6.9 s of a blocked language server on hover).
 */

function obvious(urn: string, start: number): { urn: string; range: { start: number; end: number } }[] {
  const out: { urn: string; range: { start: number; end: number } }[] = [];
  for (let i = 1; i < urn.length; i++) {
    if (!urn.startsWith('urn:li:', i)) continue;
    let depth = 0;
    let end = i;
    for (; end < urn.length; end++) {
      const ch = urn[end];
      if (ch === '(') depth++;
      else if (ch === ')') {
        if (depth === 0) break;
        depth--;
      } else if (ch === ',' && depth === 0) break;
    }
    out.push({ urn: urn.slice(i, end), range: { start: start + i, end: start + end } });
  }
  return out;
}

const piece = fc.constantFrom('urn:li:', 'urn:li:dataset:', '(', ')', ',', 'a', 'u', 'urn:li:x:(');

test('nestedUrns equals the obvious scan, and filters by the caret', () => {
  fc.assert(
    fc.property(fc.boolean(), fc.array(piece, { maxLength: 16 }), fc.nat(40), (prefixed, pieces, caret) => {
      const text = (prefixed ? 'urn:li:d:' : '') + pieces.join('');
      assert.deepEqual(nestedUrns(text, 5), obvious(text, 5));
      const around = obvious(text, 5).filter((n) => n.range.start <= caret && caret <= n.range.end);
      assert.deepEqual(nestedUrns(text, 5, caret), around);
    }),
    { numRuns: 2000 },
  );
});

test('a schemaField URN holds its dataset and platform', () => {
  const field = 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD),id)';
  assert.deepEqual(
    nestedUrns(field, 0).map((n) => n.urn),
    ['urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)', 'urn:li:dataPlatform:hive'],
  );
});

test('8,000 nested URNs on one line are located in one scan', () => {
  const line = `urn:li:dataset:(urn:li:dataPlatform:x,${'urn:li:a:'.repeat(8000)},PROD)`;
  // The obvious scan reads ~8,000 × 36,000 characters here; one scan reads 72,000.
  assert.equal(nestedUrns(line, 0).length, 8001);
  assert.equal(nestedUrns(line, 0, 40).length, 1);
  assert.equal(nestedUrns(line, 0, 50).length, 2);
});
