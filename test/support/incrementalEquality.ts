import { mock } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { definitionsFromModel } from '../../core/definitions/fromFacts';
import { EMPTY_DEFINITIONS, type DefinitionsView } from '../../core/definitions/types';
import { complete } from '../../core/features/completion';
import { documentSymbols } from '../../core/features/symbols';
import type { WorkspaceDocument } from '../../core/workspace/workspaceDocument';
import { readDocument, readDocumentTree } from '../../core/formats';
import { validateParts } from '../../core/incremental/checkParts';
import { DocumentAnalysis } from '../../core/incremental/documentAnalysis';
import type { TextEdit } from '../../core/incremental/textEdit';
import { PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { LineIndex } from '../../core/model/range';
import { validateDocument } from '../../core/validate';
import type { DocumentModel } from '../../core/model/facts';
import { capDiagnostics } from '../../core/diagnostics/cap';
import { expandCollapsed } from '../../core/diagnostics/collapsed';
import { propertiesReadBy, propertiesReadByDocument } from '../../core/workspace/definitionChanges';

/**
 * Shared by the unit and integration suites. Incremental analysis equals a fresh full analysis:
 * random edit sequences (characters and lines
 * inserted and deleted, blocks pasted, indentation changed, syntax broken and mended) on every
 * format fixture and on generated large files; after every step the model, the diagnostics, the
 * symbols and the completions at the edit must be those of reading the text from scratch.
 */

export const FIXTURE_DIRS = [join(process.cwd(), 'test', 'fixtures', 'formats'), join(process.cwd(), 'test', 'fixtures', 'sample-catalog')];

export function fixtures(): { uri: string; text: string }[] {
  return FIXTURE_DIRS.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => /\.(ya?ml|jsonc?)$/.test(name))
      .map((name) => ({ uri: `file://${join(dir, name)}`, text: readFileSync(join(dir, name), 'utf8') })),
  );
}

/** One edit of the kinds people make, placed by fractions of the text so any text can take it. */
export type EditSpec =
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'deleteLine'; at: number }
  | { kind: 'duplicateLines'; at: number; lines: number }
  | { kind: 'indent'; at: number; by: string }
  | { kind: 'dedent'; at: number }
  /** typing at the start of the next quoted value (what most keystrokes in a metadata file are) */
  | { kind: 'typeInValue'; at: number; text: string }
  /** typing at the end of the next plain YAML value, or deleting its last characters */
  | { kind: 'typeInPlainValue'; at: number; text: string; erase: number }
  /** the line break at the end of a line deleted: two lines, often two items, joined */
  | { kind: 'joinLines'; at: number }
  /** a new list item started inside one: a line break and `- ` at the item's indentation */
  | { kind: 'splitItem'; at: number; text: string }
  /** whole list items copied and pasted before another item (a block of many items) */
  | { kind: 'pasteItems'; at: number; to: number; items: number }
  /** a stretch of several lines deleted, across items */
  | { kind: 'deleteRange'; at: number; lines: number; into: number }
  /** an unclosed quote typed at the start of a value */
  | { kind: 'unclosedQuote'; at: number; quote: string }
  /** an anchor written on the next value (`&shared`), which ties items together once an alias names it */
  | { kind: 'anchor'; at: number }
  /** the next plain value replaced by an alias of that anchor (`*shared`) */
  | { kind: 'alias'; at: number }
  /** a document marker (`---`, `...`) written at the start of a line: a change of document frame */
  | { kind: 'documentMarker'; at: number; marker: string };

const SNIPPETS = ['"', ',', '{', '}', '[', ']', ':', ' ', '\n', 'x', '-', '#', '- ', '  ', '"urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)"', 'urn:li:corpuser:x', '{"removed": true}', 'cardinality: SINGLE\n', '\\"', '0', 'null', 'true'];

const fraction = fc.double({ min: 0, max: 1, noNaN: true });

/** Each kind of edit, with how often it comes among all kinds (`editSpec`); `specOfKind` picks one kind. */
const KINDS: { [K in EditSpec['kind']]: { weight: number; arbitrary: fc.Arbitrary<Extract<EditSpec, { kind: K }>> } } = {
  insert: { weight: 5, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: fraction, text: fc.oneof(fc.constantFrom(...SNIPPETS), fc.string({ maxLength: 6 })) }) },
  delete: { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fraction, length: fc.integer({ min: 1, max: 12 }) }) },
  deleteLine: { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteLine' as const), at: fraction }) },
  duplicateLines: { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicateLines' as const), at: fraction, lines: fc.integer({ min: 1, max: 8 }) }) },
  indent: { weight: 1, arbitrary: fc.record({ kind: fc.constant('indent' as const), at: fraction, by: fc.constantFrom('  ', '\t', ' ') }) },
  dedent: { weight: 1, arbitrary: fc.record({ kind: fc.constant('dedent' as const), at: fraction }) },
  typeInValue: { weight: 4, arbitrary: fc.record({ kind: fc.constant('typeInValue' as const), at: fraction, text: fc.stringMatching(/^[a-z0-9_.]{1,4}$/) }) },
  joinLines: { weight: 2, arbitrary: fc.record({ kind: fc.constant('joinLines' as const), at: fraction }) },
  splitItem: { weight: 2, arbitrary: fc.record({ kind: fc.constant('splitItem' as const), at: fraction, text: fc.constantFrom('', 'id: split', 'entity:', 'x') }) },
  pasteItems: { weight: 2, arbitrary: fc.record({ kind: fc.constant('pasteItems' as const), at: fraction, to: fraction, items: fc.integer({ min: 1, max: 6 }) }) },
  deleteRange: { weight: 2, arbitrary: fc.record({ kind: fc.constant('deleteRange' as const), at: fraction, lines: fc.integer({ min: 1, max: 15 }), into: fc.integer({ min: 0, max: 6 }) }) },
  unclosedQuote: { weight: 1, arbitrary: fc.record({ kind: fc.constant('unclosedQuote' as const), at: fraction, quote: fc.constantFrom('"', "'") }) },
  typeInPlainValue: {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('typeInPlainValue' as const), at: fraction, text: fc.oneof(fc.stringMatching(/^[a-zA-Z0-9_.:]{0,4}$/), fc.constantFrom(' ', '"', ': x', '\n  x: 1', '\n- y')), erase: fc.integer({ min: 0, max: 3 }) }),
  },
  anchor: { weight: 1, arbitrary: fc.record({ kind: fc.constant('anchor' as const), at: fraction }) },
  alias: { weight: 1, arbitrary: fc.record({ kind: fc.constant('alias' as const), at: fraction }) },
  documentMarker: { weight: 1, arbitrary: fc.record({ kind: fc.constant('documentMarker' as const), at: fraction, marker: fc.constantFrom('---\n', '...\n', '--- # another\n') }) },
};

/** Every kind of edit the property tests make (issue 27: each must equal a fresh read). */
export const EDIT_KINDS = Object.keys(KINDS) as EditSpec['kind'][];

/** Edits of one kind. */
export function specOfKind(kind: EditSpec['kind']): fc.Arbitrary<EditSpec> {
  return KINDS[kind].arbitrary as fc.Arbitrary<EditSpec>;
}

export const editSpec: fc.Arbitrary<EditSpec> = fc.oneof(...EDIT_KINDS.map((kind) => ({ weight: KINDS[kind].weight, arbitrary: specOfKind(kind) })));

function lineAt(text: string, offset: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const newline = text.indexOf('\n', offset);
  return { start, end: newline === -1 ? text.length : newline + 1 };
}

/** The spec as an edit of `text`; the inverse-free kinds (mending) come from later inserts of what was deleted. */
export function toEdit(text: string, spec: EditSpec): TextEdit {
  const at = Math.min(text.length, Math.floor(spec.at * (text.length + 1)));
  switch (spec.kind) {
    case 'insert':
      return { start: at, end: at, text: spec.text };
    case 'delete':
      return { start: at, end: Math.min(text.length, at + spec.length), text: '' };
    case 'deleteLine': {
      const line = lineAt(text, at);
      return { start: line.start, end: line.end, text: '' };
    }
    case 'duplicateLines': {
      const { start } = lineAt(text, at);
      let { end } = lineAt(text, at);
      for (let i = 1; i < spec.lines && end < text.length; i++) end = lineAt(text, end).end;
      return { start: end, end, text: text.slice(start, end) };
    }
    case 'indent': {
      const line = lineAt(text, at);
      return { start: line.start, end: line.start, text: spec.by };
    }
    case 'dedent': {
      const line = lineAt(text, at);
      const spaces = /^[ \t]*/.exec(text.slice(line.start, line.end))?.[0].length ?? 0;
      return { start: line.start, end: line.start + Math.min(spaces, 2), text: '' };
    }
    case 'typeInPlainValue': {
      const plain = /: ([A-Za-z0-9_.-]+)$/gm;
      plain.lastIndex = at;
      const match = plain.exec(text);
      if (!match) return { start: at, end: at, text: spec.text };
      const end = match.index + match[0].length;
      return { start: Math.max(match.index + 2, end - spec.erase), end, text: spec.text };
    }
    case 'typeInValue': {
      const quoted = /: ?"/g;
      quoted.lastIndex = at;
      const match = quoted.exec(text);
      const where = match ? match.index + match[0].length : at;
      return { start: where, end: where, text: spec.text };
    }
    default:
      return structuralEdit(text, at, spec);
  }
}

/**
 * The list items' first lines: a `-` first on its line, at the indentation most such lines have;
 * in a JSON array, the lines that open its elements (a `{` first on its line, least indented).
 */
function itemStarts(text: string): number[] {
  if (/^\s*\[/.test(text)) {
    const opens = [...text.matchAll(/^( *)\{/gm)];
    const least = Math.min(...opens.map((open) => open[1].length));
    return opens.filter((open) => open[1].length === least).map((open) => open.index ?? 0);
  }
  const dashes = [...text.matchAll(/^( *)- /gm)];
  const byIndent = new Map<number, number>();
  for (const dash of dashes) byIndent.set(dash[1].length, (byIndent.get(dash[1].length) ?? 0) + 1);
  const indent = [...byIndent].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
  return dashes.filter((dash) => dash[1].length === indent).map((dash) => dash.index ?? 0);
}

/** The edits across lines and items (issue 27): joins, splits, pasted items, range deletes, unclosed quotes, anchors, document markers. */
function structuralEdit(text: string, at: number, spec: Extract<EditSpec, { kind: 'joinLines' | 'splitItem' | 'pasteItems' | 'deleteRange' | 'unclosedQuote' | 'anchor' | 'alias' | 'documentMarker' }>): TextEdit {
  switch (spec.kind) {
    case 'anchor':
    case 'alias':
    case 'documentMarker':
      return frameEdit(text, at, spec);
    case 'joinLines': {
      const { end } = lineAt(text, at);
      return end > 0 && text[end - 1] === '\n' ? { start: end - 1, end, text: '' } : { start: at, end: at, text: '' };
    }
    case 'splitItem': {
      const line = lineAt(text, at);
      const indent = /^ */.exec(text.slice(itemStarts(text)[0] ?? 0))?.[0] ?? '';
      const where = line.end > line.start && text[line.end - 1] === '\n' ? line.end - 1 : line.end;
      // In a JSON array an element is split by closing it and opening the next.
      const opened = /^\s*\[/.test(text) ? `\n${indent}},\n${indent}{` : `\n${indent}- ${spec.text}`;
      return { start: where, end: where, text: opened };
    }
    case 'pasteItems': {
      const starts = itemStarts(text);
      if (starts.length === 0) return { start: at, end: at, text: '' };
      const from = Math.floor(spec.at * starts.length) % starts.length;
      const end = from + spec.items < starts.length ? starts[from + spec.items] : text.length;
      const block = text.slice(starts[from], end);
      const to = starts[Math.floor(spec.to * starts.length) % starts.length];
      return { start: to, end: to, text: block.endsWith('\n') ? block : `${block}\n` };
    }
    case 'deleteRange': {
      let end = lineAt(text, at).end;
      for (let i = 1; i < spec.lines && end < text.length; i++) end = lineAt(text, end).end;
      const start = Math.min(end, at + spec.into);
      return { start, end: Math.max(start, end - spec.into), text: '' };
    }
    case 'unclosedQuote': {
      const value = /: /g;
      value.lastIndex = at;
      const match = value.exec(text);
      const where = match ? match.index + 2 : at;
      return { start: where, end: where, text: spec.quote };
    }
  }
}

/** Edits YAML itself makes whole-file: an anchor and an alias that tie two items, a document marker. */
function frameEdit(text: string, at: number, spec: Extract<EditSpec, { kind: 'anchor' | 'alias' | 'documentMarker' }>): TextEdit {
  if (spec.kind === 'documentMarker') {
    const { start } = lineAt(text, at);
    return { start, end: start, text: spec.marker };
  }
  if (spec.kind === 'anchor') {
    const value = /: (?=\S)/g;
    value.lastIndex = at;
    const match = value.exec(text);
    const where = match ? match.index + 2 : at;
    return { start: where, end: where, text: '&shared ' };
  }
  const plain = /: ([A-Za-z0-9_.-]+)$/gm;
  plain.lastIndex = at;
  const match = plain.exec(text);
  if (!match) return { start: at, end: at, text: '*shared' };
  return { start: match.index + 2, end: match.index + match[0].length, text: '*shared' };
}

function view(model: ReturnType<typeof readDocument>): DefinitionsView {
  return { ...EMPTY_DEFINITIONS, workspace: new Map(definitionsFromModel(model).map((info) => [info.urn, info])) };
}

/**
 * Definitions that stay the same object through a sequence of edits, as the workspace's do while
 * one file is typed in: the sample catalog's and the benchmark's, so property rules have
 * something to judge in every dataset file, and the kept results of unchanged parts are reused.
 */
const STABLE_DEFINITIONS: DefinitionsView = (() => {
  const workspace = new Map<string, ReturnType<typeof definitionsFromModel>[number]>();
  for (const [uri, text] of [
    ['file:///sample/01-properties.yaml', readFileSync(join(FIXTURE_DIRS[1], '01-properties.yaml'), 'utf8')],
    ['file:///bench/properties.yaml', PROPERTIES_YAML],
  ]) {
    for (const info of definitionsFromModel(readDocument(uri, text))) if (!workspace.has(info.urn)) workspace.set(info.urn, info);
  }
  return { ...EMPTY_DEFINITIONS, workspace };
})();

/** Existence answers with some entities missing (a fixed, arbitrary third of them). */
const SOME_MISSING = { exists: (urn: string) => urn.length % 3 !== 0 };

/** `model` with each parse problem that stands for more stream errors after it (core/formats/yamlStreamTail.ts) replaced by all of them. */
function expandedModel(model: DocumentModel): DocumentModel {
  if (!model.parseProblems.some((problem) => problem.rest)) return model;
  const parseProblems = model.parseProblems.flatMap(({ rest, ...own }) => (rest ? [own, ...rest.expand(own.range.start)] : [own])).sort((a, b) => a.range.start - b.range.start);
  return { ...model, parseProblems };
}

/** Everything the editor shows for the analysis, against the same from a fresh read. */
export function assertSameAsFresh(analysis: DocumentAnalysis, at: number, steps: string): void {
  // Version advice names the current time: both sides are judged at one instant, so a second that
  // ticks over between them on a busy machine is not a difference between them.
  mock.timers.enable({ apis: ['Date'], now: Date.now() });
  try {
    compareWithFresh(analysis, at, steps);
  } finally {
    mock.timers.reset();
  }
}

function compareWithFresh(analysis: DocumentAnalysis, at: number, steps: string): void {
  const fresh = readDocument(analysis.uri, analysis.text);
  // The checks the editor runs first, before anything reads the model whole (which moves every part
  // to where the text has it): part by part, results of unchanged parts kept from earlier steps.
  const parts = analysis.parts;
  if (parts) {
    // Past what the editor is shown, one stream error may stand for the rest (core/diagnostics/collapsed.ts): the editor's capped answer is the same, and so is every one once they are built.
    const kept = validateParts({ model: analysis.model, text: analysis.text, definitions: STABLE_DEFINITIONS, parts, cache: analysis.cache, repeats: analysis.repeats });
    const whole = validateDocument({ model: fresh, text: analysis.text, definitions: STABLE_DEFINITIONS });
    assert.deepEqual(capDiagnostics(kept, analysis.uri), capDiagnostics(whole, analysis.uri), `diagnostics the editor is shown after ${steps}`);
    assert.deepEqual(expandCollapsed(kept), whole, `diagnostics of kept parts after ${steps}`);
    // Entity existence with some entities missing: the ends of edges are kept per part (core/rules/entityExists.ts).
    const withExistence = validateParts({ model: analysis.model, text: analysis.text, definitions: STABLE_DEFINITIONS, entities: SOME_MISSING, parts, cache: analysis.cache, repeats: analysis.repeats });
    assert.deepEqual(expandCollapsed(withExistence), validateDocument({ model: fresh, text: analysis.text, definitions: STABLE_DEFINITIONS, entities: SOME_MISSING }), `diagnostics with existence answers after ${steps}`);
  }
  assert.deepEqual(expandedModel(analysis.model), fresh, `model after ${steps}`);
  // A fresh read is itself made of parts where it can be (syntax errors inside items included): the same as reading the tree whole.
  if (/\.ya?ml$/.test(analysis.uri)) assert.deepEqual(fresh, readDocumentTree(analysis.uri, analysis.text), `item by item read and whole-tree read after ${steps}`);
  const document = (model: typeof fresh): WorkspaceDocument => ({ uri: analysis.uri, text: analysis.text, model, lineIndex: new LineIndex(analysis.text) });
  const definitions = view(fresh);
  assert.deepEqual(expandCollapsed(validateDocument({ model: analysis.model, text: analysis.text, definitions })), validateDocument({ model: fresh, text: analysis.text, definitions }), `diagnostics after ${steps}`);
  // What the checks read, kept as a union over the parts (core/incremental/partUnion.ts).
  assert.deepEqual(new Set(propertiesReadByDocument({ model: analysis.model, analysis })), new Set(propertiesReadBy(fresh)), `properties read after ${steps}`);
  assert.deepEqual(documentSymbols(document(analysis.model)), documentSymbols(document(fresh)), `symbols after ${steps}`);
  const offset = Math.min(at, analysis.text.length);
  assert.deepEqual(complete({ document: document(analysis.model), definitions }, offset), complete({ document: document(fresh), definitions }, offset), `completions after ${steps}`);
}

export function runSequence(uri: string, text: string, specs: EditSpec[]): { units: number; runs: number } {
  let analysis = DocumentAnalysis.read(uri, text);
  let units = 0;
  let runs = 0;
  const steps: string[] = [];
  // Checked once before the edits, so later steps reuse what unchanged parts kept.
  assertSameAsFresh(analysis, 0, 'reading it');
  for (const spec of specs) {
    const edit = toEdit(analysis.text, spec);
    steps.push(JSON.stringify(edit));
    analysis = analysis.apply([edit]);
    if (analysis.path === 'unit') units++;
    if (analysis.path === 'run') runs++;
    assertSameAsFresh(analysis, edit.start + edit.text.length, steps.join(' then '));
  }
  return { units, runs };
}

