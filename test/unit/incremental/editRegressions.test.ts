import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../../support/generate/metadataFiles';
import { seededRandom } from '../../../support/random';
import { DocumentAnalysis } from '../../../core/incremental/documentAnalysis';
import type { TextEdit } from '../../../core/incremental/textEdit';
import { generateDocument } from '../../support/differential/documents';
import { assertSameAsFresh } from '../../support/incrementalEquality';

/**
 * The two classes of issue 34, at the analysis (their twins through the real server are in
 * test/protocol/editRegressions.test.ts):
 * - an unclosed `[` or `{` typed on an item's last line is reported by YAML on the next item's `-`;
 *   its undo read the edited item alone and kept the next item's error (a phantom `parse.syntax`);
 * - two changes of one burst (two keystrokes before the next answer, or VS Code's multi-cursor
 *   changes in descending order): parts read by the first still had to move by the second when the
 *   checks ran, so a URN's range no longer matched the text and its diagnostic covered the whole URN.
 */

const FILES: [string, string, string, RegExp][] = [
  ['dataset YAML', 'file:///w/datasets.yaml', datasetYaml(300, seededRandom(5)).text, /^ {10}io\.bench\.pii: /gm],
  ['lineage file', 'file:///w/lineage.yml', lineageFile(300, seededRandom(6)).text, /^ {10}platform: /gm],
  ['property definitions', 'file:///w/properties.yaml', PROPERTIES_YAML, /^ {4}- value: /gm],
];

function valuesAt(text: string, pattern: RegExp): number[] {
  return [...text.matchAll(pattern)].map((match) => (match.index ?? 0) + match[0].length);
}

describe('an undo leaves the analysis a fresh read gives (issue 34)', () => {
  for (const [label, uri, text, pattern] of FILES) {
    for (const bracket of ['[', '{']) {
      it(`${label}: \`${bracket}\` typed at the start of each item's last value and deleted again leaves no parse error`, () => {
        const offsets = valuesAt(text, pattern);
        assert.ok(offsets.length > 3, `${label}: the file has values to type in`);
        for (const at of offsets) {
          let analysis = DocumentAnalysis.read(uri, text);
          assertSameAsFresh(analysis, at, 'reading it');
          analysis = analysis.apply([{ start: at, end: at, text: bracket }]);
          assertSameAsFresh(analysis, at + 1, `${bracket} typed at ${at}`);
          analysis = analysis.apply([{ start: at, end: at + 1, text: '' }]);
          assert.equal(analysis.text, text);
          assertSameAsFresh(analysis, at, `${bracket} typed at ${at}, then deleted`);
          assert.deepEqual(analysis.model.parseProblems, [], `${label}: no syntax error after the undo at ${at}`);
        }
      });
    }
  }

  it('dataset YAML opened with `[gold` on an item\'s last line: one backspace over the `[` leaves no error', () => {
    const opened = datasetYaml(300, seededRandom(5)).text;
    const [at] = valuesAt(opened, /^ {10}io\.bench\.pii: /gm);
    const text = `${opened.slice(0, at)}[${opened.slice(at)}`;
    let analysis = DocumentAnalysis.read('file:///w/datasets.yaml', text);
    assert.ok(analysis.model.parseProblems.length > 0, 'the file opens with a syntax error');
    assertSameAsFresh(analysis, at, 'reading it');
    analysis = analysis.apply([{ start: at, end: at + 1, text: '' }]);
    assertSameAsFresh(analysis, at, 'the `[` deleted');
    assert.deepEqual(analysis.model.parseProblems, []);
  });
});

/** Twenty datasets, each naming a downstream whose environment `prod` is wrong (DataHub's are upper-case). */
const DOWNSTREAMS = Array.from({ length: 20 }, (_, i) => `- id: t${i}\n  platform: hive\n  description: Table ${i}\n  downstreams:\n    - urn:li:dataset:(urn:li:dataPlatform:looker,x${i},prod)\n`).join('');
const FINE_GRAINED = `version: 1\nlineage:\n${Array.from(
  { length: 20 },
  (_, i) =>
    `  - entity:\n      name: t${i}\n      type: dataset\n      platform: hive\n      description: Table ${i}\n    fineGrainedLineages:\n      - upstreams:\n          - urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,u${i},prod),id)\n        downstreams:\n          - urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,t${i},prod),id)\n`,
).join('')}`;

describe('a burst of edits leaves every range where a fresh read has it (issue 34)', () => {
  for (const [label, uri, text] of [
    ['dataset YAML downstreams', 'file:///w/datasets.yaml', DOWNSTREAMS],
    ['lineage file fineGrainedLineages', 'file:///w/lineage.yml', FINE_GRAINED],
  ] as const) {
    const early = text.indexOf('Table 3');
    const late = text.indexOf('Table 9');
    const bursts: [string, TextEdit[][]][] = [
      ['`"` typed and deleted in one burst', [[{ start: early, end: early, text: '"' }, { start: early, end: early + 1, text: '' }]]],
      [
        'two cursors: `"` typed and deleted, each change list in descending order',
        [
          [{ start: late, end: late, text: '"' }, { start: early, end: early, text: '"' }],
          [{ start: late + 1, end: late + 2, text: '' }, { start: early, end: early + 1, text: '' }],
        ],
      ],
    ];
    for (const [what, steps] of bursts) {
      it(`${label}: ${what}`, () => {
        let analysis = DocumentAnalysis.read(uri, text);
        assertSameAsFresh(analysis, 0, 'reading it');
        for (const [index, edits] of steps.entries()) {
          analysis = analysis.apply(edits);
          assertSameAsFresh(analysis, early, `${what}, step ${index + 1}`);
        }
        assert.equal(analysis.text, text);
      });
    }
  }
});

describe('items read again at a new index keep their errors as the file has them (issue 34, found by the differential test)', () => {
  it('lineage file: `[` typed in an upstream entry, then lines deleted above it: the broken entry is not read alone', () => {
    // The long differential run's counterexample (CATALOG_DIFFERENTIAL_SEED=28002), shrunk to its two steps.
    const random = seededRandom(28002);
    const text = generateDocument('lineageFile', 200 + random.int(2_801), random);
    let analysis = DocumentAnalysis.read('file:///w/lineage.yml', text);
    assertSameAsFresh(analysis, 0, 'reading it');
    analysis = analysis.apply([{ start: 23_246, end: 23_246, text: ' ' }, { start: 23_247, end: 23_247, text: '[' }]);
    assertSameAsFresh(analysis, 23_248, '` [` typed');
    analysis = analysis.apply([{ start: 8_084, end: 8_563, text: '' }]);
    assertSameAsFresh(analysis, 8_084, 'lines deleted across entries above it');
  });
});
