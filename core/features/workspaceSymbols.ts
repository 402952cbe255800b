import { SymbolKind } from 'vscode-languageserver-types';
import { propertyIdOf, propertyUrnOf } from '../definitions/normalise';
import type { Fact } from '../model/facts';
import type { SourceRange } from '../model/range';
import { datasetKey, entityTypeOfUrn, schemaFieldKey, urnShape } from '../urn';
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
  const shape = urnShape(urn);
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
 * Whether every character of `query` (already in lower case) appears in `text` in order, ignoring
 * case, without a lower-case copy of `text` (fuzzyMatches for the many URNs of a workspace query).
 */
function matchesFolded(query: string, upper: string, text: string): boolean {
  let at = 0;
  for (let i = 0; i < query.length; i++) {
    const lower = text.indexOf(query[i], at);
    const other = upper[i] === query[i] ? -1 : text.indexOf(upper[i], at);
    const found = lower < 0 ? other : other < 0 ? lower : Math.min(lower, other);
    if (found < 0) return false;
    at = found + 1;
  }
  return true;
}

const collator = new Intl.Collator();

type Candidate = NonNullable<ReturnType<typeof symbolOf>>;

const NOT_ASCII = /[^ -~\t\n\r]/;

/**
 * fuzzyMatches(query, urn) for the many URNs of one workspace query: an ASCII query is matched
 * without lower-case copies (a character matches itself in either case); a URN of other characters,
 * some of which lower-case to ASCII letters, is asked fuzzyMatches when that says no.
 */
function urnMatcher(query: string): (urn: string) => boolean {
  if (NOT_ASCII.test(query)) return (urn) => fuzzyMatches(query, urn);
  const lower = query.toLowerCase();
  const upper = query.toUpperCase();
  return (urn) => matchesFolded(lower, upper, urn) || (NOT_ASCII.test(urn) && fuzzyMatches(query, urn));
}

/**
 * The entities and properties the workspace defines or uses whose short name or URN matches
 * `query`: one symbol per URN, where it is defined when a file defines it, else where it is first
 * used (by URI); defined ones first, then by name.
 */
export function workspaceSymbols(documents: readonly WorkspaceDocument[], query: string): WorkspaceSymbolEntry[] {
  const byUrn = new Map<string, { candidate: Candidate; uri: string }>();
  const matches = urnMatcher(query);
  for (const document of documents) {
    const uri = document.uri;
    for (const fact of document.model.facts) {
      const candidate = symbolOf(fact);
      if (!candidate || candidate.range.end <= candidate.range.start) continue;
      // The URN holds the short name's characters in order: a URN that does not match cannot, and is never parsed.
      if (query && !matches(candidate.urn)) continue;
      const known = byUrn.get(candidate.urn);
      // Defined before used; among equals, the first file by URI (as if read in URI order).
      if (known && (known.candidate.defined !== candidate.defined ? known.candidate.defined : known.uri <= uri)) continue;
      byUrn.set(candidate.urn, { candidate, uri });
    }
  }
  const entries: WorkspaceSymbolEntry[] = [];
  for (const { candidate, uri } of byUrn.values()) {
    const { urn, range, defined } = candidate;
    const type = entityTypeOfUrn(urn);
    const what = type === 'structuredProperty' ? 'structured property' : (type ?? 'entity');
    entries.push({ name: shortNameOf(urn), kind: symbolKindOf(type), containerName: `${what}${defined ? '' : ' (used)'} · ${urn}`, urn, uri, range, defined });
  }
  return entries.sort((a, b) => Number(b.defined) - Number(a.defined) || collator.compare(a.name, b.name)).slice(0, MAX_WORKSPACE_SYMBOLS);
}
