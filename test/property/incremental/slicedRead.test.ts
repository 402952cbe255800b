import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../../support/generate/metadataFiles';
import { seededRandom } from '../../../support/random';
import { readDocument, readDocumentUnits } from '../../../core/formats';
import { DocumentAnalysis } from '../../../core/incremental/documentAnalysis';
import { SlicedRead, type SlicedOutcome } from '../../../core/incremental/slicedRead';
import { assertSameAsFresh, fixtures } from '../../support/incrementalEquality';
import { WORK } from '../../../core/model/workCounters';
import { definitionsFromModel } from '../../../core/definitions/fromFacts';
import { EMPTY_DEFINITIONS } from '../../../core/definitions/types';
import { validateParts } from '../../../core/incremental/checkParts';
import { validateDocument } from '../../../core/validate';
import { OpenInSlices } from '../../../core/workspace/openInSlices';

/**
 * A large open document is read a run of items at a time (core/incremental/slicedRead.ts), so the
 * server can answer other requests between runs. Its final answer must be the whole read's: the
 * same model, parts, diagnostics (whole and part by part), symbols and completions. Each text is
 * read to the end one run per step (the smallest budget), so every run boundary is exercised.
 */

const NO_LIMIT = Number.MAX_SAFE_INTEGER;

function readInSlices(uri: string, text: string, limit = NO_LIMIT): { outcome: SlicedOutcome; steps: number; read: SlicedRead } {
  const read = new SlicedRead(uri, text, {}, limit);
  let steps = 0;
  for (;;) {
    steps++;
    const outcome = read.step(0);
    if (outcome) return { outcome, steps, read };
  }
}

function analysisOf(uri: string, text: string, outcome: SlicedOutcome): DocumentAnalysis {
  assert.equal(outcome.kind, 'read', outcome.kind === 'whole' ? outcome.why : '');
  if (outcome.kind !== 'read') throw new Error('unreachable');
  return DocumentAnalysis.ofParts(uri, text.slice(0, outcome.readChars), outcome.parts);
}

/** A dataset YAML of many items with things that make cutting the text into runs tricky. */
const TRICKY = [
  '# leading comment',
  '',
  '- id: first',
  '  platform: hive',
  '  description: |',
  '    a block scalar whose lines',
  '    - look like items',
  '  structured_properties:',
  '    io.bench.tier: platinum',
  '- id: "quoted # not a comment"',
  '  platform: hive',
  '# a comment between items',
  '-   id: spaced',
  '    platform: kafka',
  '-',
  '- id: last',
  '  platform: hive',
  '',
].join('\n');

describe('a large document read in slices gives the whole read', () => {
  for (const [label, uri, text] of [
    ['dataset YAML, 3,000 lines', 'file:///w/datasets.yaml', datasetYaml(3_000, seededRandom(1)).text],
    ['properties YAML', 'file:///w/properties.yaml', PROPERTIES_YAML],
    ['dataset YAML with block scalars, comments and an empty item', 'file:///w/tricky.yaml', TRICKY.repeat(1).concat(TRICKY.replace('# leading comment\n\n', '').repeat(150))],
  ] as const) {
    it(`${label}: the same model, diagnostics, symbols and completions`, () => {
      const { outcome, steps } = readInSlices(uri, text);
      const analysis = analysisOf(uri, text, outcome);
      assert.equal(analysis.text, text, 'the whole text was read');
      assert.deepEqual(analysis.parts?.length, DocumentAnalysis.read(uri, text).parts?.length, 'as many parts as the whole read');
      assertSameAsFresh(analysis, Math.floor(text.length / 2), `a read in ${steps} slices`);
      if (text.length > 40_000) assert.ok(steps > 2, `${steps} slices`);
    });
  }

  it('every fixture: read in slices equals the whole read, or is left to the whole read', () => {
    let sliced = 0;
    for (const { uri, text } of fixtures()) {
      const { outcome } = readInSlices(uri, text);
      if (outcome.kind === 'whole') continue;
      sliced++;
      assertSameAsFresh(analysisOf(uri, text, outcome), 0, `${uri} read in slices`);
    }
    assert.ok(sliced > 0, 'some fixtures are list formats read in slices');
  });

  it('a lineage file (a mapping around its list) is read in slices with the whole read\'s frame and parts', () => {
    const lineage = lineageFile(3_000, seededRandom(4)).text;
    const atZero = lineage.replace(/^ {2}/gm, '');
    const cases: [string, string][] = [
      ['as generated', lineage],
      ['its list at column 0', atZero],
      ['comments and blank lines around the frame and after the list', `# head\n\nversion: 1 # the version\n# before\nlineage: # the list\n\n# first\n${lineage.replace(/^[^]*?lineage:\n/, '')}\n# trailing\n\n`],
      ['a comment indented inside the list at its end', `${lineage}    # in the list\n`],
      ['no line break at the end', lineage.trimEnd()],
      ['Windows line breaks', lineage.replace(/\n/g, '\r\n')],
      ['unknown frame keys and no version', lineage.replace('version: 1\n', 'owner: someone\n')],
    ];
    for (const [label, text] of cases) {
      const uri = 'file:///w/lineage.yml';
      const { outcome, steps } = readInSlices(uri, text);
      const analysis = analysisOf(uri, text, outcome);
      assert.ok(steps > 2, `${label}: ${steps} slices`);
      assert.deepEqual(outcome.kind === 'read' && outcome.parts.yaml, readDocumentUnits(uri, text).yaml, `${label}: the whole read's frame and items`);
      assertSameAsFresh(analysis, Math.floor(text.length / 2), `${label}, a read in ${steps} slices`);
    }
    // Named as a lineage file by the user's associations: read in slices all the same.
    const forced = new SlicedRead('file:///w/lineage.yml', lineage, { format: 'lineageFile' }, NO_LIMIT);
    while (!forced.step(0));
    assert.equal(forced.step(0)?.kind, 'read');
    // Over the limit: read up to the last item that ends under it, as a whole read of that much.
    const { outcome } = readInSlices('file:///w/huge.yml', lineage, Math.floor(lineage.length / 3));
    assertSameAsFresh(analysisOf('file:///w/huge.yml', lineage, outcome), 0, 'the first third of a lineage file read in slices');
  });

  it('leaves to the whole read what it cannot read the same way in slices', () => {
    const dataset = datasetYaml(2_000, seededRandom(2)).text;
    const middle = dataset.indexOf('\n- id:', dataset.length / 2) + 1;
    const cases: [string, string, string][] = [
      ['a syntax error in the middle', 'file:///w/broken.yaml', `${dataset.slice(0, middle)}- id: "unclosed\n${dataset.slice(middle)}`],
      ['an anchor and alias', 'file:///w/anchors.yaml', `${dataset.slice(0, middle)}- &a {id: x, platform: hive}\n- *a\n${dataset.slice(middle)}`],
      ['a second YAML document', 'file:///w/two.yaml', `${dataset.slice(0, middle)}---\n${dataset.slice(middle)}`],
      ['a lineage file with a key after its list', 'file:///w/lineage.yml', `${lineageFile(600, seededRandom(3)).text}extra: 1\n`],
      ['a lineage file whose list is not its last key (read to the end in its first run)', 'file:///w/short.yml', 'lineage:\n  - entity: {name: a, type: dataset, platform: hive}\nversion: 1\n'],
      ['a lineage file with an anchor in its frame', 'file:///w/anchored.yml', `version: &v 1\nother: *v\n${lineageFile(600, seededRandom(3)).text.replace(/^[^]*?lineage:\n/, 'lineage:\n')}`],
      ['JSON', 'file:///w/mcp.json', '[{"entityType": "dataset"}]'],
      ['text before the first item', 'file:///w/k8s.yaml', `kind: List\n${dataset}`],
    ];
    for (const [label, uri, text] of cases) {
      const { outcome } = readInSlices(uri, text);
      assert.equal(outcome.kind, 'whole', label);
      // What it leaves to the whole read is read whole: never a model of its own.
      assert.ok(readDocumentUnits(uri, text).model, label);
    }
  });

  it('a text over the limit is read up to the last item that ends under it, and says how far', () => {
    const text = datasetYaml(4_000, seededRandom(5)).text;
    const limit = Math.floor(text.length / 3);
    const { outcome } = readInSlices('file:///w/huge.yaml', text, limit);
    assert.equal(outcome.kind, 'read');
    if (outcome.kind !== 'read') return;
    assert.ok(outcome.readChars <= limit && outcome.readChars > limit - 1_000, `${outcome.readChars} of ${limit}`);
    assert.ok(text.startsWith('\n- id:', outcome.readChars - 1), 'stops at an item boundary');
    // The part read is exactly what reading that much of the text whole gives.
    assertSameAsFresh(analysisOf('file:///w/huge.yaml', text, outcome), 0, 'the first third read in slices');
  });

  it('answers the items read so far before the read is over', () => {
    const text = datasetYaml(3_000, seededRandom(6)).text;
    const read = new SlicedRead('file:///w/datasets.yaml', text, {}, NO_LIMIT);
    assert.equal(read.soFar(), undefined);
    assert.equal(read.step(0), undefined);
    const soFar = read.soFar();
    assert.ok(soFar && soFar.readChars > 0 && soFar.readChars < text.length);
    assertSameAsFresh(DocumentAnalysis.ofParts('file:///w/datasets.yaml', text.slice(0, soFar.readChars), soFar.parts), 0, 'the first run');
  });

  it('parts checked in slices, then the first whole answer: the diagnostics of the whole-file analysis', () => {
    const uri = 'file:///w/datasets.yaml';
    const text = datasetYaml(3_000, seededRandom(7)).text;
    const definitions = { ...EMPTY_DEFINITIONS, workspace: new Map(definitionsFromModel(readDocument('file:///w/p.yaml', PROPERTIES_YAML)).map((info) => [info.urn, info])) };
    const work = new OpenInSlices(new SlicedRead(uri, text, {}, NO_LIMIT), {}, () => ({ definitions }));
    let steps = 1;
    while (!work.step(0)) steps++;
    const analysis = work.result?.analysis;
    assert.ok(analysis?.parts && analysis.cache, 'read in slices');
    const whole = validateDocument({ model: readDocument(uri, text), text, definitions });
    assert.ok(whole.length > 10, `${whole.length} diagnostics to compare`);
    const checkedBefore = WORK.partsChecked;
    assert.deepEqual(validateParts({ model: analysis.model, text: analysis.text, definitions, parts: analysis.parts, cache: analysis.cache, repeats: analysis.repeats, suppressions: analysis.suppressions }), whole, `after ${steps} steps`);
    assert.equal(WORK.partsChecked - checkedBefore, 0, 'every part was checked in the slices, none again in the first whole answer');
  });
});
