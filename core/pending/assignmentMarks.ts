import { hintOffset } from '../features/inlayHints';
import type { WorkspaceDocument } from '../workspace/workspaceDocument';
import { factsOfKind, type PropertyAssignmentFact } from '../model/facts';
import type { SourceRange } from '../model/range';
import { logValue } from '../output/logText';
import { assignmentChanges, currentValues, showValues, type PropertyValueChange } from '../plan/assignmentChanges';
import { addAssignment, type AssignmentIntent } from '../plan/pushIntent';
import type { JsonObject } from '../plan/pushPlanTypes';

/**
 * Marks on structured-property assignments: what a push of this file does to each value the
 * catalog holds — `+ new`, `catalog: "silver"` (changed), `− removes "x"` — the same comparison the
 * plan makes (core/plan/assignmentChanges.ts), shown where the value is written. A value the push
 * leaves as it is gets no mark; an entity whose values were not read from the catalog gets none.
 */

/** At most this many entities are compared per request (each needs its values read from the catalog). */
export const MAX_MARKED_ENTITIES = 200;
/** Values longer than this are cut in a mark (the tooltip has them whole, bounded too). */
const MAX_SHOWN_VALUES = 40;

export interface AssignmentMark {
  /** where the mark sits: after the values on the key's line */
  offset: number;
  kind: 'add' | 'change' | 'remove';
  label: string;
  tooltip: string;
}

/** The catalog's `structuredProperties` of an entity: null when it has none, undefined when not read. */
export type CatalogValues = (entityUrn: string) => JsonObject | null | undefined;

/** The entities with an assignment inside `range`, first ones first, at most MAX_MARKED_ENTITIES. */
export function entitiesAssignedIn(document: WorkspaceDocument, range: SourceRange): string[] {
  return entitiesIn(assignmentFacts(document), range);
}

function entitiesIn(facts: readonly PropertyAssignmentFact[], range: SourceRange): string[] {
  const entities = new Set<string>();
  for (const fact of facts) {
    if (fact.range.end < range.start || fact.range.start > range.end) continue;
    entities.add(fact.entity.value);
    if (entities.size >= MAX_MARKED_ENTITIES) break;
  }
  return [...entities];
}

export function assignmentMarks(document: WorkspaceDocument, range: SourceRange, catalog: CatalogValues, valueTypeOf: (property: string) => string | undefined): AssignmentMark[] {
  // The document's assignments listed once: by kind, so a model read in parts lists no other facts.
  const facts = assignmentFacts(document);
  const wanted = new Set(entitiesIn(facts, range));
  const byEntity = new Map<string, PropertyAssignmentFact[]>();
  const intents = new Map<string, AssignmentIntent>();
  for (const fact of facts) {
    if (!wanted.has(fact.entity.value)) continue;
    const ofEntity = byEntity.get(fact.entity.value);
    if (ofEntity) ofEntity.push(fact);
    else byEntity.set(fact.entity.value, [fact]);
    addAssignment(intents, fact, document.uri);
  }
  const marks: AssignmentMark[] = [];
  for (const [entityUrn, facts] of byEntity) {
    const held = catalog(entityUrn);
    const intent = intents.get(entityUrn);
    if (held === undefined || !intent) continue;
    const changes = assignmentChanges(intent, currentValues(held ?? undefined), valueTypeOf);
    marks.push(...marksOfEntity(document, facts, changes, range));
  }
  return marks.sort((a, b) => a.offset - b.offset);
}

function marksOfEntity(document: WorkspaceDocument, facts: readonly PropertyAssignmentFact[], changes: readonly PropertyValueChange[], range: SourceRange): AssignmentMark[] {
  const marks: AssignmentMark[] = [];
  const inRange = (fact: PropertyAssignmentFact) => fact.range.end >= range.start && fact.range.start <= range.end;
  for (const change of changes) {
    const fact = facts.find((f) => f.propertyUrn === change.property && (change.kind === 'remove') === (f.mode === 'remove'));
    if (fact && inRange(fact)) {
      const mark = markOf(change, document.text, fact);
      if (mark) marks.push(mark);
    } else if (change.kind === 'remove' && change.notInFile) {
      // Not written in the file at all: said after the entity's last assignment.
      const last = facts[facts.length - 1];
      if (inRange(last)) marks.push(notListedMark(change, document.text, last));
    }
  }
  return marks;
}

function markOf(change: PropertyValueChange, text: string, fact: PropertyAssignmentFact): AssignmentMark | undefined {
  const offset = endOfValues(text, fact);
  const before = shown(change.before);
  const after = shown(change.after);
  const property = logValue(fact.property.value);
  switch (change.kind) {
    case 'add':
      return { offset, kind: 'add', label: '+ new', tooltip: `The catalog has no value of ${property} on this entity: a push sets ${after}.` };
    case 'change':
      return { offset, kind: 'change', label: `catalog: ${before}`, tooltip: `The catalog holds ${before}; a push changes it to ${after}.` };
    case 'remove':
      return { offset, kind: 'remove', label: `− removes ${before}`, tooltip: `The catalog holds ${before}; a push removes it.` };
    default:
      return undefined;
  }
}

/**
 * VS Code cuts an inlay hint past 43 characters (`editor.inlayHints.maximumLength`), which left
 * "− removes io.catalogc…" and lost the why: a long id is shown by its last part, so the hint keeps
 * "(not listed)"; the tooltip names it whole.
 */
const MAX_HINT_CHARS = 43;

function notListedMark(change: PropertyValueChange, text: string, last: PropertyAssignmentFact): AssignmentMark {
  const property = logValue(change.property.replace(/^urn:li:structuredProperty:/, ''));
  const full = `− removes ${property} (not listed)`;
  const tail = property.slice(property.lastIndexOf('.') + 1);
  return {
    offset: endOfValues(text, last),
    kind: 'remove',
    label: full.length <= MAX_HINT_CHARS || tail === property ? full : `− removes …${tail} (not listed)`,
    tooltip: `This file lists every structured property of the entity, so a push removes ${property} (the catalog holds ${shown(change.before)}). Add it here to keep it.`,
  };
}

function shown(values: readonly JsonObject[] | undefined): string {
  const text = logValue(showValues(values ?? []));
  return text.length > MAX_SHOWN_VALUES ? `${text.slice(0, MAX_SHOWN_VALUES - 1)}…` : text;
}

function endOfValues(text: string, fact: PropertyAssignmentFact): number {
  return hintOffset(text, fact.property.range.end, fact.valuesRange.end);
}

function assignmentFacts(document: WorkspaceDocument): PropertyAssignmentFact[] {
  return factsOfKind(document.model, 'propertyAssignment');
}
