import { entityTypeOfUrn } from '../urn';
import { documentsToSearch } from './locate';
import type { FeatureInput, WorkspaceDocument } from '../workspace/workspaceDocument';

const ENTITY_ROLES = new Set(['entity', 'upstream', 'downstream', 'fieldUpstream', 'fieldDownstream', 'value', 'other']);

/** Entity URNs written anywhere in the workspace (declared datasets first), optionally of some types. */
export function workspaceUrns(input: FeatureInput, types: readonly string[] | undefined, caret: number): { urn: string; detail: string }[] {
  const declared: { urn: string; detail: string }[] = [];
  const mentioned: { urn: string; detail: string }[] = [];
  const accept = (urn: string) => {
    const type = entityTypeOfUrn(urn);
    return type !== undefined && type !== 'structuredProperty' && type !== 'dataType' && type !== 'entityType' && (!types || types.includes(type));
  };
  for (const doc of documentsToSearch(input.document, input.workspace)) {
    const file = doc.uri.slice(doc.uri.lastIndexOf('/') + 1);
    for (const fact of doc.model.facts) {
      // The URN being typed is not a suggestion for itself.
      if (doc === input.document && fact.kind === 'entityRef' && fact.range.start <= caret && caret <= fact.range.end) continue;
      if (fact.kind === 'entityDeclaration' && accept(fact.urn.value)) declared.push({ urn: fact.urn.value, detail: `declared in ${file}` });
      else if (fact.kind === 'entityRef' && ENTITY_ROLES.has(fact.role) && accept(fact.urn)) mentioned.push({ urn: fact.urn, detail: `used in ${file}` });
    }
  }
  return [...declared, ...mentioned];
}

/** At most this many entities are offered by a picker (a workspace of generated files can hold far more). */
export const MAX_WORKSPACE_ENTITIES = 2_000;

/**
 * The entities the workspace declares or mentions, each once (declared ones first, then by how
 * often they are written), for a picker such as Pull from Catalog's; type and property URNs left out.
 */
export function workspaceEntities(documents: readonly WorkspaceDocument[], limit = MAX_WORKSPACE_ENTITIES): { urn: string; detail: string }[] {
  const declared = new Map<string, string>();
  const mentioned = new Map<string, { file: string; count: number }>();
  const accept = (urn: string) => {
    const type = entityTypeOfUrn(urn);
    return type !== undefined && type !== 'structuredProperty' && type !== 'dataType' && type !== 'entityType';
  };
  for (const doc of documents) {
    const file = doc.uri.slice(doc.uri.lastIndexOf('/') + 1);
    for (const fact of doc.model.facts) {
      if (fact.kind === 'entityDeclaration' && accept(fact.urn.value) && !declared.has(fact.urn.value)) declared.set(fact.urn.value, `declared in ${file}`);
      else if (fact.kind === 'entityRef' && ENTITY_ROLES.has(fact.role) && accept(fact.urn)) {
        const seen = mentioned.get(fact.urn);
        mentioned.set(fact.urn, { file: seen?.file ?? file, count: (seen?.count ?? 0) + 1 });
      }
    }
  }
  const others = [...mentioned].filter(([urn]) => !declared.has(urn)).sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1));
  return [...[...declared].map(([urn, detail]) => ({ urn, detail })), ...others.map(([urn, seen]) => ({ urn, detail: `used in ${seen.file}${seen.count > 1 ? ` and ${seen.count - 1} more place(s)` : ''}` }))].slice(0, limit);
}
