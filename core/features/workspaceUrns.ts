import { entityTypeOfUrn } from '../urn';
import { documentsToSearch, within } from './locate';
import { kindAt, mentionsOf, rangeAt, roleAt } from '../mentions/fileMentions';
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
    const mentions = mentionsOf(doc);
    for (let index = 0; index < mentions.urns.length; index++) {
      const kind = kindAt(mentions, index);
      if (kind !== 'declaration' && kind !== 'ref') continue;
      const urn = mentions.urns[index];
      // The URN being typed is not a suggestion for itself.
      if (doc === input.document && kind === 'ref' && within(rangeAt(mentions, index), caret)) continue;
      if (kind === 'declaration' && accept(urn)) declared.push({ urn, detail: `declared in ${file}` });
      else if (kind === 'ref' && ENTITY_ROLES.has(roleAt(mentions, index) as string) && accept(urn)) mentioned.push({ urn, detail: `used in ${file}` });
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
    const mentions = mentionsOf(doc);
    for (let index = 0; index < mentions.urns.length; index++) {
      const kind = kindAt(mentions, index);
      const urn = mentions.urns[index];
      if (kind === 'declaration' && accept(urn) && !declared.has(urn)) declared.set(urn, `declared in ${file}`);
      else if (kind === 'ref' && ENTITY_ROLES.has(roleAt(mentions, index) as string) && accept(urn)) {
        const seen = mentioned.get(urn);
        mentioned.set(urn, { file: seen?.file ?? file, count: (seen?.count ?? 0) + 1 });
      }
    }
  }
  const others = [...mentioned].filter(([urn]) => !declared.has(urn)).sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1));
  return [...[...declared].map(([urn, detail]) => ({ urn, detail })), ...others.map(([urn, seen]) => ({ urn, detail: `used in ${seen.file}${seen.count > 1 ? ` and ${seen.count - 1} more place(s)` : ''}` }))].slice(0, limit);
}
