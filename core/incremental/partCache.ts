import type { CoreDiagnostic } from '../model/diagnostic';
import type { SourceRange } from '../model/range';
import { WORK } from '../model/workCounters';
import type { CheckedPart, CheckedUnder, DocumentPart } from './parts';
import { PartUnion } from './partUnion';
import { forEachFactRange, moveRanges } from './shiftRanges';

interface PartState {
  /** every range object of the part's facts and problems, once each: what an edit before the part moves */
  ranges?: SourceRange[];
  /** what the part rules found in it (./checkParts.ts) */
  checked?: CheckedPart;
  /** Rule.documentFacts of the part rules over this part's facts alone */
  documentFacts?: string;
}

/**
 * What is kept about each part of one analysed document between edits, in one place: the list of
 * its range objects (to move them), the part rules' results and their document facts, and what
 * lets a check visit only what changed — the parts read since the last check, the parts with
 * diagnostics, the document facts of all parts as one multiset. The analysis owns one cache and
 * hands it on with its parts (./documentAnalysis.ts); it tells the cache which part an edit
 * replaced and how to move a part that still has to move (./units.ts). The checks
 * (./checkParts.ts) read and fill it. A part's state is never written anywhere else.
 */
export class PartCache {
  private readonly states = new Map<DocumentPart, PartState>();
  /** moves a part by what it still has to move (set by the analysis that owns the cache; ./pendingShifts.ts) */
  private settler: (part: DocumentPart) => void = () => undefined;
  /** how far a part still has to move, without moving it */
  private pendingOf: (part: DocumentPart) => number = () => 0;
  /** parts read since the checks last asked (`takeFresh`) */
  private fresh = new Set<DocumentPart>();
  /** parts whose kept results hold diagnostics */
  private readonly withDiagnostics = new Set<DocumentPart>();
  /** the inputs every part of `coveredParts` was last checked under */
  private covered: { parts: readonly DocumentPart[]; under: CheckedUnder } | undefined;
  /** every non-empty document-facts contribution, counted */
  private readonly documentFactsCounts = new Map<string, number>();
  private documentFactsJoined: string | undefined = '';
  private documentFactsListed = false;
  /** one union per owner (./partUnion.ts); it lives as long as this cache (until the document is read whole or closed) */
  private readonly unions = new Map<object, PartUnion>();

  settleWith(settle: (part: DocumentPart) => void, pending: (part: DocumentPart) => number): void {
    this.settler = settle;
    this.pendingOf = pending;
  }

  /** Moves `part` by what it still has to move, before its ranges or kept results are read. */
  settle(part: DocumentPart): void {
    this.settler(part);
  }

  /** What the part rules found in `part` the last time they ran on it, moved to where it is now. */
  checked(part: DocumentPart): CheckedPart | undefined {
    const checked = this.states.get(part)?.checked;
    if (checked) this.settler(part);
    return checked;
  }

  keepChecked(part: DocumentPart, checked: CheckedPart): void {
    this.stateOf(part).checked = checked;
    if (checked.diagnostics.length > 0) this.withDiagnostics.add(part);
    else this.withDiagnostics.delete(part);
  }

  /**
   * Copies of the diagnostics kept for `part`, where they are now: moved by what the part still has
   * to move, without moving the part (its facts stay where they are until something reads them).
   */
  keptDiagnostics(part: DocumentPart): CoreDiagnostic[] {
    const kept = this.states.get(part)?.checked?.diagnostics ?? [];
    const delta = kept.length > 0 ? this.pendingOf(part) : 0;
    return kept.map((diagnostic) => ({ ...diagnostic, range: { start: diagnostic.range.start + delta, end: diagnostic.range.end + delta } }));
  }

  /** The parts whose kept results hold diagnostics (in no particular order). */
  partsWithDiagnostics(): ReadonlySet<DocumentPart> {
    return this.withDiagnostics;
  }

  /** The parts edits read in place of others since the last call (the checks run the part rules on these). */
  takeFresh(): Set<DocumentPart> {
    const fresh = this.fresh;
    this.fresh = new Set();
    return fresh;
  }

  /** The inputs all of `parts` were last checked under (undefined when not all were, or for other parts). */
  lastUnder(parts: readonly DocumentPart[]): CheckedUnder | undefined {
    return this.covered?.parts === parts ? this.covered.under : undefined;
  }

  checkedAllUnder(parts: readonly DocumentPart[], under: CheckedUnder): void {
    this.covered = { parts, under };
  }

  /** Rule.documentFacts of the part rules over `part`, computed once per part. */
  documentFacts(part: DocumentPart, compute: (part: DocumentPart) => string): string {
    const state = this.stateOf(part);
    if (state.documentFacts === undefined) {
      state.documentFacts = compute(part);
      this.countDocumentFacts(state.documentFacts, 1);
    }
    return state.documentFacts;
  }

  /** Whether every part's document facts were computed once (after that, only replaced parts need it). */
  documentFactsKnown(): boolean {
    const known = this.documentFactsListed;
    this.documentFactsListed = true;
    return known;
  }

  /** The document facts of all parts in one comparable form (a sorted multiset: the rules read them as sets). */
  documentFactsKey(): string {
    this.documentFactsJoined ??= [...this.documentFactsCounts].map(([facts, count]) => `${count}\u0002${facts}`).sort().join('\u0000');
    return this.documentFactsJoined;
  }

  /**
   * The union over all parts of the keys `keysOf` computes from one part, kept for `owner` (one per
   * owner: the same owner must always pass the same computation): after an edit only the parts it
   * read are computed (./partUnion.ts).
   */
  union(owner: object, keysOf: (part: DocumentPart) => readonly string[]): PartUnion {
    let union = this.unions.get(owner);
    if (!union) this.unions.set(owner, (union = new PartUnion(keysOf)));
    return union;
  }

  /** An edit read `after` in place of `before` (either absent when the number of parts changed): nothing kept about `before` applies, and `after` is to be checked. */
  replaced(before: DocumentPart | undefined, after?: DocumentPart): void {
    for (const union of this.unions.values()) union.replaced(before, after);
    if (before) {
      const state = this.states.get(before);
      if (state?.documentFacts !== undefined) this.countDocumentFacts(state.documentFacts, -1);
      this.states.delete(before);
      this.fresh.delete(before);
      this.withDiagnostics.delete(before);
    }
    if (after) this.fresh.add(after);
  }

  /**
   * `part` left the document for now (an edit that ended a list early, ./units.ts dropItems): it no
   * longer counts anywhere, but what the checks found in it is kept for when it comes back (`resume`)
   * or is forgotten (`forget`).
   */
  suspend(part: DocumentPart): void {
    for (const union of this.unions.values()) union.replaced(part, undefined);
    const state = this.states.get(part);
    if (state?.documentFacts !== undefined) this.countDocumentFacts(state.documentFacts, -1);
    this.fresh.delete(part);
    this.withDiagnostics.delete(part);
  }

  /** A suspended `part` is back, counted with what was kept; the next check looks at it (and keeps its results when its inputs are the same). */
  resume(part: DocumentPart): void {
    for (const union of this.unions.values()) union.replaced(undefined, part);
    const state = this.states.get(part);
    if (state?.documentFacts !== undefined) this.countDocumentFacts(state.documentFacts, 1);
    if (state?.checked && state.checked.diagnostics.length > 0) this.withDiagnostics.add(part);
    this.fresh.add(part);
  }

  /** A suspended `part` will not come back: what was kept about it goes. */
  forget(part: DocumentPart): void {
    this.states.delete(part);
  }

  /**
   * Moves `part` by `delta` (its ends at or after `from`, everywhere by default): its facts,
   * problems and kept check results. The part's range objects are listed once, the first time it
   * moves, so moving a part is a walk over a flat list.
   */
  shift(part: DocumentPart, delta: number, from = -Infinity): void {
    const state = this.stateOf(part);
    state.ranges ??= rangesOf(part);
    moveRanges(state.ranges, delta, from);
    WORK.rangesMoved += state.ranges.length + (state.checked?.diagnostics.length ?? 0);
    for (const diagnostic of state.checked?.diagnostics ?? []) {
      if (diagnostic.range.start >= from) diagnostic.range.start += delta;
      if (diagnostic.range.end >= from) diagnostic.range.end += delta;
    }
  }

  private countDocumentFacts(facts: string, sign: 1 | -1): void {
    if (facts === '') return;
    const count = (this.documentFactsCounts.get(facts) ?? 0) + sign;
    if (count === 0) this.documentFactsCounts.delete(facts);
    else this.documentFactsCounts.set(facts, count);
    this.documentFactsJoined = undefined;
  }

  private stateOf(part: DocumentPart): PartState {
    let state = this.states.get(part);
    if (!state) this.states.set(part, (state = {}));
    return state;
  }
}

/** Parts never share a range object with one another (each is read by its own collector from its own tree). */
function rangesOf(part: DocumentPart): SourceRange[] {
  const seen = new Set<SourceRange>();
  forEachFactRange(part.facts, (range) => seen.add(range));
  for (const problem of part.problems) seen.add(problem.range);
  return [...seen];
}
