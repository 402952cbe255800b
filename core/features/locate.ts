import { propertyUrnOf } from '../definitions/normalise';
import type { PropertyAssignmentFact, PropertyDefinitionFact, UrnRole } from '../model/facts';
import type { Located, SourceRange } from '../model/range';
import type { WorkspaceDocument } from './workspace';

/** What the caret is on, as far as hover, definition and references care. */
export type Target =
  | { kind: 'property'; urn: string; range: SourceRange; definition?: PropertyDefinitionFact; assignment?: PropertyAssignmentFact }
  | { kind: 'propertyValue'; urn: string; range: SourceRange; assignment: PropertyAssignmentFact; value: Located<unknown> }
  | { kind: 'urn'; urn: string; range: SourceRange; role: UrnRole };

function within(range: SourceRange, offset: number): boolean {
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
          for (const nested of nestedUrns(fact.urn, fact.range.start)) {
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
 * so hovering the inner part of a schemaField URN describes its dataset. Offsets are absolute.
 */
export function nestedUrns(urn: string, start: number): { urn: string; range: SourceRange }[] {
  const out: { urn: string; range: SourceRange }[] = [];
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

/** Whether a written property reference (id or URN) names `urn`. */
export function sameProperty(written: string, urn: string): boolean {
  return propertyUrnOf(written) === propertyUrnOf(urn);
}

/** Every document to search: the workspace plus the current document (its open version wins). */
export function documentsToSearch(current: WorkspaceDocument, workspace: readonly WorkspaceDocument[] | undefined): WorkspaceDocument[] {
  return [current, ...(workspace ?? []).filter((doc) => doc.uri !== current.uri)];
}
