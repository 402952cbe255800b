import type { Fact } from '../model/facts';
import type { SourceRange } from '../model/range';

/**
 * Moving the facts of unchanged parts of a document by an edit's length, so they are kept instead
 * of read again. Facts share range objects (a URN fact and the Located value of the same string),
 * so each range object is listed once per part and moved once.
 *
 * Written-as-is user data is never walked: an aspect's `value` and a declaration field's `value`
 * are plain copies of the file's JSON, where an object that happens to look like a range must
 * stay as written.
 */

/** Every range of the facts, each shared range object once per fact (user data is not walked, see above). */
export function forEachFactRange(facts: readonly Fact[], visit: (range: SourceRange) => void): void {
  for (const fact of facts) {
    switch (fact.kind) {
      case 'aspect':
        for (const located of [fact.entityType, fact.entityUrn, fact.changeType, fact.aspectName]) if (located) visit(located.range);
        visit(fact.range);
        break;
      case 'entityDeclaration':
        visit(fact.urn.range);
        for (const field of Object.values(fact.fields)) visit(field.range);
        visit(fact.range);
        break;
      default:
        visitNested(fact, visit);
    }
  }
}

function isRange(value: object): value is SourceRange {
  if (typeof (value as SourceRange).start !== 'number' || typeof (value as SourceRange).end !== 'number') return false;
  let keys = 0;
  for (const key in value) if (Object.hasOwn(value, key)) keys++;
  return keys === 2;
}

/** Every range inside a fact of the kinds that hold only Located values, ranges, strings and numbers. */
function visitNested(value: object, visit: (range: SourceRange) => void): void {
  for (const child of Object.values(value)) {
    if (!child || typeof child !== 'object') continue;
    if (isRange(child)) visit(child);
    else visitNested(child, visit);
  }
}

/** Moves each range by `delta`: its ends at or after `from` (everywhere by default). */
export function moveRanges(ranges: readonly SourceRange[], delta: number, from = -Infinity): void {
  if (from === -Infinity) {
    for (const range of ranges) {
      range.start += delta;
      range.end += delta;
    }
    return;
  }
  for (const range of ranges) {
    if (range.start >= from) range.start += delta;
    if (range.end >= from) range.end += delta;
  }
}
