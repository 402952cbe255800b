import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { goldenMcpJson } from '../../support/generate/goldenMcp';
import { datasetYaml, lineageFile } from '../../support/generate/metadataFiles';
import { seededRandom } from '../../support/random';
import { editSpec, fixtures, runSequence } from '../support/incrementalEquality';

/** The equality property of test/unit/incremental/ on generated large files. */
describe('incremental analysis equals a fresh full analysis on large files', () => {
  it('a 3,000-line proposal file, mostly by reading one element again', () => {
    const text = goldenMcpJson(3_000);
    let units = 0;
    fc.assert(
      fc.property(fc.array(editSpec, { minLength: 1, maxLength: 8 }), (specs) => {
        units += runSequence('file:///golden.json', text, specs).units;
      }),
      { numRuns: 30 },
    );
    assert.ok(units > 0, 'some edits were read by element');
  });

  it('every fixture, with longer and more edit sequences than the unit suite runs', () => {
    for (const { uri, text } of fixtures()) {
      fc.assert(fc.property(fc.array(editSpec, { minLength: 1, maxLength: 16 }), (specs) => void runSequence(uri, text, specs)), { numRuns: 30 });
    }
  });

  for (const [name, generate] of [['lineage file', lineageFile], ['dataset YAML', datasetYaml]] as const) {
    it(`a 1,000-line ${name}`, () => {
      const { text } = generate(1_000, seededRandom(7));
      fc.assert(fc.property(fc.array(editSpec, { minLength: 1, maxLength: 4 }), (specs) => void runSequence('file:///large.yaml', text, specs)), { numRuns: 8 });
    });
  }
});
