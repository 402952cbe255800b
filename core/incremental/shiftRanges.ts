import type { Fact, ParseProblem } from '../model/facts';
import type { SourceRange } from '../model/range';

/**
 * Moves the ranges of facts that sit after an edit by `delta` characters, so the facts of
 * unchanged parts of a document are kept instead of read again. Facts share range objects (a URN
 * fact and the Located value of the same string), so each range moves once: `moved` remembers
 * which already did, across all facts of one edit.
 *
 * Written-as-is user data is never walked: an aspect's `value` and a declaration field's `value`
 * are plain copies of the file's JSON, where an object that happens to look like a range must
 * stay as written.
 */
export function shiftFacts(facts: readonly Fact[], delta: number, moved: Set<object>): void {
  for (const fact of facts) {
    switch (fact.kind) {
      case 'aspect':
        for (const located of [fact.entityType, fact.entityUrn, fact.changeType, fact.aspectName]) if (located) shiftRange(located.range, delta, moved);
        shiftRange(fact.range, delta, moved);
        break;
      case 'entityDeclaration':
        shiftRange(fact.urn.range, delta, moved);
        for (const field of Object.values(fact.fields)) shiftRange(field.range, delta, moved);
        shiftRange(fact.range, delta, moved);
        break;
      default:
        shiftNested(fact, delta, moved);
    }
  }
}

export function shiftProblems(problems: readonly ParseProblem[], delta: number, moved: Set<object>): void {
  for (const problem of problems) shiftRange(problem.range, delta, moved);
}

function shiftRange(range: SourceRange, delta: number, moved: Set<object>): void {
  if (moved.has(range)) return;
  moved.add(range);
  range.start += delta;
  range.end += delta;
}

function isRange(value: object): value is SourceRange {
  const keys = Object.keys(value);
  return keys.length === 2 && typeof (value as SourceRange).start === 'number' && typeof (value as SourceRange).end === 'number';
}

/** Every range inside a fact of the kinds that hold only Located values, ranges, strings and numbers. */
function shiftNested(value: object, delta: number, moved: Set<object>): void {
  for (const child of Object.values(value)) {
    if (!child || typeof child !== 'object') continue;
    if (isRange(child)) shiftRange(child, delta, moved);
    else shiftNested(child, delta, moved);
  }
}
