import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DocumentPart } from '../../../core/incremental/parts';
import { PartUnion } from '../../../core/incremental/partUnion';
import { WORK } from '../../../core/model/workCounters';

/** A part whose keys are given by name (the union computes keys from parts; here they are written on it). */
const part = (...keys: string[]): DocumentPart => ({ facts: [], problems: [], keys } as DocumentPart & { keys: string[] });
const keysOf = (p: DocumentPart) => (p as DocumentPart & { keys: string[] }).keys;

describe('a union of keys over the parts of a document (core/incremental/partUnion.ts)', () => {
  it('computes every part once, then only the parts an edit read; a key stays while any part holds it', () => {
    const a = part('x', 'y');
    const b = part('y');
    const c = part('z');
    const parts = [a, b, c];
    const union = new PartUnion(keysOf);
    const before = WORK.partUnionReads;
    assert.deepEqual([...union.keys(parts)].sort(), [['x', 1], ['y', 2], ['z', 1]]);
    assert.equal(WORK.partUnionReads - before, 3);
    union.takeChanges();

    // `a` read again as `a2`: y is still held by b, x is gone, w came.
    const a2 = part('y', 'w');
    union.replaced(a, a2);
    parts[0] = a2;
    assert.deepEqual([...union.keys(parts).keys()].sort(), ['w', 'y', 'z']);
    assert.equal(WORK.partUnionReads - before, 4, 'only the new part is computed');
    assert.deepEqual(union.takeChanges(), { added: ['w'], removed: ['x'] });

    // A part removed (the number of parts changed), one added, then a key that goes and comes back between two asks.
    union.replaced(c, undefined);
    const d = part('z');
    union.replaced(undefined, d);
    parts.splice(2, 1, d);
    assert.deepEqual([...union.keys(parts).keys()].sort(), ['w', 'y', 'z']);
    assert.deepEqual(union.takeChanges(), { added: [], removed: [] }, 'z left with c and came back with d');
    assert.deepEqual(union.takeChanges(), { added: [], removed: [] });
  });

  it('a part replaced before the first ask is simply read with the others', () => {
    const a = part('x');
    const b = part('y');
    const union = new PartUnion(keysOf);
    union.replaced(a, b);
    assert.deepEqual([...union.keys([b]).keys()], ['y']);
  });
});
