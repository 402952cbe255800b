import type { SourceRange } from '../model/range';
import type { CheckedPart, DocumentPart } from './parts';
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
 * its range objects (to move them), the part rules' results and their document facts. The
 * analysis owns one cache and hands it on with its parts (./documentAnalysis.ts); it tells the
 * cache which part an edit replaced and which parts an edit moved. The checks (./checkParts.ts)
 * read and fill it. A part's state is never written anywhere else.
 */
export class PartCache {
  private readonly states = new Map<DocumentPart, PartState>();

  /** What the part rules found in `part` the last time they ran on it. */
  checked(part: DocumentPart): CheckedPart | undefined {
    return this.states.get(part)?.checked;
  }

  keepChecked(part: DocumentPart, checked: CheckedPart): void {
    this.stateOf(part).checked = checked;
  }

  /** Rule.documentFacts of the part rules over `part`, computed once per part. */
  documentFacts(part: DocumentPart, compute: (part: DocumentPart) => string): string {
    const state = this.stateOf(part);
    state.documentFacts ??= compute(part);
    return state.documentFacts;
  }

  /** An edit read `after` in place of `before`: nothing kept about `before` applies to it. */
  replaced(before: DocumentPart): void {
    this.states.delete(before);
  }

  /**
   * Moves `part` by `delta` (its ends at or after `from`, everywhere by default): its facts,
   * problems and kept check results. The part's range objects are listed once, the first time it
   * moves, so typing in a long file moves each later part by a walk over a flat list.
   */
  shift(part: DocumentPart, delta: number, from = -Infinity): void {
    const state = this.stateOf(part);
    state.ranges ??= rangesOf(part);
    moveRanges(state.ranges, delta, from);
    for (const diagnostic of state.checked?.diagnostics ?? []) {
      if (diagnostic.range.start >= from) diagnostic.range.start += delta;
      if (diagnostic.range.end >= from) diagnostic.range.end += delta;
    }
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
