import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { goldenMcpJson } from '../../../support/generate/goldenMcp';
import { readDocumentUnits } from '../../../core/formats';
import { DocumentAnalysis } from '../../../core/incremental/documentAnalysis';
import { SlicedJsonRead } from '../../../core/incremental/slicedJsonRead';
import { slicedReadOf } from '../../../core/incremental/slicedReadOf';
import type { SlicedOutcome } from '../../../core/incremental/slicedRead';
import { assertSameAsFresh } from '../../support/incrementalEquality';
import { referencePath, testsNeedingReference } from '../../support/reference';

/**
 * A large open MCP JSON is read a few elements at a time (core/incremental/slicedJsonRead.ts), so
 * the server answers other requests between them. Its parts must be the whole read's
 * (readDocumentUnits: the same units, model and diagnostics); what the strict path cannot read is
 * left to the whole read. Each text is read one element per step (the smallest budget).
 */

const NO_LIMIT = Number.MAX_SAFE_INTEGER;

function readInSlices(uri: string, text: string, limit = NO_LIMIT): { outcome: SlicedOutcome; steps: number } {
  const read = new SlicedJsonRead(uri, text, {}, limit);
  let steps = 0;
  for (;;) {
    steps++;
    const outcome = read.step(0);
    if (outcome) return { outcome, steps };
  }
}

/** Read in slices, the outcome is the whole read's parts, and everything the editor shows is the same. */
function assertReadAsWhole(uri: string, text: string, label: string): number {
  const { outcome, steps } = readInSlices(uri, text);
  assert.equal(outcome.kind, 'read', `${label}: ${outcome.kind === 'whole' ? outcome.why : ''}`);
  if (outcome.kind !== 'read') return steps;
  assert.equal(outcome.readChars, text.length, `${label}: all of it`);
  assert.deepEqual(outcome.parts, readDocumentUnits(uri, text), `${label}: the whole read's units and model`);
  assertSameAsFresh(DocumentAnalysis.ofParts(uri, text, outcome.parts), Math.floor(text.length / 2), `${label} read in ${steps} slices`);
  return steps;
}

function jsonFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFilesUnder(path) : name.endsWith('.json') && name !== 'manifest.json' ? [path] : [];
  });
}

describe('a large MCP JSON read in slices gives the whole read', () => {
  it('a golden-style MCP JSON of 6,000 lines: the same units, model, diagnostics, symbols and completions', () => {
    const steps = assertReadAsWhole('file:///w/golden.json', goldenMcpJson(6_000), 'golden MCP JSON');
    assert.ok(steps > 10, `${steps} slices`);
  });

  it('every JSON file of the corpus of DataHub files: read in slices equals the whole read, or is left to the whole read', () => {
    let sliced = 0;
    const files = jsonFilesUnder(join(process.cwd(), 'test', 'fixtures'));
    assert.ok(files.length > 50, `${files.length} JSON files`);
    for (const file of files) {
      const uri = pathToFileURL(file).toString();
      const text = readFileSync(file, 'utf8');
      const { outcome } = readInSlices(uri, text);
      if (outcome.kind === 'whole') continue;
      assertReadAsWhole(uri, text, file);
      sliced++;
    }
    assert.ok(sliced > 20, `${sliced} of ${files.length} read in slices`);
  });

  it('leaves to the whole read what the strict path cannot read, and the whole read reports it', () => {
    const golden = goldenMcpJson(2_000);
    const middle = golden.indexOf('\n  {', golden.length / 2);
    const cases: [string, string, string][] = [
      ['a syntax error in the middle', 'file:///w/broken.json', `${golden.slice(0, middle)} {"unclosed": ${golden.slice(middle)}`],
      ['a comment in a .jsonc file', 'file:///w/comments.jsonc', `// a comment\n${golden}`],
      ['a trailing comma', 'file:///w/comma.json', golden.replace(/\}\s*\]\s*$/, '},\n]\n')],
      ['a repeated key', 'file:///w/repeated.json', golden.replace('"entityType": "dataset",', '"entityType": "dataset", "entityType": "dataset",')],
      ['an object at the top', 'file:///w/object.json', '{"entityType": "dataset"}'],
      ['text after the array', 'file:///w/after.json', `${golden}x`],
      ['an empty array', 'file:///w/empty.json', '[]'],
    ];
    for (const [label, uri, text] of cases) {
      const { outcome } = readInSlices(uri, text);
      assert.equal(outcome.kind, 'whole', label);
      assert.ok(readDocumentUnits(uri, text).model, label);
    }
    assert.equal(new SlicedJsonRead('file:///w/a.json', golden, { format: 'datasetYaml' }, NO_LIMIT).step(0)?.kind, 'whole', 'another format named by the user');
    assert.equal(new SlicedJsonRead('file:///w/a.json', golden, {}, golden.length - 1).step(0)?.kind, 'whole', 'over the limit: JSON is read whole or not at all');
  });

  it('answers the elements read so far before the read is over', () => {
    const text = goldenMcpJson(3_000);
    const read = new SlicedJsonRead('file:///w/golden.json', text, {}, NO_LIMIT);
    assert.equal(read.soFar(), undefined);
    assert.equal(read.step(0), undefined);
    const soFar = read.soFar();
    assert.ok(soFar && soFar.readChars > 0 && soFar.readChars < text.length);
    assert.equal(soFar.parts.units?.length, 1, 'one element per step at the smallest budget');
  });

  it('a JSON path is read as JSON, a YAML path as YAML', () => {
    assert.ok(slicedReadOf('file:///w/a.json', '[]', {}, NO_LIMIT) instanceof SlicedJsonRead);
    assert.ok(!(slicedReadOf('file:///w/a.yaml', '- id: x', {}, NO_LIMIT) instanceof SlicedJsonRead));
  });
});

const reference = testsNeedingReference("DataHub's example JSON files read in slices", ['datahub-examples']);
reference.describe("DataHub's example JSON files", () => {
  reference.it('read in slices equal the whole read, or are left to it', () => {
    const dir = referencePath('datahub-examples');
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const text = readFileSync(join(dir, name), 'utf8');
      const uri = pathToFileURL(join(dir, name)).toString();
      if (readInSlices(uri, text).outcome.kind === 'read') assertReadAsWhole(uri, text, name);
    }
  });
});
