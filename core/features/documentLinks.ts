import type { SourceRange } from '../model/range';
import type { WorkspaceDocument } from '../workspace/workspaceDocument';

/** At most this many links per document: a generated file of 100,000 URNs gets its first ones, not a frozen editor. */
export const MAX_DOCUMENT_LINKS = 2_000;

export interface CatalogDocumentLink {
  range: SourceRange;
  target: string;
  urn: string;
}

/**
 * A link to DataHub's web UI on every URN written in the document whose entity type has a page
 * there (datasets, fields, jobs, charts, properties…); none without a UI address (`linkOf` absent).
 */
export function catalogDocumentLinks(document: WorkspaceDocument, linkOf: ((urn: string) => string | undefined) | undefined): CatalogDocumentLink[] {
  if (!linkOf) return [];
  const links: CatalogDocumentLink[] = [];
  const seen = new Set<number>();
  for (const fact of document.model.facts) {
    if (fact.kind !== 'entityRef' || fact.range.end <= fact.range.start || seen.has(fact.range.start)) continue;
    const target = linkOf(fact.urn);
    if (!target) continue;
    seen.add(fact.range.start);
    links.push({ range: fact.range, target, urn: fact.urn });
    if (links.length >= MAX_DOCUMENT_LINKS) break;
  }
  return links;
}
