import { propertyUrnOf } from '../definitions/normalise';
import type { PropertyAssignmentFact, PropertyDefinitionFact, UrnRole } from '../model/facts';
import type { Located, SourceRange } from '../model/range';
import type { WorkspaceDocument } from '../workspace/workspaceDocument';
import { mayName } from '../mentions/fileMentions';

/** What the caret is on, as far as hover, definition and references care. */
export type Target =
  | { kind: 'property'; urn: string; range: SourceRange; definition?: PropertyDefinitionFact; assignment?: PropertyAssignmentFact }
  | { kind: 'propertyValue'; urn: string; range: SourceRange; assignment: PropertyAssignmentFact; value: Located<unknown> }
  | { kind: 'urn'; urn: string; range: SourceRange; role: UrnRole };

/** Whether `offset` is in `range`, its ends included (a caret at either end is on it). */
export function within(range: SourceRange, offset: number): boolean {
  return range.start <= offset && offset <= range.end;
}

function size(range: SourceRange): number {
  return range.end - range.start;
}

/** The most specific thing at `offset`: a property key, a property value, or the innermost URN. */
export function targetAt(document: WorkspaceDocument, offset: number): Target | undefined {
  const candidates: Target[] = [];
  for (const fact of document.model.facts) {
    switch (fact.kind) {
      case 'propertyAssignment':
        if (within(fact.property.range, offset)) candidates.push({ kind: 'property', urn: fact.propertyUrn, range: fact.property.range, assignment: fact });
        for (const value of fact.values) {
          if (within(value.range, offset)) candidates.push({ kind: 'propertyValue', urn: fact.propertyUrn, range: value.range, assignment: fact, value });
        }
        break;
      case 'propertyDefinition':
        for (const located of [fact.id, fact.urn, fact.qualifiedName]) {
          if (located && within(located.range, offset) && size(located.range) > 0) {
            candidates.push({ kind: 'property', urn: fact.urn.value, range: located.range, definition: fact });
          }
        }
        break;
      case 'entityRef':
        if (within(fact.range, offset)) {
          const urn = fact.role === 'property' ? propertyUrnOf(fact.urn) : fact.urn;
          candidates.push(fact.role === 'property' ? { kind: 'property', urn, range: fact.range } : { kind: 'urn', urn, range: fact.range, role: fact.role });
          for (const nested of nestedUrns(fact.urn, fact.range.start, offset)) {
            if (within(nested.range, offset)) candidates.push({ kind: 'urn', urn: nested.urn, range: nested.range, role: 'other' });
          }
        }
        break;
      case 'entityDeclaration':
        if (within(fact.urn.range, offset) && size(fact.urn.range) > 0) candidates.push({ kind: 'urn', urn: fact.urn.value, range: fact.urn.range, role: 'entity' });
        break;
      default:
        break;
    }
  }
  // Innermost wins; on a tie a property beats a plain URN (the structuredProperty URN of an assignment).
  candidates.sort((a, b) => size(a.range) - size(b.range) || rank(a) - rank(b));
  return candidates[0];
}

function rank(target: Target): number {
  return target.kind === 'urn' ? 1 : 0;
}

/**
 * URNs nested in a URN's key (`urn:li:dataset:(urn:li:dataPlatform:x,...)` holds a platform URN),
 * so hovering the inner part of a schemaField URN describes its dataset. Offsets are absolute;
 * with `containing`, only the nested URNs whose range holds that offset are returned.
 *
 * One pass with a stack of the nested URNs still open: each ends at the first `,` or `)` at the
 * parenthesis depth where it began (or at the end of the text). Linear in the URN's length, so a
 * hostile 5 MB line of URNs costs one scan, not one scan per URN.
 */
export function nestedUrns(urn: string, start: number, containing?: number): { urn: string; range: SourceRange }[] {
  const out: { urn: string; range: SourceRange }[] = [];
  // open URNs: where each began and the depth at which it began (non-decreasing up the stack)
  const open: { from: number; depth: number }[] = [];
  const close = (depth: number, end: number) => {
    while (open.length > 0 && open[open.length - 1].depth === depth) {
      const { from } = open.pop() as { from: number; depth: number };
      // Hover asks only for the URNs around the caret: the others are never sliced out.
      if (containing !== undefined && !(start + from <= containing && containing <= start + end)) continue;
      out.push({ urn: urn.slice(from, end), range: { start: start + from, end: start + end } });
    }
  };
  let depth = 0;
  for (let i = 0; i < urn.length; i++) {
    const ch = urn[i];
    if (ch === '(') depth++;
    else if (ch === ')') {
      close(depth, i);
      depth--;
    } else if (ch === ',') close(depth, i);
    else if (ch === 'u' && i > 0 && urn.startsWith('urn:li:', i)) open.push({ from: i, depth });
  }
  while (open.length > 0) close(open[open.length - 1].depth, urn.length);
  // in the order they begin, as a reader meets them
  return out.sort((a, b) => a.range.start - b.range.start);
}

/** Whether a written property reference (id or URN) names `urn`. */
export function sameProperty(written: string, urn: string): boolean {
  return propertyUrnOf(written) === propertyUrnOf(urn);
}

/**
 * Every document to search: the workspace plus the current document (its open version wins).
 * With `urn`, a closed file whose mentions cannot name it is left out (its facts are not read:
 * core/mentions/fileMentions.ts mayName).
 */
export function documentsToSearch(current: WorkspaceDocument, workspace: readonly WorkspaceDocument[] | undefined, urn?: string): WorkspaceDocument[] {
  return [current, ...(workspace ?? []).filter((doc) => doc.uri !== current.uri && (urn === undefined || mayName(doc, urn)))];
}
