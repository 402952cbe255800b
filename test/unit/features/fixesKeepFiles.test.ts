import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { parseAllDocuments } from 'yaml';
import { definitionsFromModel } from '../../../core/definitions/fromFacts';
import type { DefinitionsView } from '../../../core/definitions/types';
import { codeActions } from '../../../core/features/codeActions';
import type { WorkspaceDocument } from '../../../core/workspace/workspaceDocument';
import { readDocument } from '../../../core/formats';
import { DIAGNOSTIC_SOURCE, type CoreDiagnostic } from '../../../core/model/diagnostic';
import { LineIndex } from '../../../core/model/range';
import { validateDocument } from '../../../core/validate';
import { jsonTwins } from '../../support/jsonTwins';

/**
 * Every quick fix offered on every fixture of every format leaves a file that parses in its own
 * format (YAML, strict JSON, JSON with comments) and has no error it did not have (DESIGN.md §7).
 * Each YAML fixture is also checked written as JSON and as JSONC, so the JSON side of every fix
 * (a URN part inside a string, a quoted enum value) is exercised on every shape.
 */
const FIXTURES = resolve(process.cwd(), 'test', 'fixtures');
const SUFFIX = /\.(ya?ml|jsonc?)$/i;

type Flavour = 'yaml' | 'json' | 'jsonc';

interface Sample {
  name: string;
  uri: string;
  text: string;
  flavour: Flavour;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SUFFIX.test(name)) out.push(path);
  }
  return out;
}

function samples(): Sample[] {
  const out: Sample[] = [];
  for (const path of walk(FIXTURES)) {
    const name = relative(FIXTURES, path);
    const text = readFileSync(path, 'utf8');
    const flavour: Flavour = /\.ya?ml$/i.test(path) ? 'yaml' : /\.jsonc$/i.test(path) ? 'jsonc' : 'json';
    out.push({ name, uri: `file://${path}`, text, flavour });
    const twins = flavour === 'yaml' ? jsonTwins(text) : undefined;
    if (!twins) continue; // JSON already, or YAML broken on purpose
    const base = path.replace(/\.ya?ml$/i, '');
    out.push({ name: `${name} as JSON`, uri: `file://${base}.json`, text: twins.json, flavour: 'json' });
    out.push({ name: `${name} as JSONC`, uri: `file://${base}.jsonc`, text: twins.jsonc, flavour: 'jsonc' });
  }
  return out;
}

/** Parse errors of the text in its own format; JSON is strict (no comments, no trailing commas). */
function parseProblems(text: string, flavour: Flavour): string[] {
  if (flavour === 'yaml') return parseAllDocuments(text).flatMap((doc) => ('errors' in doc ? doc.errors.map((e) => e.message) : []));
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { allowTrailingComma: false, disallowComments: flavour === 'json' });
  return errors.map((e) => `JSON parse error ${e.error} at ${e.offset}`);
}

function diagnose(uri: string, text: string): { document: WorkspaceDocument; diagnostics: CoreDiagnostic[]; definitions: DefinitionsView } {
  const model = readDocument(uri, text);
  const workspace = new Map(definitionsFromModel(model).map((d) => [d.urn, d]));
  const definitions: DefinitionsView = { service: new Map(), workspace, serviceAvailable: false };
  const document: WorkspaceDocument = { uri, text, model, lineIndex: new LineIndex(text) };
  return { document, definitions, diagnostics: validateDocument({ model, text, definitions }) };
}

/** How many errors of each code; a fix may remove errors, never add one of a code (or more of it). */
function errorCounts(diagnostics: readonly CoreDiagnostic[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const d of diagnostics) if (d.severity === 'error') counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  return counts;
}

describe('quick fixes never break a file', () => {
  const all = samples();

  it('covers YAML, JSON and JSONC fixtures', () => {
    for (const flavour of ['yaml', 'json', 'jsonc'] as const) assert.ok(all.some((s) => s.flavour === flavour), flavour);
  });

  let applied = 0;
  for (const sample of all) {
    it(`${sample.name}: every fix parses and adds no error`, () => {
      if (parseProblems(sample.text, sample.flavour).length > 0) return; // broken on purpose: nothing to keep
      const { document, definitions, diagnostics } = diagnose(sample.uri, sample.text);
      const before = errorCounts(diagnostics);
      for (const found of diagnostics) {
        const lsp: Diagnostic = {
          range: { start: document.lineIndex.positionAt(found.range.start), end: document.lineIndex.positionAt(found.range.end) },
          message: found.message,
          code: found.code,
          source: DIAGNOSTIC_SOURCE,
          data: found.data,
        };
        for (const action of codeActions({ document, definitions, workspace: [document] }, found.range, [lsp])) {
          const edits = action.edit?.changes?.[sample.uri] ?? [];
          if (edits.length === 0) continue;
          applied++;
          const fixed = TextDocument.applyEdits(TextDocument.create(sample.uri, 'plaintext', 1, sample.text), edits);
          const where = `"${action.title}" for ${found.code} in ${sample.name}`;
          assert.deepEqual(parseProblems(fixed, sample.flavour), [], `${where} left a file that does not parse:\n${fixed}`);
          const after = errorCounts(diagnose(sample.uri, fixed).diagnostics);
          for (const [code, count] of after) {
            assert.ok(count <= (before.get(code) ?? 0), `${where} added a ${code} error (${before.get(code) ?? 0} → ${count}):\n${fixed}`);
          }
        }
      }
    });
  }

  it('applied fixes at all (the walk found something to fix)', () => {
    assert.ok(applied > 50, `${applied} fixes applied`);
  });
});
