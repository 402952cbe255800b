import { SymbolKind } from 'vscode-languageserver-types';
import { propertyIdOf, propertyUrnOf } from '../definitions/normalise';
import type { Fact } from '../model/facts';
import type { SourceRange } from '../model/range';
import { datasetKey, entityTypeOfUrn, parseUrn, schemaFieldKey } from '../urn';
import type { WorkspaceDocument } from '../workspace/workspaceDocument';

/** At most this many symbols per answer (an editor shows the best few dozen; a 25,000-file workspace must not send them all). */
export const MAX_WORKSPACE_SYMBOLS = 1_000;

export interface WorkspaceSymbolEntry {
  /** what a reader searches for: a property id, a dataset name, `dataset.field` */
  name: string;
  kind: SymbolKind;
  /** what it is and its full URN: `dataset · urn:li:dataset:(…)` */
  containerName: string;
  urn: string;
  uri: string;
  range: SourceRange;
  /** defined (a property definition, a dataset or field declaration) rather than only used */
  defined: boolean;
}

const ENTITY_ROLES = new Set(['entity', 'upstream', 'downstream', 'fieldUpstream', 'fieldDownstream', 'value']);

/** The kind an editor shows for an entity type: a dataset a class, a column a field, a job a function… */
export function symbolKindOf(entityType: string | undefined): SymbolKind {
  switch (entityType) {
    case 'structuredProperty':
      return SymbolKind.Property;
    case 'schemaField':
      return SymbolKind.Field;
    case 'dataJob':
      return SymbolKind.Function;
    case 'dataFlow':
      return SymbolKind.Module;
    case 'chart':
    case 'dashboard':
      return SymbolKind.Interface;
    default:
      return SymbolKind.Class;
  }
}

/** The short name of a URN: a property's id, a dataset's name, `dataset.field` for a column, else the key. */
export function shortNameOf(urn: string): string {
  if (entityTypeOfUrn(urn) === 'structuredProperty') return propertyIdOf(urn);
  const parsed = parseUrn(urn);
  const shape = parsed.ok ? parsed.urn : parsed.urn;
  if (!shape) return urn;
  const dataset = datasetKey(shape);
  if (dataset) return dataset.name;
  const field = schemaFieldKey(shape);
  if (field) return `${shortNameOf(field.datasetUrn)}.${field.fieldPath}`;
  return urn.slice(`urn:li:${shape.entityType}:`.length);
}

/** Whether every character of `query` appears in `text` in order, ignoring case (how editors filter symbols). */
export function fuzzyMatches(query: string, text: string): boolean {
  const q = query.toLowerCase();
  const t = text.toLowerCase();
  let at = 0;
  for (const ch of q) {
    at = t.indexOf(ch, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/** A fact's symbol: what it defines or uses, with the range to reveal. */
function symbolOf(fact: Fact): { urn: string; range: SourceRange; defined: boolean } | undefined {
  if (fact.kind === 'propertyDefinition' && fact.urn.value) return { urn: propertyUrnOf(fact.urn.value), range: (fact.id ?? fact.urn).range, defined: true };
  if (fact.kind === 'entityDeclaration') return { urn: fact.urn.value, range: fact.urn.range, defined: true };
  if (fact.kind === 'propertyAssignment') return { urn: fact.propertyUrn, range: fact.property.range, defined: false };
  if (fact.kind === 'entityRef' && ENTITY_ROLES.has(fact.role)) return { urn: fact.urn, range: fact.range, defined: false };
  return undefined;
}

/**
 * The entities and properties the workspace defines or uses whose short name or URN matches
 * `query`: one symbol per URN, where it is defined when a file defines it, else where it is first
 * used; defined ones first, then by name.
 */
export function workspaceSymbols(documents: readonly WorkspaceDocument[], query: string): WorkspaceSymbolEntry[] {
  const byUrn = new Map<string, WorkspaceSymbolEntry>();
  const sorted = [...documents].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
  for (const document of sorted) {
    for (const fact of document.model.facts) {
      const found = symbolOf(fact);
      if (!found || found.range.end <= found.range.start) continue;
      const known = byUrn.get(found.urn);
      if (known && (known.defined || !found.defined)) continue;
      // The URN holds the short name's characters in order: a URN that does not match cannot, and is never parsed.
      if (query && !fuzzyMatches(query, found.urn)) continue;
      const name = shortNameOf(found.urn);
      const type = entityTypeOfUrn(found.urn);
      const what = type === 'structuredProperty' ? 'structured property' : (type ?? 'entity');
      byUrn.set(found.urn, { name, kind: symbolKindOf(type), containerName: `${what}${found.defined ? '' : ' (used)'} · ${found.urn}`, urn: found.urn, uri: document.uri, range: found.range, defined: found.defined });
    }
  }
  return [...byUrn.values()].sort((a, b) => Number(b.defined) - Number(a.defined) || a.name.localeCompare(b.name)).slice(0, MAX_WORKSPACE_SYMBOLS);
}
