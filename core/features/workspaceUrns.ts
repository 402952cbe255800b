import { entityTypeOfUrn } from '../urn';
import { documentsToSearch } from './locate';
import type { FeatureInput } from './workspace';

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
