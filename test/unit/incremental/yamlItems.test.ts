import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../../support/generate/metadataFiles';
import { seededRandom } from '../../../support/random';
import { validateParts } from '../../../core/incremental/checkParts';
import type { CheckedPart } from '../../../core/incremental/parts';
import { DocumentAnalysis, type TextEdit } from '../../../core/incremental/documentAnalysis';
import { readDocument } from '../../../core/formats';
import { validateDocument } from '../../../core/validate';
import type { LineageEdgeFact } from '../../../core/model/facts';
import { definitionsFromModel } from '../../../core/definitions/fromFacts';
import { EMPTY_DEFINITIONS } from '../../../core/definitions/types';
import { assertSameAsFresh } from '../../support/incrementalEquality';

/**
 * The YAML formats are read item by item (core/formats/yamlUnits.ts): typing inside one list item
 * reads that item again, and the checks run again only for it. Every step is compared with a fresh
 * read of the whole text; the random-edit property of documentAnalysis.test.ts covers the rest.
 */
const SAMPLE = join(process.cwd(), 'test', 'fixtures', 'sample-catalog');
const definitions = { ...EMPTY_DEFINITIONS, workspace: new Map(definitionsFromModel(readDocument('file:///p.yaml', PROPERTIES_YAML)).map((info) => [info.urn, info])) };

function typeAt(analysis: DocumentAnalysis, offset: number, typed: string): DocumentAnalysis {
  let current = analysis;
  for (const [i, char] of [...typed].entries()) current = current.apply([{ start: offset + i, end: offset + i, text: char }]);
  return current;
}

const files: [string, string, string][] = [
  ['properties YAML', 'file:///w/properties.yaml', readFileSync(join(SAMPLE, '01-properties.yaml'), 'utf8')],
  ['dataset YAML', 'file:///w/datasets.yaml', datasetYaml(600, seededRandom(3)).text],
  ['lineage file', 'file:///w/lineage.yml', lineageFile(600, seededRandom(4)).text],
];

describe('YAML list formats are analysed item by item', () => {
  for (const [label, uri, text] of files) {
    it(`${label}: typing in the first, a middle and the last item reads only that item`, () => {
      const parts = DocumentAnalysis.read(uri, text).parts;
      assert.ok(parts && parts.length > 2, 'the file is kept in parts');
      const names = [...text.matchAll(/(?:id|name): ([\w.]+)/g)];
      for (const match of [names[0], names[Math.floor(names.length / 2)], names[names.length - 1]]) {
        const at = (match.index ?? 0) + match[0].length;
        const typed = typeAt(DocumentAnalysis.read(uri, text), at, '_x');
        assert.equal(typed.path, 'unit', `typing after ${match[0]}`);
        assertSameAsFresh(typed, at + 2, `typing "_x" after ${match[0]}`);
      }
    });
  }

  it('a lineage file whose version comes after the entries: the root mapping ends after the edited last entry', () => {
    const text = 'lineage:\n  - entity:\n      name: a.b\n      type: dataset\n      platform: hive\n  - entity:\n      name: c.d\n      type: dataset\n      platform: hive\n    upstream:\n      - entity: {name: a.b, type: dataset, platform: hive}\n  # a comment\nversion: 2\n';
    const at = text.indexOf('c.d') + 3;
    const typed = typeAt(DocumentAnalysis.read('file:///w/l.yml', text), at, 'ef');
    assert.equal(typed.path, 'unit');
    assertSameAsFresh(typed, at, 'typing in the last entry');
    const deleted = typed.apply([{ start: at - 3, end: at + 2, text: 'x' }]);
    assertSameAsFresh(deleted, at, 'replacing the name');
  });

  it('typing at the very end of a file appends to its last item', () => {
    const text = PROPERTIES_YAML;
    const analysis = DocumentAnalysis.read('file:///w/p.yaml', text);
    const appended = analysis.apply([{ start: text.length, end: text.length, text: '  description: more\n' }]);
    assertSameAsFresh(appended, appended.text.length, 'appending a key to the last definition');
  });

  it('edits that change more than one item or break its syntax read that run of items (issue 27); edits that change what the file is read it whole; both equal a fresh read', () => {
    const text = PROPERTIES_YAML;
    const second = text.indexOf('- id: io.bench.tier');
    const pasted: TextEdit = { start: second - 1, end: second - 1, text: '\n- id: io.bench.pasted\n  type: string' };
    const run = DocumentAnalysis.read('file:///w/p.yaml', text).apply([pasted]);
    assert.equal(run.path, 'run', 'a new item pasted inside one');
    assertSameAsFresh(run, pasted.start, 'a new item pasted inside one');
    const cases: [string, TextEdit][] = [
      ['an item indented under the one before', { start: second, end: second, text: '  ' }],
      ['an anchor', { start: second + 2, end: second + 2, text: '&tier ' }],
    ];
    // A syntax error inside an item stays in that item's run: the item after it reads as before.
    const quote: TextEdit = { start: second + 6, end: second + 6, text: '"' };
    const broken = DocumentAnalysis.read('file:///w/p.yaml', text).apply([quote]);
    assert.equal(broken.path, 'run', 'an unclosed quote');
    assert.ok(broken.model.parseProblems.length > 0);
    assertSameAsFresh(broken, quote.start, 'an unclosed quote');
    // An item that no longer looks like a definition: the file still does (content detection
    // counts every item, core/formats/detect.ts ListCounts), so the item is read again as a run.
    const renamed: TextEdit = { start: text.indexOf('cardinality', second), end: text.indexOf('cardinality', second) + 11, text: 'kardinality' };
    const counted = DocumentAnalysis.read('file:///w/p.yaml', text).apply([renamed]);
    assert.equal(counted.path, 'run');
    assertSameAsFresh(counted, renamed.start, 'a key renamed so the item no longer looks like a definition');
    for (const [what, edit] of cases) {
      const edited = DocumentAnalysis.read('file:///w/p.yaml', text).apply([edit]);
      assert.equal(edited.path, 'full', `${what}: ${edited.path}`);
      assertSameAsFresh(edited, edit.start, what);
    }
  });

  it('a file with anchors and aliases is read whole', () => {
    const text = readFileSync(join(process.cwd(), 'test', 'fixtures', 'formats', 'aliases.yml'), 'utf8');
    assert.equal(DocumentAnalysis.read('file:///w/aliases.yml', text).parts, undefined);
  });

  it('an analysis that apply consumed refuses every later use, loudly', () => {
    const [, uri, text] = files[2];
    const analysis = DocumentAnalysis.read(uri, text);
    const at = text.indexOf('name: ') + 6;
    const edited = analysis.apply([{ start: at, end: at, text: 'a' }]);
    assert.equal(edited.path, 'unit');
    assert.throws(() => analysis.apply([{ start: at, end: at, text: 'b' }]), /consumed/);
    assert.throws(() => analysis.model, /consumed/);
    assert.throws(() => analysis.parts, /consumed/);
    assertSameAsFresh(edited.apply([{ start: at + 1, end: at + 1, text: 'b' }]), at, 'the analysis apply returned');
  });

  it('after an edit the checks run again for the edited item only', () => {
    const [, uri, text] = files[1];
    let analysis = DocumentAnalysis.read(uri, text);
    const check = () => validateParts({ model: analysis.model, text: analysis.text, definitions, parts: analysis.parts ?? [], cache: analysis.cache });
    const checkedOf = () => (analysis.parts ?? []).map((part) => analysis.cache?.checked(part));
    check();
    const before = new Set<CheckedPart | undefined>(checkedOf());
    const id = /id: /g;
    id.lastIndex = Math.floor(text.length / 2);
    const at = (id.exec(text)?.index ?? 0) + 4;
    analysis = typeAt(analysis, at, 'q');
    assert.equal(analysis.path, 'unit');
    const diagnostics = check();
    const checkedAgain = checkedOf().filter((checked) => !before.has(checked)).length;
    assert.equal(checkedAgain, 1, 'one part checked again');
    const fresh = { ...definitions, workspace: new Map(definitions.workspace) };
    assert.deepEqual(diagnostics, validateParts({ model: analysis.model, text: analysis.text, definitions: fresh, parts: analysis.parts ?? [], cache: analysis.cache }), 'kept results equal a full check');
    assert.equal(checkedOf().filter((checked) => !before.has(checked)).length, analysis.parts?.length, 'new definitions check every part again');
  });

  it('entity existence is asked by document rules only, so answers that change are never kept per part', () => {
    const [, uri, text] = files[2];
    const analysis = DocumentAnalysis.read(uri, text);
    let missing = '';
    const entities = { exists: (urn: string) => (urn === missing ? false : undefined) };
    const check = () => validateParts({ model: analysis.model, text: analysis.text, definitions, entities, parts: analysis.parts ?? [] });
    assert.ok(!check().some((d) => d.code === 'lineage.unknownEntity'));
    const edge = analysis.model.facts.find((fact): fact is LineageEdgeFact => fact.kind === 'lineageEdge' && fact.depth === 0);
    assert.ok(edge, 'the lineage file has an edge');
    missing = edge.upstream.value;
    assert.ok(check().some((d) => d.code === 'lineage.unknownEntity' && d.message.includes(missing)), 'the new answer shows at once');
    assert.ok(!check().some((d) => d.code === 'internal.ruleFailed'), 'no part rule asked');
  });
});

describe('repeats across items are judged from an index', () => {
  const entry = (name: string, upstream: string) => `  - entity: {name: ${name}, type: dataset, platform: hive}\n    upstream:\n      - entity: {name: ${upstream}, type: dataset, platform: hive}\n`;
  const text = `version: 1\nlineage:\n${entry('a.t', 'b.s')}${entry('c.t', 'd.s')}${entry('a.t', 'b.s')}${entry('e.t', 'f.s')}`;

  it('a duplicate edge in another entry appears and disappears as the entries are edited', () => {
    let analysis = DocumentAnalysis.read('file:///w/dup.yml', text);
    const count = () => validateParts({ model: analysis.model, text: analysis.text, definitions, parts: analysis.parts ?? [], repeats: analysis.repeats }).filter((d) => d.code === 'lineage.duplicateEdge').length;
    assert.equal(count(), 1);
    // The second entry becomes a third copy of the edge, then the first copy is renamed away.
    const second = analysis.text.indexOf('d.s');
    analysis = analysis.apply([{ start: second, end: second + 3, text: 'b.s' }]);
    analysis = analysis.apply([{ start: analysis.text.indexOf('c.t'), end: analysis.text.indexOf('c.t') + 3, text: 'a.t' }]);
    assert.equal(analysis.path, 'unit');
    assert.equal(count(), 2);
    assertSameAsFresh(analysis, second, 'a third copy');
    const first = analysis.text.indexOf('b.s');
    analysis = analysis.apply([{ start: first, end: first + 3, text: 'x.s' }]);
    assert.equal(analysis.path, 'unit');
    assert.equal(count(), 1);
    assertSameAsFresh(analysis, first, 'the first copy renamed');
  });
});

describe('results that name the current time are never kept', () => {
  it('version advice after the clock moved on equals a fresh check', (t) => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.UTC(2026, 10, 24, 12, 0, 0) });
    const text = '- id: io.acme.a\n  type: string\n  version: "1.0"\n- id: io.acme.b\n  type: string\n';
    const analysis = DocumentAnalysis.read('file:///w/properties.yaml', text);
    const check = () => validateParts({ model: analysis.model, text, definitions, parts: analysis.parts ?? [], repeats: analysis.repeats });
    assert.match(check().find((d) => d.code === 'definition.version')?.message ?? '', /20261124120000/);
    t.mock.timers.tick(61_000);
    const later = check();
    assert.match(later.find((d) => d.code === 'definition.version')?.message ?? '', /20261124120101/);
    assert.deepEqual(later, validateDocument({ model: readDocument('file:///w/properties.yaml', text), text, definitions }));
  });
});
