import { WORK } from '../model/workCounters';

/**
 * The offsets by which each unit of a document still has to move, kept instead of moving them: an
 * edit in unit `i` adds its length to every unit after it in one step (a Fenwick tree over the
 * units, O(log n)), and a unit's ranges are moved only when something reads them
 * (`settle`, ./documentAnalysis.ts). Typing in a 50,000-line file thus moves nothing but the
 * units it reads, instead of every unit after the cursor on every keystroke.
 */
export class PendingShifts {
  /** Fenwick tree of deltas: the prefix sum up to `i` is everything ever added for unit `i` */
  private tree: Float64Array;
  /** per unit: the part of that prefix sum already applied to its ranges */
  private applied: Float64Array;

  constructor(private count: number) {
    this.tree = new Float64Array(count + 1);
    this.applied = new Float64Array(count);
  }

  get size(): number {
    return this.count;
  }

  /** Units `from` and after move by `delta` (lazily). */
  add(from: number, delta: number): void {
    if (delta === 0) return;
    for (let i = from + 1; i <= this.count; i += i & -i) {
      this.tree[i] += delta;
      WORK.shiftSteps++;
    }
  }

  /** How far unit `index` still has to move. */
  pending(index: number): number {
    return this.total(index) - this.applied[index];
  }

  /** Marks unit `index` as moved by everything pending; answers by how much it must move now. */
  settle(index: number): number {
    const total = this.total(index);
    const delta = total - this.applied[index];
    this.applied[index] = total;
    return delta;
  }

  /**
   * Units `index` to `index + removed` are replaced by `inserted` new ones (read from the current
   * text, so nothing pending); every other unit keeps what it still has to move. Linear in the
   * number of units (a pass over two arrays of numbers); used by edits that change how many units
   * there are.
   */
  splice(index: number, removed: number, inserted: number): void {
    const pending = new Float64Array(this.count - removed + inserted);
    for (let i = 0; i < index; i++) pending[i] = this.pending(i);
    for (let i = index + removed; i < this.count; i++) pending[i - removed + inserted] = this.pending(i);
    this.count = pending.length;
    this.tree = new Float64Array(this.count + 1);
    this.applied = new Float64Array(this.count);
    // A tree whose prefix sums are `pending`: the differences, built in one pass.
    for (let i = 0; i < this.count; i++) {
      const difference = pending[i] - (i > 0 ? pending[i - 1] : 0);
      this.tree[i + 1] += difference;
      const parent = i + 1 + ((i + 1) & -(i + 1));
      if (parent <= this.count) this.tree[parent] += this.tree[i + 1];
    }
  }

  private total(index: number): number {
    let sum = 0;
    for (let i = index + 1; i > 0; i -= i & -i) {
      sum += this.tree[i];
      WORK.shiftSteps++;
    }
    return sum;
  }
}
