import type { WorkspaceDocument } from './workspaceDocument';
import type { SourceRange } from '../model/range';

/** Where a document declares (or at least names) an entity. */
export interface EntityDeclaration {
  uri: string;
  range: SourceRange;
  /** a declaration (dataset YAML entry, top-level lineage-file entity, MCP subject), not only a mention */
  exact: boolean;
}

/**
 * The place in one document that declares an entity: a top-level dataset YAML or lineage-file
 * entity, or an MCP whose subject is the URN; failing that, the first place that names it.
 */
export function entityDeclarationIn(document: WorkspaceDocument, urn: string): EntityDeclaration | undefined {
  let mention: EntityDeclaration | undefined;
  for (const fact of document.model.facts) {
    if (fact.kind === 'entityDeclaration' && fact.urn.value === urn) {
      if (fact.depth === 0) return { uri: document.uri, range: fact.urn.range, exact: true };
      mention ??= { uri: document.uri, range: fact.urn.range, exact: false };
    }
    if (fact.kind === 'aspect' && fact.entityUrn.value === urn) return { uri: document.uri, range: fact.entityUrn.range, exact: true };
    if (fact.kind === 'entityRef' && fact.urn === urn) mention ??= { uri: document.uri, range: fact.range, exact: false };
  }
  return mention;
}
