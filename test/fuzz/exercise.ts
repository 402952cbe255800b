import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Range, TextEdit } from 'vscode-languageserver-types';
import { parseAllDocuments } from 'yaml';
import { definitionsFromModel } from '../../core/definitions/fromFacts';
import type { DefinitionsView, EntityExistenceView } from '../../core/definitions/types';
import { codeActions } from '../../core/features/codeActions';
import { complete } from '../../core/features/completion';
import { findDefinition } from '../../core/features/definition';
import { hover } from '../../core/features/hover';
import { findReferences } from '../../core/features/references';
import { documentSymbols } from '../../core/features/symbols';
import { isJsonDocument, type FeatureInput, type WorkspaceDocument } from '../../core/workspace/workspaceDocument';
import { readDocument, type ReadOptions } from '../../core/formats';
import { DIAGNOSTIC_SOURCE } from '../../core/model/diagnostic';
import { LineIndex } from '../../core/model/range';
import { validateDocument } from '../../core/validate';

/**
 * Runs one document through everything the editor does with it (detection, adapters, every rule,
 * symbols, completion, hover, definition, references, code actions) and throws a FuzzViolation when
 * an invariant breaks: nothing throws, nothing reports an internal failure, every range lies inside
 * the document, every quick fix leaves a document that parses if it parsed before. No time is
 * judged here (a loaded machine makes any bound flaky): a case that hangs is caught by the
 * harness's no-progress watchdog (./harness.ts), and speed on hostile input is `npm run bench`'s.
 */

export class FuzzViolation extends Error {
  override name = 'FuzzViolation';
}

const SAMPLE_CATALOG = join(process.cwd(), 'test', 'fixtures', 'sample-catalog');

function loadWorkspace(): WorkspaceDocument[] {
  return readdirSync(SAMPLE_CATALOG)
    .sort()
    .map((name) => {
      const uri = `file:///workspace/${name}`;
      const text = readFileSync(join(SAMPLE_CATALOG, name), 'utf8');
      return { uri, text, model: readDocument(uri, text), lineIndex: new LineIndex(text) };
    });
}

const WORKSPACE = loadWorkspace();
const KNOWN_DEFINITIONS = WORKSPACE.flatMap((doc) => definitionsFromModel(doc.model));

/** Definitions as if a service answered, so the semantic rules and cards have something to say. */
export const FUZZ_DEFINITIONS: DefinitionsView = {
  service: new Map(KNOWN_DEFINITIONS.map((d) => [d.urn, d])),
  workspace: new Map(KNOWN_DEFINITIONS.map((d) => [d.urn, d])),
  serviceAvailable: true,
};

/** Half of all URNs "exist": the existence rules fire on the rest. */
const ENTITIES: EntityExistenceView = { exists: (urn) => urn.length % 2 === 0 };

export interface ExerciseOptions {
  /** caret positions as fractions of the text length (0..1) */
  caretFractions: readonly number[];
  /** force a format through the associations setting, as a user could */
  associations?: ReadOptions['associations'];
  /** how many diagnostics get their quick fixes applied and re-parsed (the slow part) */
  maxFixedDiagnostics?: number;
}

export function exerciseDocument(uri: string, text: string, options: ExerciseOptions): void {
  const lineIndex = new LineIndex(text);
  const bounds = new Bounds(text, lineIndex);
  const model = readDocument(uri, text, { associations: options.associations });
  const unreadable = model.parseProblems.find((p) => /could not read this file/.test(p.message));
  if (unreadable) throw new FuzzViolation(`an adapter threw: ${unreadable.message}`);
  bounds.checkOffsetsIn('model', model);

  const document: WorkspaceDocument = { uri, text, model, lineIndex };
  const input: FeatureInput = { document, definitions: FUZZ_DEFINITIONS, entities: ENTITIES, workspace: [...WORKSPACE, document] };
  const diagnostics = validateDocument({ model, text, definitions: FUZZ_DEFINITIONS, entities: ENTITIES });
  const failedRule = diagnostics.find((d) => d.code === 'internal.ruleFailed');
  if (failedRule) throw new FuzzViolation(`a rule threw: ${failedRule.message}`);
  for (const d of diagnostics) bounds.checkOffsets(`diagnostic ${d.code}`, d.range.start, d.range.end);

  for (const symbol of documentSymbols(document)) bounds.checkOffsetsIn('symbols', symbol);

  const offsets = [0, text.length, ...options.caretFractions.map((f) => Math.floor(Math.min(1, Math.max(0, f)) * text.length))];
  for (const offset of offsets) {
    const list = complete(input, offset);
    for (const item of list.items) bounds.checkLspIn(`completion "${item.label}" at ${offset}`, item.textEdit ?? item.additionalTextEdits ?? null);
    const card = hover(input, offset);
    if (card?.range) bounds.checkLsp(`hover at ${offset}`, card.range);
    for (const loc of [...findDefinition(input, offset), ...findReferences(input, offset, true)]) {
      if (loc.uri === uri) bounds.checkLsp(`location at ${offset}`, loc.range);
    }
  }

  const lspDiagnostics: Diagnostic[] = diagnostics.map((d) => ({
    range: { start: lineIndex.positionAt(d.range.start), end: lineIndex.positionAt(d.range.end) },
    message: d.message,
    code: d.code,
    source: DIAGNOSTIC_SOURCE,
    data: d.data,
  }));
  const flavour = parseFlavour(uri, isJsonDocument(document));
  const parsedBefore = parsesCleanly(text, flavour);
  for (const [i, diagnostic] of lspDiagnostics.slice(0, options.maxFixedDiagnostics ?? 8).entries()) {
    const range = diagnostics[i].range;
    for (const action of codeActions(input, range, [diagnostic])) {
      const edits: TextEdit[] = action.edit?.changes?.[uri] ?? [];
      for (const edit of edits) bounds.checkLsp(`quick fix "${action.title}"`, edit.range);
      if (edits.length === 0 || !parsedBefore) continue;
      const fixed = TextDocument.applyEdits(TextDocument.create(uri, 'plaintext', 1, text), edits);
      if (!parsesCleanly(fixed, flavour)) {
        throw new FuzzViolation(`quick fix "${action.title}" for ${String(diagnostic.code)} left text that does not parse:\n${clip(fixed)}`);
      }
    }
  }
  for (const fraction of options.caretFractions.slice(0, 2)) {
    const at = Math.floor(fraction * text.length);
    for (const action of codeActions(input, { start: at, end: at }, [])) {
      for (const edit of action.edit?.changes?.[uri] ?? []) bounds.checkLsp(`refactor "${action.title}"`, edit.range);
    }
  }
}

type Flavour = 'yaml' | 'json' | 'jsonc';

/** `.json` is strict JSON (no comments), `.jsonc` and other JSON-looking text may have comments. */
function parseFlavour(uri: string, json: boolean): Flavour {
  if (!json) return 'yaml';
  return /\.json$/i.test(uri) ? 'json' : 'jsonc';
}

function parsesCleanly(text: string, flavour: Flavour): boolean {
  if (flavour !== 'yaml') {
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { allowTrailingComma: false, disallowComments: flavour === 'json' });
    return errors.length === 0;
  }
  return parseAllDocuments(text).every((doc) => 'errors' in doc && doc.errors.length === 0);
}

export function clip(text: string, max = 600): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}

/** Range checks in both coordinate systems: UTF-16 offsets (core) and LSP line/character. */
class Bounds {
  private readonly lineLengths: number[];

  constructor(
    private readonly text: string,
    index: LineIndex,
  ) {
    this.lineLengths = [];
    for (let line = 0; line < index.lineCount; line++) {
      const start = index.offsetAt({ line, character: 0 });
      const next = line + 1 < index.lineCount ? index.offsetAt({ line: line + 1, character: 0 }) : text.length;
      this.lineLengths.push(next - start);
    }
  }

  checkOffsets(what: string, start: number, end: number): void {
    if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= this.text.length)) {
      throw new FuzzViolation(`${what}: range ${start}..${end} is not inside the document (length ${this.text.length})`);
    }
  }

  /** Every `{start, end}` of numbers anywhere inside `value` must be a range inside the text. */
  checkOffsetsIn(what: string, value: unknown, seen = new Set<object>()): void {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    const record = value as Record<string, unknown>;
    if (typeof record.start === 'number' && typeof record.end === 'number') this.checkOffsets(what, record.start, record.end);
    for (const child of Object.values(record)) this.checkOffsetsIn(what, child, seen);
  }

  checkLsp(what: string, range: Range): void {
    for (const position of [range.start, range.end]) {
      const length = this.lineLengths[position.line];
      if (length === undefined || position.character < 0 || position.character > length) {
        throw new FuzzViolation(`${what}: position ${position.line}:${position.character} is outside the document (${this.lineLengths.length} lines)`);
      }
    }
  }

  checkLspIn(what: string, value: unknown): void {
    if (typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) this.checkLspIn(what, item);
      return;
    }
    const record = value as Record<string, unknown>;
    for (const key of ['range', 'insert', 'replace']) {
      const range = record[key] as Range | undefined;
      if (range && typeof range === 'object' && 'start' in range) this.checkLsp(what, range);
    }
  }
}
