import { SymbolKind } from 'vscode-languageserver-types';
import { propertyIdOf } from '../definitions/normalise';
import { kindAt, mentionsOf, rangeAt, roleAt, type FileMentions } from '../mentions/fileMentions';
import type { SourceRange } from '../model/range';
import { datasetKey, entityTypeOfUrn, schemaFieldKey, urnShape } from '../urn';
import type { WorkspaceDocument } from '../workspace/workspaceDocument';
import { inOrder, type MatchedRows, type SymbolMatchMemo } from './symbolMatchMemo';

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
  return inOrder(query.toLowerCase(), text.toLowerCase());
}

/** A mention's symbol: what it defines or uses, with the range to reveal (read from the file's mentions, core/mentions/fileMentions.ts). */
function symbolAt(mentions: FileMentions, index: number): { urn: string; range: SourceRange; defined: boolean } | undefined {
  const kind = kindAt(mentions, index);
  if (kind === 'definition' || kind === 'declaration') return { urn: mentions.urns[index], range: rangeAt(mentions, index), defined: true };
  if (kind === 'assignment') return { urn: mentions.urns[index], range: rangeAt(mentions, index), defined: false };
  if (kind === 'ref' && ENTITY_ROLES.has(roleAt(mentions, index) as string)) return { urn: mentions.urns[index], range: rangeAt(mentions, index), defined: false };
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

/**
 * The rows of `mentions` (those `within` lists, else every one) that are a symbol with a range and
 * whose URN `matches` (every one without it).
 */
function matchingRows(mentions: FileMentions, within: MatchedRows | undefined, matches: ((urn: string) => boolean) | undefined): number[] {
  const rows: number[] = [];
  const count = within ? within.length : mentions.urns.length;
  for (let at = 0; at < count; at++) {
    const index = within ? within[at] : at;
    // The URN holds the short name's characters in order: a URN that does not match cannot, and is never parsed.
    if (matches && !matches(mentions.urns[index])) continue;
    const candidate = symbolAt(mentions, index);
    if (candidate && candidate.range.end > candidate.range.start) rows.push(index);
  }
  return rows;
}

const collator = new Intl.Collator();

type Candidate = NonNullable<ReturnType<typeof symbolAt>>;

const NOT_ASCII = /[^ -~\t\n\r]/;

/**
 * fuzzyMatches(query, urn) for the many URNs of one workspace query: an ASCII query is matched
 * without lower-case copies (a character matches itself in either case); a URN of other characters,
 * some of which lower-case to ASCII letters, is asked fuzzyMatches when that says no.
 */
function urnMatcher(query: string): (urn: string, ascii: boolean) => boolean {
  if (NOT_ASCII.test(query)) return (urn) => fuzzyMatches(query, urn);
  const lower = query.toLowerCase();
  const upper = query.toUpperCase();
  return (urn, ascii) => matchesFolded(lower, upper, urn) || (!ascii && NOT_ASCII.test(urn) && fuzzyMatches(query, urn));
}

/** Whether every URN of a file's mentions is ASCII, found once per record (a query then never tests its URNs one by one). */
const asciiMentions = new WeakMap<FileMentions, boolean>();

function allAscii(mentions: FileMentions): boolean {
  let ascii = asciiMentions.get(mentions);
  if (ascii === undefined) {
    ascii = !mentions.urns.some((urn) => NOT_ASCII.test(urn));
    asciiMentions.set(mentions, ascii);
  }
  return ascii;
}

/**
 * The entities and properties the workspace defines or uses whose short name or URN matches
 * `query`: one symbol per URN, where it is defined when a file defines it, else where it is first
 * used (by URI); defined ones first, then by name. `memo`: what recent queries matched, so a query
 * asked again or typed further reads only what can have changed (./symbolMatchMemo.ts).
 */
export function workspaceSymbols(documents: readonly WorkspaceDocument[], query: string, memo?: SymbolMatchMemo): WorkspaceSymbolEntry[] {
  const byUrn = new Map<string, Found>();
  const matches = urnMatcher(query);
  const pass = query ? memo?.begin(query) : undefined;
  // One function per query, not per file: at 100,000 files a poll the memo answers is a walk over the files.
  const match = (mentions: FileMentions, within: MatchedRows | undefined) => {
    const ascii = query.length > 0 && allAscii(mentions);
    return matchingRows(mentions, within, query ? (urn) => matches(urn, ascii) : undefined);
  };
  for (const document of documents) {
    const uri = document.uri;
    const mentions = mentionsOf(document);
    const rows = pass ? pass.rowsOf(mentions, match) : match(mentions, undefined);
    for (const index of rows) {
      const candidate = symbolAt(mentions, index) as Candidate;
      const known = byUrn.get(candidate.urn);
      if (!known) {
        byUrn.set(candidate.urn, { candidate, uri, firstUri: uri, firstIndex: index });
        continue;
      }
      // Where it first occurs in URI order: the order of equal names (files were read in URI order).
      if (uri < known.firstUri) {
        known.firstUri = uri;
        known.firstIndex = index;
      }
      // Defined before used; among equals, the first file by URI.
      if (known.candidate.defined !== candidate.defined ? known.candidate.defined : known.uri <= uri) continue;
      known.candidate = candidate;
      known.uri = uri;
    }
  }
  pass?.end();
  // Only the first MAX_WORKSPACE_SYMBOLS become entries.
  const named: Named[] = [];
  for (const found of byUrn.values()) named.push({ ...found, name: shortNameOf(found.candidate.urn) });
  return firstInOrder(named, MAX_WORKSPACE_SYMBOLS).map(({ name, candidate, uri }) => {
    const { urn, range, defined } = candidate;
    const type = entityTypeOfUrn(urn);
    const what = type === 'structuredProperty' ? 'structured property' : (type ?? 'entity');
    return { name, kind: symbolKindOf(type), containerName: `${what}${defined ? '' : ' (used)'} · ${urn}`, urn, uri, range, defined };
  });
}

/** A URN's symbol while the documents are read: where it is shown, and where it first occurs in URI order. */
interface Found {
  candidate: Candidate;
  uri: string;
  firstUri: string;
  firstIndex: number;
}

interface Named extends Found {
  name: string;
}

/** Defined before used, then by name as the editor's language sorts, then where it first occurs in URI order. */
function before(a: Named, b: Named): number {
  return Number(b.candidate.defined) - Number(a.candidate.defined) || collator.compare(a.name, b.name) || (a.firstUri < b.firstUri ? -1 : a.firstUri > b.firstUri ? 1 : a.firstIndex - b.firstIndex);
}

/**
 * The first `count` of `items` in `before` order, sorted: what sorting them all and cutting would
 * give, with a bounded max-heap, so a query matching 100,000 URNs compares each about once
 * against the heap's top instead of sorting them all.
 */
function firstInOrder(items: Named[], count: number): Named[] {
  if (items.length <= count) return items.sort(before);
  const heap: Named[] = [];
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j], heap[i]]);
  for (const item of items) {
    if (heap.length === count && before(item, heap[0]) >= 0) continue;
    if (heap.length === count) {
      heap[0] = item;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let largest = i;
        if (left < count && before(heap[left], heap[largest]) > 0) largest = left;
        if (right < count && before(heap[right], heap[largest]) > 0) largest = right;
        if (largest === i) break;
        swap(i, largest);
        i = largest;
      }
      continue;
    }
    heap.push(item);
    for (let i = heap.length - 1; i > 0 && before(heap[i], heap[(i - 1) >> 1]) > 0; i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
  }
  return heap.sort(before);
}
