import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { PendingShifts } from '../../../core/incremental/pendingShifts';

/**
 * The pending offsets of units (core/incremental/pendingShifts.ts) against the plain way: an array
 * of positions moved on every edit. Random sequences of edits (a unit and everything after it
 * moves), reads (a unit settled) and splices (units replaced by fresh ones, as a run of items read
 * again does); fixed seed (test/support/seededProperties.mjs).
 */
type Step = { kind: 'add'; at: number; delta: number } | { kind: 'settle'; at: number } | { kind: 'splice'; at: number; removed: number; inserted: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), at: fc.nat(40), delta: fc.integer({ min: -20, max: 20 }) }),
  fc.record({ kind: fc.constant('settle' as const), at: fc.nat(40) }),
  fc.record({ kind: fc.constant('splice' as const), at: fc.nat(40), removed: fc.nat(4), inserted: fc.nat(4) }),
);

it('pending shifts: every unit settles to where moving it on every edit would have put it', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 30 }), fc.array(step, { maxLength: 60 }), (count, steps) => {
      const shifts = new PendingShifts(count);
      // the plain way: where each unit is, and where its ranges were last moved to
      let position: number[] = Array.from({ length: count }, () => 0);
      let applied: number[] = Array.from({ length: count }, () => 0);
      for (const s of steps) {
        const at = Math.min(s.at, position.length);
        if (s.kind === 'add') {
          shifts.add(at, s.delta);
          for (let i = at; i < position.length; i++) position[i] += s.delta;
        } else if (s.kind === 'settle') {
          if (at >= position.length) continue;
          assert.equal(shifts.settle(at), position[at] - applied[at]);
          applied[at] = position[at];
        } else {
          const removed = Math.min(s.removed, position.length - at);
          shifts.splice(at, removed, s.inserted);
          const fresh = Array.from({ length: s.inserted }, () => 0);
          position = [...position.slice(0, at), ...fresh, ...position.slice(at + removed)];
          applied = [...applied.slice(0, at), ...fresh, ...applied.slice(at + removed)];
        }
        assert.equal(shifts.size, position.length);
        for (let i = 0; i < position.length; i++) assert.equal(shifts.pending(i), position[i] - applied[i], `unit ${i}`);
      }
    }),
  );
});
