import type { WorkspaceDocument } from './workspaceDocument';
import type { SourceRange } from '../model/range';
import { mentionAt, mentionsOf } from '../mentions/fileMentions';

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
 * Read from the document's mentions (core/mentions/fileMentions.ts), which keep its facts' order.
 */
export function entityDeclarationIn(document: WorkspaceDocument, urn: string): EntityDeclaration | undefined {
  const mentions = mentionsOf(document);
  let mention: EntityDeclaration | undefined;
  for (let index = 0; index < mentions.urns.length; index++) {
    if (mentions.urns[index] !== urn) continue;
    const found = mentionAt(mentions, index);
    if (found.kind === 'declaration') {
      if (found.topLevel) return { uri: document.uri, range: found.range, exact: true };
      mention ??= { uri: document.uri, range: found.range, exact: false };
    }
    if (found.kind === 'aspect') return { uri: document.uri, range: found.range, exact: true };
    if (found.kind === 'ref') mention ??= { uri: document.uri, range: found.range, exact: false };
  }
  return mention;
}

/** Where the documents declare an entity, the first by URI with a declaration, else the first that names it; undefined when none does. */
export function entityDeclarationAmong(documents: readonly WorkspaceDocument[], urn: string): EntityDeclaration | undefined {
  let fallback: EntityDeclaration | undefined;
  for (const document of [...documents].sort((a, b) => (a.uri < b.uri ? -1 : 1))) {
    const found = entityDeclarationIn(document, urn);
    if (found?.exact) return found;
    fallback ??= found;
  }
  return fallback;
}
