import type { DocumentModel, Fact, FormatId, ParseProblem } from '../model/facts';
import { FactCollector } from './collector';
import { readDatasetFrame, readDatasetItem } from './datasetYaml';
import { detectItem, type ItemDetection } from './detect';
import { readLineageFrame, readLineageItem } from './lineageFile';
import { readDefinitionItem, readDefinitionsFrame } from './propertyDefinitions';
import { forEachScalar, type DocNode, type SeqNode } from './tree';
import { parseYamlEndingEarly } from './yamlStreamTail';
import { parseYaml } from './yamlTree';
import type { YamlParse } from './tree';

/**
 * The YAML formats read item by item, so an edit inside one item reads only that item again
 * (core/incremental/). Each format is a list of independent items — the definitions of a
 * properties YAML, the datasets of a dataset YAML, the `lineage:` entries of a lineage file — in a
 * frame (the root mapping of a lineage file; nothing for the two list formats).
 *
 * The model is exactly the whole-tree read's (core/formats/index.ts readDocumentTree): frame facts,
 * then each item's facts, then the URN sweep in document order — frame scalars before the list,
 * each item's, frame scalars after it. A file is read this way only when its items can be cut out
 * of the text and read alone with the same result: one YAML document without anchors or aliases
 * (an alias ties one item to another), whose list is a block sequence with every `-` at the start
 * of its item's line, and whose syntax errors, if any, are all inside items (each item keeps its
 * own; the frame has none). A line that starts an item is where YAML's block structure starts
 * afresh, so an item's errors do not change how the items after it read (core/incremental/
 * documentAnalysis.ts checks the item after a broken run reads as before).
 */

/** How each list format splits into a frame and items; the adapters run these same two steps. */
const ITEMIZED: Partial<Record<FormatId, { readFrame: (root: DocNode, collector: FactCollector) => DocNode[]; readItem: (item: DocNode, index: number, collector: FactCollector) => void }>> = {
  datasetYaml: { readFrame: readDatasetFrame, readItem: readDatasetItem },
  propertyDefinitions: { readFrame: readDefinitionsFrame, readItem: readDefinitionItem },
  lineageFile: { readFrame: readLineageFrame, readItem: readLineageItem },
};

/** One item of the list and what it contributes to the model. */
export interface YamlItem {
  /** its lines: from the line of its `-` up to the next item's `-` line (or the frame after the list) */
  start: number;
  end: number;
  /** where the item's value ends (YAML puts the end of a block node after its last line break) */
  valueEnd: number;
  facts: Fact[];
  sweep: Fact[];
  /** the syntax errors inside its lines, in order */
  problems: ParseProblem[];
  /** what content detection saw in it; an edit that changes this reads the whole file */
  detection: ItemDetection;
}

/** Everything of the file outside the items. */
export interface YamlFrame {
  facts: Fact[];
  sweepBefore: Fact[];
  sweepAfter: Fact[];
}

export interface YamlItemLayout {
  format: FormatId;
  detectedBy: DocumentModel['detectedBy'];
  /** column of the list's `-` indicators */
  indent: number;
  frame: YamlFrame;
  items: YamlItem[];
}

/**
 * The layout of a parsed YAML file of `format`, or undefined when it cannot be read item by item
 * (see the module comment). `root` is the file's only document; `problems`, its syntax errors in order.
 */
export function layoutOf(text: string, root: DocNode, format: FormatId, detectedBy: DocumentModel['detectedBy'], problems: readonly ParseProblem[] = []): YamlItemLayout | undefined {
  const itemized = ITEMIZED[format];
  if (!itemized || /\r(?!\n)/.test(text)) return undefined;
  const frameCollector = new FactCollector();
  const items = itemized.readFrame(root, frameCollector);
  const list = listHolding(root, items);
  if (!list || items.length === 0) return undefined;
  const indent = dashColumn(text, items[0]);
  if (indent === undefined) return undefined;
  const starts: number[] = [];
  for (const item of items) {
    if (dashColumn(text, item) !== indent) return undefined;
    const start = lineStart(text, item.range.start);
    if (starts.length > 0 && start <= starts[starts.length - 1]) return undefined;
    starts.push(start);
  }
  const listEnd = frameAfterList(text, root, list);
  const itemProblems = problemsByItem(problems, starts, listEnd === text.length ? listEnd : listEnd - 1);
  if (!itemProblems) return undefined;
  const frame: YamlFrame = { facts: frameCollector.facts.splice(0), sweepBefore: [], sweepAfter: [] };
  let after = false;
  forEachScalarAround(root, list, () => (after = true), (node) => {
    frameCollector.sweepScalar(node);
    (after ? frame.sweepAfter : frame.sweepBefore).push(...frameCollector.facts.splice(0));
  });
  const read = items.map((item, index) => readItem(format, item, index, starts[index], index + 1 < items.length ? starts[index + 1] : listEnd, itemProblems[index]));
  return { format, detectedBy, indent, frame, items: read };
}

/** The model of a layout: what readDocumentTree gives for the same text. */
export function modelOfLayout(uri: string, layout: YamlItemLayout): DocumentModel {
  const facts: Fact[] = [...layout.frame.facts];
  for (const item of layout.items) for (const fact of item.facts) facts.push(fact);
  for (const fact of layout.frame.sweepBefore) facts.push(fact);
  for (const item of layout.items) for (const fact of item.sweep) facts.push(fact);
  for (const fact of layout.frame.sweepAfter) facts.push(fact);
  return { uri, format: layout.format, detectedBy: layout.detectedBy, facts, parseProblems: layout.items.flatMap((item) => item.problems) };
}

/**
 * The `index`-th item read again from `lines`, the text of its lines after an edit, which now start
 * at `start` in the document; undefined when those lines are no longer exactly one item of the
 * list as it was (a second item pasted in, the `-` moved, a syntax error, an anchor, a change that
 * content detection would see): the caller then reads the whole file. Only the item's own lines
 * are read, so the document's text is never copied for it.
 */
export function readItemAgain(layout: YamlItemLayout, lines: string, index: number, start: number): YamlItem | undefined {
  // A pasted block of items or a new item typed is a run: known without parsing it twice.
  if (startsAnotherItem(lines, layout.indent)) return undefined;
  const parsed = parseYaml(lines, start);
  if (parsed.problems.length > 0 || parsed.usesAnchors || parsed.documents.length !== 1) return undefined;
  const root = parsed.documents[0];
  if (!root || root.type !== 'seq' || root.items.length !== 1) return undefined;
  const [item] = root.items;
  // The lines start at a line start of the document, so offsets inside them find the same line starts.
  const local: DocNode = { ...item, range: { start: item.range.start - start, end: item.range.end - start } } as DocNode;
  if (dashColumn(lines, local) !== layout.indent || lineStart(lines, local.range.start) !== 0) return undefined;
  const read = readItem(layout.format, item, index, start, start + lines.length, []);
  return sameDetection(read.detection, layout.items[index].detection) ? read : undefined;
}

/**
 * The items of a run of adjacent items read again from `lines`, the text of their lines after an
 * edit (now starting at `start` in the document, where the first of them, the `first`-th item of
 * the list, starts): any number of items — a line break that joined two, a split, a pasted block,
 * a range deleted across items. Undefined when the lines are not a run of whole items of the list
 * (a syntax error, an anchor, a `-` elsewhere, text before the first `-`): the caller then reads
 * the whole file. Content detection is the caller's (it counts every item).
 */
export function readRunAgain(layout: YamlItemLayout, lines: string, first: number, start: number, allowProblems = false): YamlItem[] | undefined {
  const run = parseItemRun(lines, start, layout.indent, allowProblems);
  return run && readItemRun(layout.format, run, first, start, lines.length);
}

/**
 * The items of a top-level list from the `first`-th on, read again from `lines`, the rest of the
 * text from that item's first line (at `start`), when an edit in them ended the list and the
 * document early (a key split so that its second half starts at column 0): YAML reads every later
 * line as an error of the stream, which ./yamlStreamTail.ts reads without the yaml package's error
 * objects. The last item read holds those errors. Undefined when the lines do not read that way
 * (then the caller reads the whole file).
 */
export function readTailAgain(layout: YamlItemLayout, lines: string, first: number, start: number): YamlItem[] | undefined {
  if (layout.indent !== 0 || !isTopLevelList(layout.format)) return undefined;
  const run = parseItemRun(lines, start, 0, true);
  return run && readItemRun(layout.format, run, first, start, lines.length);
}

/** The items of a run of whole items of a list whose `-` stand at column `indent`, parsed from `lines` (see readRunAgain). */
export interface ItemRun {
  items: DocNode[];
  /** where each item's lines start, in `lines` */
  starts: number[];
  /** each item's syntax errors (none unless they were allowed) */
  problems: ParseProblem[][];
}

/**
 * `lines` (now starting at `start` in the document) parsed as a run of whole items of a list whose
 * `-` stand at column `indent`, the first item on the first line; undefined when they are not (a
 * syntax error unless `allowProblems`, an anchor, a `-` elsewhere, text before the first `-`).
 */
export function parseItemRun(lines: string, start: number, indent: number, allowProblems = false): ItemRun | undefined {
  // A line left of the list's column belongs to what holds the list (a lineage file's root mapping), which the run cannot read.
  if (indent > 0 && new RegExp(`^ {0,${indent - 1}}[^ \\r\\n#]`, 'm').test(lines)) return undefined;
  const parsed = parseRunText(lines, start);
  if ((parsed.problems.length > 0 && !allowProblems) || parsed.usesAnchors || parsed.documents.length !== 1) return undefined;
  // Where the lexer ends a flow collection (`{` or `[` never closed) at a line less indented, or at
  // the end of the text, depends on how the whole text was lexed: a run read alone can differ from a
  // fresh read there (the differential test's seed 10501), so such a run is read with the file.
  if (parsed.problems.some((problem) => problem.message.includes(FLOW_ERROR_END))) return undefined;
  const root = parsed.documents[0];
  if (!root || root.type !== 'seq' || root.items.length === 0) return undefined;
  const starts: number[] = [];
  for (const item of root.items) {
    const local = { ...item, range: { start: item.range.start - start, end: item.range.end - start } } as DocNode;
    if (dashColumn(lines, local) !== indent) return undefined;
    const lineAt = lineStart(lines, local.range.start);
    if ((starts.length === 0 && lineAt !== 0) || (starts.length > 0 && lineAt <= starts[starts.length - 1])) return undefined;
    starts.push(lineAt);
  }
  const problems = problemsByItem(parsed.problems, starts.map((offset) => start + offset), start + lines.length);
  return problems && { items: root.items, starts, problems };
}

/** How yaml names the lexer's mark of a flow collection it ended, in its messages. */
const FLOW_ERROR_END = 'flow-error-end';

/** A line at column 0 that a list at the top level cannot take: the list, and its document, end there. */
const ENDS_TOP_LEVEL = /^[^-#\s]/m;

/**
 * parseYaml, or, for lines with a line that ends a top-level list, ./yamlStreamTail.ts first: the
 * same answer without one yaml error object per later token (typing on after a key split to column
 * 0 reads the run to the end of the text at each keystroke).
 */
function parseRunText(lines: string, start: number): YamlParse {
  return (ENDS_TOP_LEVEL.test(lines) ? parseYamlEndingEarly(lines, start) : undefined) ?? parseYaml(lines, start);
}

/** A parsed run read as items of a list of `format`, the first of them its `first`-th item; `length`: how long the run's lines are. */
export function readItemRun(format: FormatId, run: ItemRun, first: number, start: number, length: number): YamlItem[] {
  const { items, starts } = run;
  return items.map((item, i) => readItem(format, item, first + i, start + starts[i], start + (i + 1 < starts.length ? starts[i + 1] : length), run.problems[i]));
}

/** Whether a line after the first of `lines` starts an item of a list whose `-` stand at column `indent`. */
function startsAnotherItem(lines: string, indent: number): boolean {
  const marker = `\n${' '.repeat(indent)}-`;
  for (let at = lines.indexOf(marker); at !== -1; at = lines.indexOf(marker, at + 1)) {
    const after = lines[at + marker.length];
    if (after === undefined || after === ' ' || after === '\n' || after === '\r') return true;
  }
  return false;
}

/** Whether the list formats read item by item include `format` with the list at the top level (no frame around the items). */
export function isTopLevelList(format: FormatId): boolean {
  return format === 'datasetYaml' || format === 'propertyDefinitions';
}

function readItem(format: FormatId, item: DocNode, index: number, start: number, end: number, problems: ParseProblem[]): YamlItem {
  const collector = new FactCollector();
  (ITEMIZED[format] as NonNullable<(typeof ITEMIZED)[FormatId]>).readItem(item, index, collector);
  const facts = collector.facts.splice(0);
  collector.sweepRoot(item);
  return { start, end, valueEnd: item.range.end, facts, sweep: collector.facts.splice(0), problems, detection: detectItem(item) };
}

/**
 * `problems` (in order) shared out to the items starting at `starts`: each item's are those from
 * its first line up to the next item's; undefined when one starts before the first item or after
 * `last` (the frame's, which the items cannot carry).
 */
function problemsByItem(problems: readonly ParseProblem[], starts: readonly number[], last: number): ParseProblem[][] | undefined {
  const byItem: ParseProblem[][] = starts.map(() => []);
  let item = 0;
  for (const problem of problems) {
    const at = problem.range.start;
    if (at < starts[0] || at > last) return undefined;
    while (item + 1 < starts.length && starts[item + 1] <= at) item++;
    byItem[item].push(problem);
  }
  return byItem;
}

function sameDetection(a: ItemDetection, b: ItemDetection): boolean {
  return a.kind === b.kind && a.flags === b.flags && a.keys.length === b.keys.length && a.keys.every((key, i) => key === b.keys[i]);
}

/** The sequence node whose items the frame answered: the root, or a value of the root mapping. */
function listHolding(root: DocNode, items: readonly DocNode[]): SeqNode | undefined {
  if (root.type === 'seq') return root.items === items ? root : undefined;
  if (root.type !== 'map') return undefined;
  for (const entry of root.entries) if (entry.value.type === 'seq' && entry.value.items === items) return entry.value;
  return undefined;
}

/** Where the last item's lines end: at the line of the root key written after the list, or the end of the text. */
function frameAfterList(text: string, root: DocNode, list: SeqNode): number {
  if (root.type !== 'map') return text.length;
  const index = root.entries.findIndex((entry) => entry.value === list);
  const next = root.entries[index + 1];
  return next ? lineStart(text, next.key.range.start) : text.length;
}

/** The column of the item's `-`, when it is the first thing on the line where the item's value starts. */
function dashColumn(text: string, item: DocNode): number | undefined {
  const start = lineStart(text, item.range.start);
  let column = 0;
  while (text[start + column] === ' ') column++;
  if (text[start + column] !== '-' || start + column >= item.range.start) return undefined;
  return column;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Every scalar outside `skip` in document order; `atSkip` runs where `skip` stands. */
function forEachScalarAround(root: DocNode, skip: DocNode, atSkip: () => void, visit: Parameters<typeof forEachScalar>[1]): void {
  if (root === skip) {
    atSkip();
    return;
  }
  if (root.type === 'scalar') {
    visit(root);
    return;
  }
  if (root.type === 'seq') {
    for (const item of root.items) forEachScalarAround(item, skip, atSkip, visit);
    return;
  }
  for (const entry of root.entries) {
    forEachScalarAround(entry.key, skip, atSkip, visit);
    forEachScalarAround(entry.value, skip, atSkip, visit);
  }
}
