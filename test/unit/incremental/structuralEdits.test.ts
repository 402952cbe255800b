import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { datasetYaml, lineageFile } from '../../../bench/generate/metadataFiles';
import { seededRandom } from '../../../bench/support/random';
import { DocumentAnalysis, type TextEdit } from '../../../core/incremental/documentAnalysis';
import { assertSameAsFresh, editSpec, runSequence } from '../../support/incrementalEquality';

/**
 * Edits across lines and items (issue 27) read the smallest run of adjacent items that holds them
 * (core/incremental/documentAnalysis.ts readRunAgain), not the whole file: a line break that joins
 * two items, a new item split off, a block of items pasted, a range deleted across items. Each is
 * compared with a fresh read of the whole text; an unclosed quote, which the YAML parser's recovery
 * decides about for the rest of the file, is read whole.
 */
/** The edits across items, more often than among all kinds. */
const structural = editSpec.filter((spec) => spec.kind === 'pasteItems' || spec.kind === 'splitItem' || spec.kind === 'deleteRange');

const FILES: [string, string, string][] = [
  ['dataset YAML', 'file:///w/datasets.yaml', datasetYaml(400, seededRandom(11)).text],
  ['lineage file', 'file:///w/lineage.yml', lineageFile(400, seededRandom(12)).text],
];

function itemStarts(text: string, indent: string): number[] {
  return [...text.matchAll(new RegExp(`^${indent}- `, 'gm'))].map((match) => match.index ?? 0);
}

function applyOne(analysis: DocumentAnalysis, edit: TextEdit, what: string): DocumentAnalysis {
  const next = analysis.apply([edit]);
  assertSameAsFresh(next, edit.start + edit.text.length, what);
  return next;
}

describe('structural edits read a run of items', () => {
  for (const [label, uri, text] of FILES) {
    const indent = label === 'lineage file' ? '  ' : '';
    const starts = itemStarts(text, indent);
    const middle = starts[Math.floor(starts.length / 2)];
    const next = starts[Math.floor(starts.length / 2) + 1];
    const afterNext = starts[Math.floor(starts.length / 2) + 2];

    it(`${label}: a join, a split, a pasted block of items and a range deleted across items`, () => {
      let analysis = DocumentAnalysis.read(uri, text);
      assertSameAsFresh(analysis, 0, 'reading it');
      // A block of five items pasted before the middle one.
      const block = text.slice(starts[3], starts[8]);
      analysis = applyOne(analysis, { start: middle, end: middle, text: block }, 'pasting five items');
      assert.equal(analysis.path, 'run');
      // The line break before an item deleted: its `- key: value` joins the line before, which YAML
      // reports as an error (a mapping value where none is allowed, or a key written twice) — the
      // file is read whole while it is broken; typing the line break again mends it.
      const at = middle + block.length + (next - middle);
      analysis = applyOne(analysis, { start: at - 1, end: at, text: '' }, 'joining two items');
      assert.ok(analysis.model.parseProblems.length > 0 && analysis.path === 'full');
      analysis = applyOne(analysis, { start: at - 1, end: at - 1, text: '\n' }, 'the line break typed again');
      // A range from inside one item to inside the one after next.
      const from = analysis.text.indexOf('\n', middle + 3) + 1;
      const to = analysis.text.indexOf('\n', middle + block.length + (afterNext - middle)) + 1;
      analysis = applyOne(analysis, { start: from, end: to, text: '' }, 'deleting a range across items');
      assert.notEqual(analysis.path, 'full');
      // A new item split off at the end of a line.
      const lineEnd = analysis.text.indexOf('\n', middle + 2);
      analysis = applyOne(analysis, { start: lineEnd, end: lineEnd, text: `\n${indent}- ${label === 'lineage file' ? 'entity:' : 'id: split'}` }, 'splitting an item');
      assert.equal(analysis.path, 'run');
      // A new, still empty item typed at the end of an item's last line (its value ends before its
      // line break, unlike the item it was typed after: only the list's last item decides the frame).
      const nextItem = itemStarts(analysis.text, indent).find((offset) => offset > lineEnd + 10) ?? analysis.text.length;
      analysis = applyOne(analysis, { start: nextItem - 1, end: nextItem - 1, text: `\n${indent}- ${label === 'lineage file' ? 'entity:' : 'id:'}` }, 'a new empty item');
      assert.equal(analysis.path, 'run');
    });

    it(`${label}: an unclosed quote is read whole, and mending it reads item by item again`, () => {
      let analysis = DocumentAnalysis.read(uri, text);
      const value = text.indexOf(': ', middle) + 2;
      analysis = applyOne(analysis, { start: value, end: value, text: '"' }, 'an unclosed quote');
      assert.equal(analysis.path, 'full');
      analysis = applyOne(analysis, { start: value, end: value + 1, text: '' }, 'the quote deleted');
      const typed = analysis.text.indexOf(': ', middle) + 2;
      analysis = applyOne(analysis, { start: typed, end: typed, text: 'x' }, 'typing after mending');
      assert.equal(analysis.path, 'unit');
    });

    it(`${label}: random sequences of every edit kind equal a fresh read (fixed seed)`, () => {
      let runs = 0;
      fc.assert(
        fc.property(fc.array(fc.oneof(editSpec, structural, structural), { minLength: 1, maxLength: 6 }), (specs) => {
          runs += runSequence(uri, text, specs).runs;
        }),
        { numRuns: 12 },
      );
      assert.ok(runs > 0, 'some edits were read as a run of items');
    });
  }
});
