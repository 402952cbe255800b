import { PROPERTY_URN_PREFIX, propertyUrnOf } from '../definitions/normalise';
import type { PropertyDefinitionInfo } from '../definitions/types';
import type { DocumentAnalysis } from '../incremental/documentAnalysis';
import type { DocumentModel, Fact } from '../model/facts';

/**
 * Which structured-property definitions changed between two snapshots (the workspace's, rebuilt
 * after a file changed, or the service's, after a refresh), so only the documents that read one of
 * them are checked again.
 */
export interface DefinitionChanges {
  /**
   * Property URNs whose definition a check may now see differently: added, removed or different.
   * A changed definition is named by its URN and by `urn:li:structuredProperty:<qualifiedName>`,
   * because a lookup that misses the URN falls back to the qualified name (core/definitions/lookup.ts).
   */
  changed: ReadonlySet<string>;
  /**
   * A definition was added or removed, or its qualified name changed: a check that lists every
   * known property (the "did you mean" candidates of an unknown property, "no definitions at all")
   * may answer differently even for a document that names none of the changed properties.
   */
  membershipChanged: boolean;
}

export const NO_DEFINITION_CHANGES: DefinitionChanges = { changed: new Set(), membershipChanged: false };

export function hasDefinitionChanges(changes: DefinitionChanges): boolean {
  return changes.changed.size > 0 || changes.membershipChanged;
}

/** The difference between two definition maps (keyed by property URN), as checks see it. */
export function definitionChanges(before: ReadonlyMap<string, PropertyDefinitionInfo>, after: ReadonlyMap<string, PropertyDefinitionInfo>): DefinitionChanges {
  if (before === after) return NO_DEFINITION_CHANGES;
  const changed = new Set<string>();
  let membershipChanged = false;
  const note = (key: string, info: PropertyDefinitionInfo): void => {
    changed.add(key);
    changed.add(info.urn);
    changed.add(PROPERTY_URN_PREFIX + info.qualifiedName);
  };
  for (const [key, old] of before) {
    const now = after.get(key);
    if (!now) {
      membershipChanged = true;
      note(key, old);
      continue;
    }
    if (old === now || sameAsChecksSeeIt(old, now)) continue;
    if (old.qualifiedName !== now.qualifiedName) membershipChanged = true;
    note(key, old);
    note(key, now);
  }
  for (const [key, now] of after) {
    if (before.has(key)) continue;
    membershipChanged = true;
    note(key, now);
  }
  return { changed, membershipChanged };
}

/**
 * Equal in everything a check reads. Where a definition was written only counts by its file (a
 * message names the file, never the line), and when the service's was fetched not at all: moving a
 * definition within its file, or a refresh that fetched the same definitions, changes no check.
 */
function sameAsChecksSeeIt(a: PropertyDefinitionInfo, b: PropertyDefinitionInfo): boolean {
  return comparable(a) === comparable(b);
}

function comparable(info: PropertyDefinitionInfo): string {
  const { origin, ...fields } = info;
  return JSON.stringify([fields, origin.kind === 'workspace' ? origin.uri : origin.url]);
}

/**
 * The property URNs whose definitions the checks of a document read: every assigned property, every
 * property it defines (compared with the service's definition), every property whose status it
 * writes. Normalised as lookups normalise them, so they compare with DefinitionChanges.changed.
 */
export function propertiesReadBy(model: DocumentModel): string[] {
  return propertiesReadIn(model.facts);
}

/** The owner of the union below in each document's part cache. */
const PROPERTIES_OF_PARTS = {};

/**
 * propertiesReadBy for a document the session keeps: for an open document read in parts, a union
 * kept over its parts (core/incremental/partUnion.ts), so a keystroke computes the parts it read,
 * not every fact of the file.
 */
export function propertiesReadByDocument(document: { model: DocumentModel; analysis?: DocumentAnalysis }): string[] {
  const parts = document.analysis?.parts;
  const cache = document.analysis?.cache;
  if (!parts || !cache) return propertiesReadBy(document.model);
  return [...cache.union(PROPERTIES_OF_PARTS, (part) => propertiesReadIn(part.facts)).keys(parts).keys()];
}

function propertiesReadIn(facts: readonly Fact[]): string[] {
  const urns = new Set<string>();
  for (const fact of facts) {
    // A form's prompt names a property as an assignment does: its checks read the definition too.
    if (fact.kind === 'propertyAssignment' || fact.kind === 'propertyReference') urns.add(propertyUrnOf(fact.propertyUrn));
    else if (fact.kind === 'propertyDefinition') urns.add(propertyUrnOf(fact.urn.value));
    else if (fact.kind === 'statusChange' && fact.entity.value.startsWith(PROPERTY_URN_PREFIX)) urns.add(fact.entity.value);
  }
  return [...urns];
}
