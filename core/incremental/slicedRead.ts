import { performance } from 'node:perf_hooks';
import { associationFor, pathOfUri } from '../formats/associations';
import type { DocumentParts, ReadOptions } from '../formats';
import { countItem, detectItem, detectListFromCounts, newListCounts } from '../formats/detect';
import { isTopLevelList, modelOfLayout, parseItemRun, readItemRun, type YamlItem, type YamlItemLayout } from '../formats/yamlUnits';
import type { DocumentModel, FormatId } from '../model/facts';
import { FRAMED_LIST_FORMAT, framedListStart, frameEnd, readFramedFirstRun, withFrameEnd } from './slicedFrame';

/**
 * About how much text one step parses: a run of whole items this long (more when one item is
 * longer), a few milliseconds of work on an idle machine, so a caller that checks the clock after
 * each run never holds the event loop much past its budget.
 */
export const SLICE_CHARS = 4_096;

/**
 * How a read in slices ended: the parts of the text read (`readChars` of it: all of it, or, when the
 * text is longer than the read's limit, the items that fit under it), or `whole` when the text
 * cannot be read in slices with the same answer as a whole read (then the caller reads it whole,
 * or not at all when it is over the limit), with the reason.
 */
export type SlicedOutcome = { kind: 'read'; parts: DocumentParts; readChars: number } | { kind: 'whole'; why: string };

/** A `---` or `...` line: the text holds more than one YAML document, which is read whole. */
const DOCUMENT_MARKER = /^(?:---|\.\.\.)(?:[ \t\r\n]|$)/m;

/**
 * A YAML list format with its list at the top level (a dataset YAML, a properties YAML) read a run
 * of items at a time, so that reading a large open document can stop after each run and let other
 * work go first (server: a document of 50,000 lines is read in slices of about 4 KB between
 * requests, a 20 MB one up to the limit of open documents). The parts read are exactly the whole
 * read's (core/formats/index.ts readDocumentUnits, test/unit/incremental/slicedRead.test.ts): the
 * runs are cut at lines whose `-` stands at the column of the first item's, each run must parse
 * alone as whole items of that list (no syntax error, anchor or second document), and the format
 * is decided by content detection over every item at the end. A lineage file, whose frame is a
 * mapping around the list, is read the same way when its list is the last thing in it: its first
 * run is read with the frame (./slicedFrame.ts). Anything else — JSON, leading text other than
 * comments, a key after a lineage file's list — answers `whole`.
 *
 * The format is guessed from the first run's items (so the items read so far can be checked
 * before the read is done, `soFar`) and confirmed against every item's at the end.
 */
export class SlicedRead {
  /** where the next run starts (a line start of an item) */
  private position = 0;
  private indent = 0;
  private format: FormatId | undefined;
  private readonly detectedBy: DocumentModel['detectedBy'];
  private readonly items: YamlItem[] = [];
  private readonly counts = newListCounts();
  private outcome: SlicedOutcome | undefined;
  /** a lineage file's: where its list's first item starts (the text before it is the frame), and the frame once read */
  private framed: { prefixEnd: number; forced: FormatId | undefined; layout?: YamlItemLayout } | undefined;
  /** where the last run read starts */
  private lastRunStart = 0;

  /** `limit`: how much of the text may be read (in characters); a longer text is read up to the last item that ends under it. */
  constructor(
    readonly uri: string,
    readonly text: string,
    options: ReadOptions,
    private readonly limit: number,
  ) {
    const forced = options.format ?? associationFor(uri, options.associations);
    this.detectedBy = forced ? 'association' : 'content';
    if (!/\.ya?ml$/i.test(pathOfUri(uri))) this.outcome = whole('only YAML files are read in slices');
    else if (forced === 'none' || (forced && !isTopLevelList(forced) && forced !== FRAMED_LIST_FORMAT)) this.outcome = whole('its format is not a list read in slices');
    else this.startAt(text, forced);
  }

  private startAt(text: string, forced: FormatId | undefined): void {
    const first = forced === FRAMED_LIST_FORMAT ? undefined : firstItemLine(text);
    if (first) {
      this.format = forced;
      this.position = first.start;
      this.indent = first.indent;
      return;
    }
    const framed = forced === undefined || forced === FRAMED_LIST_FORMAT ? framedListStart(text) : undefined;
    if (!framed) return this.giveUp('it does not start with a list item (after comments), nor is it a lineage file whose `lineage:` list follows its other keys');
    this.framed = { prefixEnd: framed.prefixEnd, forced };
    this.position = framed.prefixEnd;
    this.indent = framed.indent;
  }

  /** How far the text is read: where the items read so far end. */
  get readChars(): number {
    return this.position;
  }

  /** Reads runs of items for about `budgetMs` (at least one run); answers the outcome once the read is over, undefined while text is left. */
  step(budgetMs: number): SlicedOutcome | undefined {
    const until = performance.now() + budgetMs;
    while (!this.outcome) {
      this.readRun();
      if (performance.now() >= until) break;
    }
    return this.outcome;
  }

  /** The items read so far as the parts of the text up to where they end (checks before the read is over); undefined before the first run. */
  soFar(): { parts: DocumentParts; readChars: number } | undefined {
    return this.format && this.items.length > 0 ? { parts: this.parts(), readChars: this.position } : undefined;
  }

  private readRun(): void {
    const { text } = this;
    if (this.position >= text.length) return this.finish();
    const next = runEnd(text, this.position + SLICE_CHARS, this.indent);
    // The last run under the limit ends at the last item that ends under it.
    const end = next > this.limit ? lastItemStartBefore(text, this.limit, this.indent) : next;
    if (end <= this.position) return this.finish();
    const framedStart = this.framed && !this.framed.layout;
    const lines = text.slice(framedStart ? 0 : this.position, end);
    if (/\r(?!\n)/.test(lines) || DOCUMENT_MARKER.test(lines)) return this.giveUp('it holds a line break of a lone CR, or more than one YAML document');
    this.lastRunStart = this.position;
    if (framedStart) return this.readFrame(lines, end);
    const run = parseItemRun(lines, this.position, this.indent);
    if (!run) return this.giveUp('a run of its items does not read alone (a syntax error, an anchor or alias, an item not at the list’s column)');
    if (!this.format) {
      const counts = newListCounts();
      for (const item of run.items) countItem(counts, detectItem(item), 1);
      const guessed = detectListFromCounts(counts);
      if (!guessed || !isTopLevelList(guessed)) return this.giveUp('its first items are not of a list format read in slices');
      this.format = guessed;
    }
    for (const item of readItemRun(this.format, run, this.items.length, this.position, lines.length)) {
      this.items.push(item);
      countItem(this.counts, item.detection, 1);
    }
    this.position = end;
  }

  /** The first run of a lineage file, read with its frame (`lines`: the text up to `end`). */
  private readFrame(lines: string, end: number): void {
    const framed = this.framed as NonNullable<SlicedRead['framed']>;
    const layout = readFramedFirstRun(lines, framed.forced, this.detectedBy);
    if (!layout) return this.giveUp('its frame and first items do not read alone as a lineage file (a syntax error, an anchor, another format, a key after the list)');
    framed.layout = layout;
    this.format = layout.format;
    for (const item of layout.items) this.items.push(item);
    this.position = end;
  }

  private finish(): void {
    if (this.items.length === 0) return this.giveUp('its first item alone is longer than the limit');
    if (this.framed) return this.finishFramed();
    if (this.detectedBy === 'content' && detectListFromCounts(this.counts) !== this.format) return this.giveUp('content detection over every item decides another format than its first items');
    this.outcome = { kind: 'read', parts: this.parts(), readChars: this.position };
  }

  /**
   * A lineage file's read ends: its root mapping's shape is set to end where the whole read's does.
   * Content detection needs no second look: its first items already made it a lineage file, and more
   * items of the same list cannot unmake it (the rule reads the root's keys and whether any entry
   * has `entity` or `upstream`).
   */
  private finishFramed(): void {
    const framed = this.framed as NonNullable<SlicedRead['framed']>;
    const layout = framed.layout as YamlItemLayout;
    const end = frameEnd(this.text.slice(0, framed.prefixEnd), this.text.slice(this.lastRunStart, this.position), this.lastRunStart);
    if (end === undefined) return this.giveUp('its frame does not read with its last items');
    framed.layout = withFrameEnd(layout, end);
    this.outcome = { kind: 'read', parts: this.parts(), readChars: this.position };
  }

  private giveUp(why: string): void {
    this.outcome = whole(why);
  }

  /** The items read so far with the frame of a list at the top level (no facts of its own), as readDocumentUnits gives them. */
  private parts(): DocumentParts {
    const frame = this.framed?.layout?.frame ?? { facts: [], sweepBefore: [], sweepAfter: [] };
    const layout: YamlItemLayout = { format: this.format as FormatId, detectedBy: this.detectedBy, indent: this.indent, frame, items: [...this.items] };
    return { model: modelOfLayout(this.uri, layout), yaml: layout };
  }
}

function whole(why: string): SlicedOutcome {
  return { kind: 'whole', why };
}

/** The line of the first list item, after blank and comment lines only; undefined when anything else comes first. */
function firstItemLine(text: string): { start: number; indent: number } | undefined {
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const line = text.slice(start, newline === -1 ? text.length : newline);
    const item = /^( *)-(?:[ \t\r]|$)/.exec(line);
    if (item) return { start, indent: item[1].length };
    if (!/^\s*(?:#.*)?$/.test(line)) return undefined;
    if (newline === -1) return undefined;
    start = newline + 1;
  }
  return undefined;
}

/** The start of the first line at or after `from` whose `-` stands at column `indent` (the next item's), or the end of the text. */
function runEnd(text: string, from: number, indent: number): number {
  if (from >= text.length) return text.length;
  const marker = `\n${' '.repeat(indent)}-`;
  let at = text.indexOf(marker, from - 1);
  while (at !== -1) {
    const after = text[at + marker.length];
    if (after === undefined || after === ' ' || after === '\t' || after === '\n' || after === '\r') return at + 1;
    at = text.indexOf(marker, at + 1);
  }
  return text.length;
}

/** The start of the last line at or before `limit` whose `-` stands at column `indent` (an item's first line); 0 when none. */
function lastItemStartBefore(text: string, limit: number, indent: number): number {
  const marker = `\n${' '.repeat(indent)}-`;
  let at = text.lastIndexOf(marker, limit - 1);
  while (at !== -1) {
    const after = text[at + marker.length];
    if (after === undefined || after === ' ' || after === '\t' || after === '\n' || after === '\r') return at + 1;
    at = text.lastIndexOf(marker, at - 1);
  }
  return 0;
}
