import { countText } from '../common/countText';
import { Alias, Document, isAlias, isMap, isPair, isScalar, isSeq, parseAllDocuments, Scalar, visit, type YAMLError } from 'yaml';
import type { ParseProblem } from '../model/facts';
import type { SourceRange } from '../model/range';
import { parseQuickYaml } from './quickYaml';
import type { DocNode, MapEntry, ScalarNode, YamlParse } from './tree';
import { absentValue } from './tree';

/**
 * The values aliases may add to one file (all its `---` documents together): past it the file is
 * treated as an alias bomb. Every check's work grows with the values of the model, and without
 * aliases those are bounded by the text (at most 2 MiB is checked); aliases add at most this many,
 * whatever they expand to. 14 entries each aliasing the previous one 10 times (2 KB) used to make
 * 200,000 values, 28,361 diagnostics and a server busy for 15–31 s.
 */
export const ALIAS_EXPANSION_BUDGET = 10_000;
/** Deeper nesting than this is not read (no real metadata file comes close). */
const MAX_DEPTH = 400;

/**
 * `text` read as YAML. `base`: where `text` starts in the document it was cut from (a part read
 * again on its own, core/formats/yamlUnits.ts); every range is then an offset in that document.
 * Problems are listed in the order of where they are, whatever found them.
 *
 * A quote that is never closed ends where YAML ends any quoted value whose next line is not
 * indented enough to continue it (docs/formats.md "Syntax errors and an unclosed quote"): the yaml package does that
 * when a matching quote comes later in the file, but reads everything up to the end of the file
 * into the value when none does — one quote typed in the first item of a list would empty the
 * rest of the file of facts. So when a quote runs to the end of the text, the text is read once
 * more as if a comment holding the closing quotes followed it (kept only when what it read still
 * ends inside the text), which ends the value at the first
 * line indented too little (the next item of a list), reports "Missing closing quote" there, and
 * reads every later line as written. A part of the text read on its own (an item, a run of items)
 * ends the quote at the same place, so both reads agree.
 */
export function parseYaml(text: string, base = 0): YamlParse {
  return parseQuickYaml(text, base) ?? parseYamlFully(text, base);
}

/**
 * parseYaml with the `yaml` package alone. parseYaml first tries the quick reader of plain block
 * YAML (./quickYaml.ts), which gives exactly this tree 3–6 times faster on the shapes metadata files
 * are written in (no syntax errors among them) and hands anything else here
 * (test/property/formats/quickYaml.test.ts proves the trees equal); the tests call this to compare.
 */
export function parseYamlFully(text: string, base = 0): YamlParse {
  const read = parseText(text, base, text.length);
  if (!read.quoteRunsToEnd) return read.parse;
  // On a line of its own, or after the last line when the text does not end with a line break (a new line would move where the last nodes end).
  const suffix = `${text.length === 0 || text.endsWith('\n') ? '' : ' '}#"'`;
  const closed = parseText(text + suffix, base, text.length);
  return closed.fits ? closed.parse : read.parse;
}

/** The options every YAML text is parsed with (./yamlStreamTail.ts parses with the same). */
export const YAML_PARSE_OPTIONS = { prettyErrors: false, uniqueKeys: false, strict: true } as const;

/** What is read of a yaml error: its code, message and position (a plain object for the errors ./yamlStreamTail.ts finds). */
export type YamlErrorLike = Pick<YAMLError, 'code' | 'message' | 'pos'>;

/** One composed document and its errors, in the order the yaml package lists them (its own, then those of the stream after it). */
export interface ComposedDocument {
  doc: Document.Parsed;
  errors: readonly YamlErrorLike[];
}

/**
 * `text` read once; `length`: how much of it is the document's own text (the rest, a comment added
 * to close a quote: no range ends past it, and `fits` says whether no value took any of it in).
 */
function parseText(text: string, base: number, length: number): ConvertedText {
  const parsed = parseAllDocuments(text, YAML_PARSE_OPTIONS);
  const docs: Document.Parsed[] = Array.isArray(parsed) ? parsed : [];
  return convertDocuments(
    docs.map((doc) => ({ doc, errors: doc.errors })),
    text,
    base,
    length,
  );
}

/** A text's documents as parseText reads them, and what parseYamlFully needs to know to close a quote that runs to the end. */
export interface ConvertedText {
  parse: YamlParse;
  quoteRunsToEnd: boolean;
  fits: boolean;
}

/** Composed documents of `text` (see parseText) converted to our tree, their errors to problems in order of where they are. */
export function convertDocuments(docs: readonly ComposedDocument[], text: string, base: number, length: number): ConvertedText {
  const problems: ParseProblem[] = [];
  const documents: (DocNode | null)[] = [];
  let usesAnchors = false;
  let quoteRunsToEnd = false;
  let fits = true;
  const budget: AliasBudget = { left: ALIAS_EXPANSION_BUDGET, reported: false };
  // A text that ends a document early repeats a few messages thousands of times (`Unexpected map-value-ind token in YAML stream: ":"`): each worded once.
  const worded = new Map<string, Map<string, string>>();
  const wordingOf = (error: YamlErrorLike) => {
    let byMessage = worded.get(error.code);
    if (!byMessage) worded.set(error.code, (byMessage = new Map()));
    let message = byMessage.get(error.message);
    if (message === undefined) byMessage.set(error.message, (message = messageOf(error)));
    return message;
  };
  for (const { doc, errors } of docs) {
    for (const error of errors) {
      problems.push(problemOf(error, text, base, wordingOf(error)));
      if (error.pos[0] >= length) fits = false;
      if (error.code === 'MISSING_CHAR' && error.pos[0] >= length && /closing .quote/.test(error.message)) quoteRunsToEnd = true;
    }
    const converter = new YamlConverter(text, base, base + length, doc, problems, budget);
    documents.push(doc.contents ? converter.convert(doc.contents, 0, undefined) : null);
    usesAnchors ||= converter.usesAnchors;
    fits &&= !converter.scalarPastLimit;
  }
  const named = problems.length > 0 ? nameTabIndents(text, base, length, problems) : problems;
  named.sort((a, b) => a.range.start - b.range.start);
  return { parse: { documents, problems: named, usesAnchors }, quoteRunsToEnd, fits };
}

/** At most this many tab-indented lines are named in one text. */
const MAX_TAB_LINES = 20;
const TAB_MESSAGE = 'A tab is used for indentation here; YAML allows only spaces (DataHub\'s loader stops: "found character \'\\t\' that cannot start any token"). Replace the tab with spaces.';

/**
 * A text that does not parse and indents a line with a tab: the tab is the cause, whatever the
 * parser says at the line (yaml often reports "Unexpected scalar at node end" there, not
 * TAB_AS_INDENT). Each such line is named as a tab at the tab itself, and the parser's problems on
 * it or the line after it (its consequences) give way.
 */
function nameTabIndents(text: string, base: number, length: number, problems: ParseProblem[]): ParseProblem[] {
  const tabs: { lineStart: number; nextLineEnd: number; tab: number }[] = [];
  const pattern = /^[ ]*\t/gm;
  for (let match = pattern.exec(text); match && match.index < length && tabs.length < MAX_TAB_LINES; match = pattern.exec(text)) {
    const lineStart = match.index;
    const lineEnd = text.indexOf('\n', lineStart);
    const nextEnd = lineEnd < 0 ? text.length : text.indexOf('\n', lineEnd + 1);
    tabs.push({ lineStart, nextLineEnd: nextEnd < 0 ? text.length : nextEnd, tab: lineStart + match[0].length - 1 });
  }
  if (tabs.length === 0) return problems;
  const causeOf = (problem: ParseProblem) => tabs.find((t) => problem.range.start - base >= t.lineStart && problem.range.start - base <= t.nextLineEnd);
  const kept: ParseProblem[] = [];
  const causes = new Set<(typeof tabs)[number]>();
  for (const problem of problems) {
    const cause = causeOf(problem);
    if (cause) causes.add(cause);
    else kept.push(problem);
  }
  for (const t of causes) kept.push({ message: TAB_MESSAGE, range: { start: t.tab + base, end: t.tab + 1 + base } });
  return kept;
}

/** What aliases may still add to the file being read (shared by its `---` documents). */
interface AliasBudget {
  left: number;
  reported: boolean;
}

class YamlConverter {
  private readonly resolving = new Set<unknown>();
  /** each alias → the node it refers to, found in one walk (yaml's Alias.resolve walks the whole document per call) */
  private targets: Map<Alias, unknown> | undefined;
  usesAnchors = false;
  /** set when a scalar's own text runs past `limit` (into a comment added to close a quote) */
  scalarPastLimit = false;

  constructor(
    private readonly text: string,
    private readonly base: number,
    /** where the document's own text ends: no range ends past it */
    private readonly limit: number,
    private readonly doc: Document.Parsed,
    private readonly problems: ParseProblem[],
    private readonly budget: AliasBudget,
  ) {}

  /** What `alias` refers to: the last node before it with its anchor, as yaml's Alias.resolve answers. */
  private resolve(alias: Alias): unknown {
    if (!this.targets) {
      const targets = new Map<Alias, unknown>();
      const anchors = new Map<string, unknown>();
      visit(this.doc, {
        Node: (_key, node) => {
          if (isAlias(node)) targets.set(node, anchors.get(node.source));
          else if (node.anchor) anchors.set(node.anchor, node);
        },
      });
      this.targets = targets;
    }
    return this.targets.get(alias);
  }

  /** `forced`: the range every produced node gets (set while copying an alias's target). */
  convert(node: unknown, depth: number, forced: SourceRange | undefined): DocNode {
    const read = rangeOf(node, this.base);
    if (isScalar(node) && read && read.end > this.limit) this.scalarPastLimit = true;
    // A collection on the last line ends after the comment added there (parseYaml); it ends where the text does.
    const ownRange = read && read.end > this.limit ? { start: Math.min(read.start, this.limit), end: this.limit } : read;
    const range = forced ?? ownRange ?? { start: this.base, end: this.base };
    if ((node as { anchor?: string }).anchor) this.usesAnchors = true;
    if (depth > MAX_DEPTH) return absentValue(range.start);
    if (forced && --this.budget.left < 0) return this.aliasBomb(range);
    if (isAlias(node)) return this.convertAlias(node, depth, forced ?? range);
    if (isScalar(node)) return this.scalar(node, range, forced !== undefined);
    if (isSeq(node)) {
      return { type: 'seq', items: node.items.map((item) => this.convert(item, depth + 1, forced)), range };
    }
    if (isMap(node)) return this.map(node.items, depth, forced, range);
    return absentValue(range.start);
  }

  private convertAlias(alias: Alias, depth: number, range: SourceRange): DocNode {
    this.usesAnchors = true;
    const target = this.resolve(alias);
    if (!target) {
      this.problems.push({
        message: `The alias *${alias.source} refers to no anchor &${alias.source} written before it. Define the anchor above this line, or fix the alias name.`,
        range,
      });
      return absentValue(range.start);
    }
    if (this.resolving.has(target)) return absentValue(range.start);
    this.resolving.add(target);
    try {
      return this.convert(target, depth + 1, range);
    } finally {
      this.resolving.delete(target);
    }
  }

  private map(pairs: unknown[], depth: number, forced: SourceRange | undefined, range: SourceRange): DocNode {
    const entries: MapEntry[] = [];
    const merged: MapEntry[] = [];
    // Checked here rather than by the yaml package, whose check is quadratic in the number of keys.
    const seen = forced ? undefined : new Set<string>();
    for (const pair of pairs) {
      if (!isPair(pair)) continue;
      const key = this.key(pair.key, forced);
      if (!key) continue;
      if (seen && key.value !== '<<') {
        const name = String(key.value);
        if (seen.has(name)) this.duplicateKey(key);
        seen.add(name);
      }
      const valueNode = pair.value == null ? absentValue(key.range.end) : this.convert(pair.value, depth + 1, forced);
      const entryRange = forced ?? { start: key.range.start, end: Math.max(key.range.end, valueNode.range.end) };
      if (key.value === '<<' && isScalar(pair.key) && pair.key.type === 'PLAIN') {
        // YAML merge keys (`<<: *base`), which DataHub's PyYAML/ruamel loaders honour.
        for (const source of valueNode.type === 'seq' ? valueNode.items : [valueNode]) {
          if (source.type === 'map') merged.push(...source.entries);
        }
        continue;
      }
      entries.push({ key, value: valueNode, range: entryRange });
    }
    // Explicit keys win over merged ones; entryOf() takes the last occurrence.
    return { type: 'map', entries: merged.length ? [...merged, ...entries] : entries, range };
  }

  private key(key: unknown, forced: SourceRange | undefined): ScalarNode | undefined {
    if (key == null) return undefined;
    const range = forced ?? rangeOf(key, this.base) ?? { start: this.base, end: this.base };
    if (range.end > this.limit) this.scalarPastLimit = true;
    if ((key as { anchor?: string }).anchor) this.usesAnchors = true;
    if (isScalar(key)) {
      const node = this.scalar(key, range, forced !== undefined);
      return typeof node.value === 'string' ? node : { ...node, value: String(node.value) };
    }
    if (isAlias(key)) {
      this.usesAnchors = true;
      const target = this.resolve(key);
      if (isScalar(target)) return { ...this.scalar(target, range, true), value: String(target.value) };
    }
    // A complex (collection) key: keep its source text so shape rules can still name it.
    const value = this.text.slice(range.start - this.base, range.end - this.base);
    return { type: 'scalar', value, range, inner: range };
  }

  private scalar(node: Scalar, range: SourceRange, viaAlias: boolean): ScalarNode {
    const raw: unknown = node.value;
    const value = normaliseScalar(raw);
    if (viaAlias) return { type: 'scalar', value, range, inner: range };
    const inner = innerRange(node, range, this.text, this.base);
    const scalarNode: ScalarNode = { type: 'scalar', value, range, inner };
    if (typeof value === 'string' && inner.end - inner.start === value.length && this.text.startsWith(value, inner.start - this.base)) {
      const base = inner.start;
      scalarNode.offsetOf = (index) => base + index;
    }
    return scalarNode;
  }

  private duplicateKey(key: ScalarNode): void {
    this.problems.push({
      message: `The key ${JSON.stringify(key.value)} appears more than once in this mapping; DataHub keeps only the last one. Remove or rename the extra key.`,
      range: key.range,
    });
  }

  private aliasBomb(range: SourceRange): DocNode {
    if (!this.budget.reported) {
      this.budget.reported = true;
      this.problems.push({
        message:
          `Aliases in this file expand to more than ${countText(ALIAS_EXPANSION_BUDGET)} values, so Catalog Code stopped expanding them here and checks only what they added up to this point. ` +
          'Write the repeated values out, or use fewer nested aliases.',
        range,
      });
    }
    return absentValue(range.start);
  }
}

function normaliseScalar(raw: unknown): ScalarNode['value'] {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  if (typeof raw === 'bigint') return Number(raw);
  if (raw instanceof Date) return raw.toISOString();
  return String(raw);
}

function rangeOf(node: unknown, base: number): SourceRange | undefined {
  const range = (node as { range?: [number, number, number] | null }).range;
  if (!range) return undefined;
  return { start: range[0] + base, end: range[1] + base };
}

/** The value's own characters (inside quotes, after a block header); `range` and the answer are offsets of the document `text` starts at `base` of. */
function innerRange(node: Scalar, range: SourceRange, text: string, base: number): SourceRange {
  if (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') {
    const quote = node.type === 'QUOTE_DOUBLE' ? '"' : "'";
    const closed = range.end - range.start >= 2 && text[range.end - 1 - base] === quote;
    return { start: range.start + 1, end: closed ? range.end - 1 : range.end };
  }
  if (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') {
    // The value starts on the line after the `|` / `>` header, after its indentation.
    const newline = text.indexOf('\n', range.start - base);
    if (newline < 0 || newline >= range.end - base) return range;
    let start = newline + 1;
    while (start < range.end - base && (text[start] === ' ' || text[start] === '\t')) start++;
    const firstLine = String(node.value).replace(/\n+$/, '');
    const end = text.startsWith(firstLine, start) ? start + firstLine.length : range.end - base;
    return { start: start + base, end: end + base };
  }
  return range;
}

function problemOf(error: YamlErrorLike, text: string, base: number, message: string): ParseProblem {
  const start = Math.max(0, Math.min(error.pos[0], text.length));
  const end = Math.max(start, Math.min(error.pos[1], text.length));
  return { message, range: { start: start + base, end: end + base } };
}

/** How a yaml error is worded for the user (./yamlStreamTail.ts words the errors it keeps as positions alike). */
export function messageOf(error: YamlErrorLike): string {
  const summary = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
  switch (error.code) {
    case 'TAB_AS_INDENT':
      return 'A tab is used for indentation here; YAML allows only spaces. Replace the tab with spaces.';
    case 'BAD_INDENT':
      return `The indentation here does not line up with the surrounding lines (${summary}). Align it with its siblings using spaces.`;
    case 'MISSING_CHAR':
      if (/closing .quote/.test(summary)) return `The quoted value that ends here has no closing quote (${summary}). Add the closing quote where the value should end, or remove the opening one.`;
      return `This is not valid YAML: ${summary}. Fix the syntax here so the file can be read.`;
    case 'MULTIPLE_DOCS':
      return `${summary}. Separate documents with a line containing only "---".`;
    default:
      // A key where a value was expected (indented deeper than its entry, or `a: b: c`): PyYAML, DataHub's loader, says "mapping values are not allowed here".
      if (/^Nested mappings are not allowed in compact mappings/.test(summary)) {
        return `This is not valid YAML: ${summary} (DataHub's loader: "mapping values are not allowed here"): a key stands where a value was expected, often a key indented deeper than the entry it belongs to, or a second ': ' in one value. Indent it like its siblings, or quote the value.`;
      }
      return `This is not valid YAML: ${summary}. Fix the syntax here so the file can be read.`;
  }
}
