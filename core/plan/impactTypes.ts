/**
 * What a push would affect beyond the files it changes: entities cut off by a removed lineage
 * edge, and entities whose values a definition change would leave invalid. Computed from the
 * service (lineage search and entity search), never from the files alone.
 */

/** An entity reached from a removed edge's downstream, with its hop count from that downstream. */
export interface AffectedEntity {
  urn: string;
  degree: number;
}

export interface EdgeImpact {
  kind: 'edgeRemoved';
  downstream: string;
  upstream: string;
  /** the downstream itself (degree 0) and everything below it, sorted by degree then URN */
  affected: AffectedEntity[];
  /** true when the search stopped at its limit: there are more than `affected.length` */
  truncated: boolean;
}

/** Why an entity's values no longer fit the new definition. */
export interface InvalidValue {
  urn: string;
  reason: string;
}

export interface PropertyImpact {
  kind: 'propertyChange';
  propertyUrn: string;
  /** what changes, in words: "soft deleted", "allowed value \"b\" removed", "cardinality MULTIPLE → SINGLE", "entity type chart dropped" */
  changes: string[];
  /** entities that hold a value of the property now */
  usedBy: number;
  /** the ones whose values the change makes invalid (all of them for a soft delete), sorted */
  invalid: InvalidValue[];
  truncated: boolean;
}

export type PlanImpact = EdgeImpact | PropertyImpact;

/** One line, as a code lens shows it: "cuts 12 downstream entities", "used by 340 entities, 12 with values no longer allowed". */
export function impactHeadline(impact: PlanImpact): string {
  return impact.kind === 'edgeRemoved' ? edgeHeadline(impact) : propertyHeadline(impact);
}

export function propertyHeadline(impact: PropertyImpact): string {
  const more = impact.truncated ? '+' : '';
  const used = `used by ${impact.usedBy}${more} ${impact.usedBy === 1 ? 'entity' : 'entities'}`;
  if (impact.changes.includes('soft deleted')) return `${used}, whose values become hidden`;
  return `${used}, ${impact.invalid.length}${more} with values no longer allowed`;
}

/** The removed edge's downstream and everything below it lose the upstream: "cuts 12 downstream entities". */
export function edgeHeadline(impact: EdgeImpact): string {
  const count = impact.affected.length;
  return `cuts ${count}${impact.truncated ? '+' : ''} downstream ${count === 1 ? 'entity' : 'entities'}`;
}
