import { mentionsOf, type FileMentions } from '../mentions/fileMentions';
import type { WorkspaceDocument } from '../workspace/workspaceDocument';
import { FoundSymbols, symbolAt, type WorkspaceSymbolEntry } from './foundSymbols';
import { inOrder, type MatchedRows, type SymbolMatchMemo, type SymbolMatchPass } from './symbolMatchMemo';

export { MAX_WORKSPACE_SYMBOLS, shortNameOf, symbolKindOf, type WorkspaceSymbolEntry } from './foundSymbols';

/** Whether every character of `query` appears in `text` in order, ignoring case (how editors filter symbols). */
export function fuzzyMatches(query: string, text: string): boolean {
  return inOrder(query.toLowerCase(), text.toLowerCase());
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

/** The documents a workspace/symbol query reads, and what changed among them since an earlier query (the workspace session). */
export interface ChangingDocuments {
  /** every metadata document */
  all(): readonly WorkspaceDocument[];
  /** grows with every document stored or dropped */
  readonly generation: number;
  /** the URIs of the documents stored or dropped since `generation`, undefined when that is no longer known */
  changedSince(generation: number): readonly string[] | undefined;
  /** a metadata document as all() lists it, undefined when there is none at `uri` */
  listed(uri: string): WorkspaceDocument | undefined;
}

/** The rows of a file's mentions one query matches (every symbol row for the empty query). */
type RowMatch = (mentions: FileMentions, within: MatchedRows | undefined) => MatchedRows;

/** One function per query, not per file: at 100,000 files a poll the memo answers is a walk over the files. */
function rowMatch(query: string): RowMatch {
  const matches = urnMatcher(query);
  return (mentions, within) => {
    const ascii = query.length > 0 && allAscii(mentions);
    return matchingRows(mentions, within, query ? (urn) => matches(urn, ascii) : undefined);
  };
}

/**
 * The entities and properties the workspace defines or uses whose short name or URN matches
 * `query`: one symbol per URN, where it is defined when a file defines it, else where it is first
 * used (by URI); defined ones first, then by name. `memo`: what recent queries matched, so a query
 * asked again or typed further reads only what can have changed (./symbolMatchMemo.ts).
 */
export function workspaceSymbols(documents: readonly WorkspaceDocument[], query: string, memo?: SymbolMatchMemo): WorkspaceSymbolEntry[] {
  return readAll(documents, query, memo, undefined).entries();
}

/** Answers of more symbols than this are not kept whole (a one-letter query at 100,000 files matches every URN). */
const KEPT_ANSWER_MAX_SYMBOLS = 5_000;

/**
 * workspaceSymbols of the session's documents. A query asked again whose whole answer is kept
 * reads only the files stored since (a client polling while 100,000 files are read must not walk
 * them all each time); it is read afresh when a file that gave the answer a symbol changed or went,
 * or when the session no longer knows what changed.
 */
export function workspaceSymbolsOf(documents: ChangingDocuments, query: string, memo: SymbolMatchMemo): WorkspaceSymbolEntry[] {
  const generation = documents.generation;
  const again = query ? memo.again(query) : undefined;
  const changed = again ? documents.changedSince(again.kept.generation) : undefined;
  if (!again || !changed || changed.some((uri) => again.kept.found.has(uri))) return readAll(documents.all(), query, memo, generation).entries();
  const { found } = again.kept;
  const match = rowMatch(query);
  for (const uri of new Set(changed)) {
    const document = documents.listed(uri);
    if (!document) continue;
    const mentions = mentionsOf(document);
    found.add(uri, mentions, again.pass.rowsOf(mentions, match));
  }
  endPass(again.pass, found, generation);
  return found.entries();
}

/** Every document's symbols matching `query`; the memo's pass, when there is one, kept with the whole answer as of `generation` when given. */
function readAll(documents: readonly WorkspaceDocument[], query: string, memo: SymbolMatchMemo | undefined, generation: number | undefined): FoundSymbols {
  const found = new FoundSymbols();
  const match = rowMatch(query);
  const pass = query ? memo?.begin(query) : undefined;
  for (const document of documents) {
    const mentions = mentionsOf(document);
    found.add(document.uri, mentions, pass ? pass.rowsOf(mentions, match) : match(mentions, undefined));
  }
  if (pass) endPass(pass, found, generation);
  return found;
}

function endPass(pass: SymbolMatchPass, found: FoundSymbols, generation: number | undefined): void {
  pass.end(generation !== undefined && found.size <= KEPT_ANSWER_MAX_SYMBOLS ? { generation, found } : undefined);
}
