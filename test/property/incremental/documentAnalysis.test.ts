import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { goldenMcpJson } from '../../../support/generate/goldenMcp';
import { DocumentAnalysis } from '../../../core/incremental/documentAnalysis';
import { assertSameAsFresh, editSpec, fixtures, runSequence } from '../../support/incrementalEquality';

/** Large generated files get the same property in test/integration/incrementalLarge.test.ts. */
describe('incremental analysis equals a fresh full analysis', () => {
  for (const { uri, text } of fixtures()) {
    const name = uri.slice(uri.lastIndexOf('/') + 1);
    it(`after random edit sequences: ${name}`, () => {
      fc.assert(fc.property(fc.array(editSpec, { minLength: 1, maxLength: 8 }), (specs) => void runSequence(uri, text, specs)), { numRuns: 6 });
    });
  }

  it('typing a string inside one element keeps every other element and equals a fresh read', () => {
    const text = goldenMcpJson(400);
    let analysis = DocumentAnalysis.read('file:///golden.json', text);
    const at = text.indexOf('analytics.public.table_1"') + 'analytics.public.table_1'.length;
    for (const [i, char] of [...'_renamed'].entries()) analysis = analysis.apply([{ start: at + i, end: at + i, text: char }]);
    assert.equal(analysis.path, 'unit');
    assertSameAsFresh(analysis, at, 'typing "_renamed"');
    // Several changes of one notification apply one after the other.
    analysis = analysis.apply([
      { start: at, end: at + 8, text: '' },
      { start: 10, end: 10, text: ' ' },
    ]);
    assert.equal(analysis.text, text.slice(0, 10) + ' ' + text.slice(10));
    assertSameAsFresh(analysis, 10, 'two changes');
  });
});
