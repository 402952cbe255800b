import type { EntityExistenceView } from '../definitions/types';
import type { PushIntent } from './pushIntent';

/**
 * Existence in the pending state: an entity exists once the workspace's files are pushed when a
 * file creates it (an aspect the push writes: a dataset YAML entry, a property definition, an MCP
 * aspect) or the catalog already holds it. This is the one place that verdict is written: the
 * rules (through the view below), `validate --service`, the push plan's notes and the language
 * server all ask it, so the editor, the CLI and a push cannot disagree about what will exist.
 */

/** urn → the files (URIs) whose push creates the entity */
export type CreatedEntities = ReadonlyMap<string, ReadonlySet<string>>;

/** The entities a set of files creates: every entity one of their aspects is written to (a DELETE creates nothing). */
export function createdEntities(intent: Pick<PushIntent, 'aspects'>): Map<string, Set<string>> {
  const created = new Map<string, Set<string>>();
  for (const aspect of intent.aspects) {
    if (aspect.changeType === 'DELETE') continue;
    const sources = created.get(aspect.urn) ?? new Set<string>();
    for (const source of aspect.sources) sources.add(source);
    created.set(aspect.urn, sources);
  }
  return created;
}

/**
 * Whether `urn` exists in the pending state: true when the files create it, else the catalog's
 * answer (undefined when not known yet: rules stay quiet rather than guess).
 */
export function existsInPendingState(urn: string, created: { has(urn: string): boolean }, catalog: (urn: string) => boolean | undefined): boolean | undefined {
  if (created.has(urn)) return true;
  return catalog(urn);
}

/**
 * The existence view checks read: the catalog's answers with the entities the files create added.
 * `createdOutside` names the files that would create a missing entity but are not among the files
 * checked (a push or plan of some files): then push order matters, and the rule says which file to
 * push first.
 */
export function pendingExistenceView(created: CreatedEntities, catalog: EntityExistenceView, createdOutside?: CreatedEntities): EntityExistenceView {
  const view: EntityExistenceView = { exists: (urn) => existsInPendingState(urn, created, (u) => catalog.exists(u)) };
  if (createdOutside) view.createdOutside = (urn) => (created.has(urn) ? undefined : [...(createdOutside.get(urn) ?? [])].sort());
  return view;
}
