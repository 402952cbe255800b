/** Property tests: the bounded edit distance and closestMatches equal the whole table's answers on random words. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { closestMatches, editDistance, editDistanceWithin } from '../../../core/urn/suggest';

/** The optimal-string-alignment distance by its definition, the whole table at once: what the reused, bounded rows must equal. */
function referenceDistance(a: string, b: string): number {
  const table = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      table[i][j] = Math.min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) table[i][j] = Math.min(table[i][j], table[i - 2][j - 2] + 1);
    }
  }
  return table[a.length][b.length];
}

/** closestMatches as it was before distances were bounded: every candidate's whole distance. */
function referenceClosest(input: string, candidates: readonly string[], max: number): string[] {
  const needle = input.toLowerCase();
  const limit = Math.max(1, Math.floor(needle.length / 3));
  const scored = new Map<string, number>();
  for (const candidate of candidates) {
    if (scored.has(candidate)) continue;
    const folded = candidate.toLowerCase();
    const distance = referenceDistance(needle, folded);
    const score = folded === needle ? (candidate === input ? 0 : 0.1) : needle.length >= 3 && folded.startsWith(needle) ? 0.5 : distance <= limit ? distance : undefined;
    if (score !== undefined) scored.set(candidate, score);
  }
  return [...scored]
    .sort(([x, xs], [y, ys]) => xs - ys || Math.abs(x.length - input.length) - Math.abs(y.length - input.length) || (x < y ? -1 : x > y ? 1 : 0))
    .slice(0, max)
    .map(([candidate]) => candidate);
}

// Few letters, so words are often close; long enough that the bound cuts rows short.
const word = fc.array(fc.constantFrom(...'abcdAB._é'.split('')), { maxLength: 14 }).map((chars) => chars.join(''));

describe('edit distance, bounded', () => {
  it('equals the whole table when at most the limit, and is above the limit otherwise', () => {
    fc.assert(
      fc.property(word, word, fc.nat(8), (a, b, limit) => {
        const whole = referenceDistance(a, b);
        const bounded = editDistanceWithin(a, b, limit);
        assert.equal(editDistance(a, b), whole);
        if (whole <= limit) assert.equal(bounded, whole);
        else assert.ok(bounded > limit, `${a} / ${b}: ${bounded} for ${whole} (limit ${limit})`);
      }),
      { numRuns: 3_000, seed: 20261207 },
    );
  });

  it('closestMatches answers as with whole distances, in any order of longer and shorter words', () => {
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 30 }), fc.integer({ min: 1, max: 5 }), (input, candidates, max) => {
        assert.deepEqual(closestMatches(input, candidates, max), referenceClosest(input, candidates, max));
      }),
      { numRuns: 2_000, seed: 20261207 },
    );
  });
});
