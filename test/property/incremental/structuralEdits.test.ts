import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { goldenMcpJson } from '../../../support/generate/goldenMcp';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../../support/generate/metadataFiles';
import { seededRandom } from '../../../support/random';
import { DocumentAnalysis } from '../../../core/incremental/documentAnalysis';
import type { TextEdit } from '../../../core/incremental/textEdit';
import { assertSameAsFresh, EDIT_KINDS, editSpec, runSequence, specOfKind } from '../../support/incrementalEquality';

/**
 * Edits across lines and items (issue 27) read the smallest run of adjacent items that holds them
 * (core/incremental/documentAnalysis.ts readRunAgain), not the whole file: a line break that joins
 * two items, a new item split off, a block of items pasted, a range deleted across items, a syntax
 * error such as an unclosed quote (kept to the items YAML allows: the quote ends at the first line
 * indented too little to continue it, core/formats/yamlTree.ts). Each is compared with a fresh read
 * of the whole text.
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
      // reports as an error (a mapping value where none is allowed, or a key written twice) inside
      // the joined item: that run is read, with the item after it; typing the line break again mends it.
      const at = middle + block.length + (next - middle);
      analysis = applyOne(analysis, { start: at - 1, end: at, text: '' }, 'joining two items');
      assert.ok(analysis.model.parseProblems.length > 0);
      assert.equal(analysis.path, 'run');
      analysis = applyOne(analysis, { start: at - 1, end: at - 1, text: '\n' }, 'the line break typed again');
      assert.equal(analysis.path, 'run');
      assert.equal(analysis.model.parseProblems.length, 0);
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
      // An item's first line deleted from its first character (its `-` with it): its other lines now
      // belong to the item before, which is read with it.
      const dashLine = itemStarts(analysis.text, indent).find((offset) => offset > nextItem + 10) ?? 0;
      analysis = applyOne(analysis, { start: dashLine, end: analysis.text.indexOf('\n', dashLine) + 1, text: '' }, 'an item\'s first line deleted');
      assert.equal(analysis.path, 'run');
    });

    it(`${label}: an unclosed quote is an error in its item, the rest of the file still read; mending it reads item by item`, () => {
      let analysis = DocumentAnalysis.read(uri, text);
      const kinds = analysis.model.facts.length;
      const value = text.indexOf(': ', middle) + 2;
      analysis = applyOne(analysis, { start: value, end: value, text: '"' }, 'an unclosed quote');
      assert.equal(analysis.path, 'run');
      const [problem] = analysis.model.parseProblems;
      assert.match(problem.message, /quote/);
      assert.equal(analysis.text.lastIndexOf('\n', problem.range.start - 1), analysis.text.lastIndexOf('\n', value), 'reported on the line of the quote');
      assert.ok(analysis.model.facts.length > kinds - 10, 'the items after it are still read');
      // The file with the quote opened, read whole, is the same (assertSameAsFresh), and so is the same text read again.
      assert.equal(DocumentAnalysis.read(uri, analysis.text).model.parseProblems.length, 1);
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

  it('a key split so that its second half starts at column 0 ends a top-level list: read from its item to the end, equal to a fresh read; the undo reads the rest again', () => {
    // Issue 34: `  plat` ⏎ `form: …` in a dataset YAML ends the list and the document; YAML reads every later line
    // as an error of the stream (core/formats/yamlStreamTail.ts). Items before the split are kept.
    for (const [label, uri, text] of [['dataset YAML', 'file:///w/datasets.yaml', datasetYaml(1_200, seededRandom(21)).text], ['properties YAML', 'file:///w/properties.yaml', PROPERTIES_YAML.repeat(3)]]) {
      const keys = [...text.matchAll(/^ {2,}[a-z_]{4,}:/gm)].map((match) => (match.index ?? 0) + match[0].search(/[a-z]/));
      const positions = [keys[Math.floor(keys.length / 5)], keys[Math.floor(keys.length / 3)], keys[Math.floor(keys.length / 2)], keys[keys.length - 2], keys[keys.length - 1]];
      for (const [n, key] of positions.entries()) {
        let analysis = DocumentAnalysis.read(uri, text);
        const lastPart = analysis.parts?.at(-1);
        const at = key + 2 + (n % 2);
        analysis = applyOne(analysis, { start: at, end: at, text: '\n' }, `${label}: a key split at ${at}`);
        assert.equal(analysis.path, 'run', `${label}: split at ${at} read from its item on`);
        assert.ok(analysis.model.parseProblems.length > 0);
        // More typing on the broken line, then the undo.
        analysis = applyOne(analysis, { start: at + 1, end: at + 1, text: 'x' }, `${label}: typing after the split at ${at}`);
        assert.equal(analysis.path, 'run');
        analysis = applyOne(analysis, { start: at + 1, end: at + 2, text: '' }, `${label}: the typing undone`);
        analysis = applyOne(analysis, { start: at, end: at + 1, text: '' }, `${label}: the split at ${at} undone`);
        assert.equal(analysis.path, 'run', `${label}: the undo at ${at} reads a run`);
        assert.equal(analysis.text, text);
        assert.equal(analysis.model.parseProblems.length, 0);
        // The items after the split were kept aside and taken back, not read again.
        if (n < 3) assert.equal(analysis.parts?.at(-1), lastPart, `${label}: the items after ${at} taken back`);
      }
    }
  });

  it('a key split to column 0 with other breaks after it, or in a lineage file, equals a fresh read', () => {
    const [, uri, text] = FILES[0];
    const starts = itemStarts(text, '');
    let analysis = DocumentAnalysis.read(uri, text);
    // A quote left open far after the split, then the split: the tail is read with it.
    const later = text.indexOf('description: ', starts[starts.length - 5]) + 13;
    analysis = applyOne(analysis, { start: later, end: later, text: '"' }, 'an unclosed quote near the end');
    const key = analysis.text.indexOf('  platform:', starts[5]) + 4;
    analysis = applyOne(analysis, { start: key, end: key, text: '\n' }, 'a key split before it');
    analysis = applyOne(analysis, { start: key, end: key + 1, text: '' }, 'the split undone');
    analysis = applyOne(analysis, { start: later, end: later + 1, text: '' }, 'the quote undone');
    assert.equal(analysis.text, text);
    // Edits before the split and after it: the items kept aside move with the first, are dropped with the second.
    const tierAt = analysis.text.indexOf('io.bench.tier: ', starts[2]) + 15;
    const farAt = analysis.text.indexOf('io.bench.tier: ', starts[starts.length - 3]) + 15;
    analysis = applyOne(analysis, { start: key, end: key, text: '\n' }, 'a key split again');
    analysis = applyOne(analysis, { start: tierAt, end: tierAt, text: 'x' }, 'typing in an item before the split');
    analysis = applyOne(analysis, { start: key + 1, end: key + 2, text: '' }, 'the split undone after typing before it');
    analysis = applyOne(analysis, { start: key + 1, end: key + 1, text: '\n' }, 'the key split once more');
    analysis = applyOne(analysis, { start: farAt + 1, end: farAt + 1, text: 'y' }, 'typing in the text after the split');
    analysis = applyOne(analysis, { start: key + 1, end: key + 2, text: '' }, 'the split undone after typing after it');
    analysis = applyOne(analysis, { start: key + 1, end: key + 1, text: '\n' }, 'a split once more');
    const before = analysis.text.indexOf('\n- ', key + 1);
    analysis = applyOne(analysis, { start: before, end: before + 1, text: '' }, 'the line break before the first item after the split deleted');
    applyOne(analysis, { start: key + 1, end: key + 2, text: '' }, 'the split undone with the next item joined');
    analysis = DocumentAnalysis.read(uri, text);
    // A document marker after the split: the file is read whole.
    analysis = applyOne(analysis, { start: starts[20], end: starts[20], text: '---\n' }, 'a document marker');
    analysis = applyOne(analysis, { start: key, end: key, text: '\n' }, 'a key split before the marker');
    assert.equal(analysis.path, 'full');
    // In a lineage file a key at column 0 is one of the root mapping's: read whole, as before.
    const [, lineageUri, lineage] = FILES[1];
    const entry = lineage.indexOf('\n    ', lineage.length >> 1) + 7;
    let other = DocumentAnalysis.read(lineageUri, lineage);
    other = applyOne(other, { start: entry, end: entry, text: '\n' }, 'a lineage entry\'s key split to column 0');
    other = applyOne(other, { start: entry, end: entry + 1, text: '' }, 'that split undone');
    assert.equal(other.text, lineage);
  });

  it('MCP JSON: elements pasted, split, joined and deleted across are read as a run of elements and equal a fresh read', () => {
    const uri = 'file:///w/golden.json';
    const text = goldenMcpJson(600);
    const starts = [...text.matchAll(/^ {4}\{/gm)].map((match) => match.index ?? 0);
    const middle = Math.floor(starts.length / 2);
    let analysis = DocumentAnalysis.read(uri, text);
    // Three elements pasted at the start of a line (between two elements), as an editor pastes lines.
    analysis = applyOne(analysis, { start: starts[middle], end: starts[middle], text: text.slice(starts[3], starts[6]) }, 'pasting three elements');
    assert.equal(analysis.path, 'run');
    // A range from inside one element to inside the one after next (a syntax error: read whole) and the text put back.
    const from = analysis.text.indexOf('\n', starts[middle] + 10) + 1;
    const to = analysis.text.indexOf('\n', starts[middle + 2] + 10) + 1;
    const removed = analysis.text.slice(from, to);
    analysis = applyOne(analysis, { start: from, end: to, text: '' }, 'deleting a range across elements');
    analysis = applyOne(analysis, { start: from, end: from, text: removed }, 'the range typed back');
    // Whole elements deleted with their separators.
    const now = [...analysis.text.matchAll(/^ {4}\{/gm)].map((match) => match.index ?? 0);
    analysis = applyOne(analysis, { start: now[middle + 1], end: now[middle + 3], text: '' }, 'deleting two whole elements');
    assert.equal(analysis.path, 'run');
    // An element split in two where its first key ends: `{"entityType": …}` and the rest, then joined again.
    const afterFirstKey = analysis.text.indexOf(',\n', now[middle + 1]);
    const splitText = '\n    },\n    {';
    analysis = applyOne(analysis, { start: afterFirstKey, end: afterFirstKey + 1, text: splitText }, 'splitting an element');
    assert.equal(analysis.path, 'run');
    analysis = applyOne(analysis, { start: afterFirstKey, end: afterFirstKey + splitText.length, text: ',' }, 'joining it again');
    assert.equal(analysis.path, 'run');
    // Random sequences of the edits across elements.
    let runs = 0;
    fc.assert(
      fc.property(fc.array(structural, { minLength: 1, maxLength: 4 }), (specs) => {
        runs += runSequence(uri, text, specs).runs;
      }),
      { numRuns: 40, seed: 27 },
    );
    assert.ok(runs > 0, `${runs} edits read as a run of elements`);
  });

  // Every kind of edit on its own and followed by others, in each format read in parts (issue 27):
  // the model, diagnostics, symbols and completions after each step equal a fresh read's. Anchors
  // and document markers are where YAML itself makes the read whole.
  const everyFormat: [string, string, string][] = [...FILES, ['MCP JSON', 'file:///w/golden.json', goldenMcpJson(400)]];
  for (const [label, uri, text] of everyFormat) {
    it(`${label}: each kind of edit, alone and then with others, equals a fresh read (fixed seed)`, () => {
      for (const kind of EDIT_KINDS) {
        fc.assert(
          fc.property(specOfKind(kind), fc.array(editSpec, { maxLength: 2 }), (first, then) => void runSequence(uri, text, [first, ...then])),
          { numRuns: 2 },
        );
      }
    });
  }

  it('typing on inside an open quote, then closing it, reads the run around it at each keystroke', () => {
    for (const [label, uri, text] of FILES) {
      const starts = itemStarts(text, label === 'lineage file' ? '  ' : '');
      const value = text.indexOf(': ', starts[starts.length >> 1]) + 2;
      let analysis = applyOne(DocumentAnalysis.read(uri, text), { start: value, end: value, text: '"' }, `${label}: a quote opened`);
      for (const [i, char] of [...'ab'].entries()) {
        analysis = applyOne(analysis, { start: value + 1 + i, end: value + 1 + i, text: char }, `${label}: ${char} typed after the quote`);
        assert.equal(analysis.path, 'run', `${label}: ${char}`);
        assert.equal(analysis.model.parseProblems.length, 1);
      }
      const lineEnd = analysis.text.indexOf('\n', value);
      analysis = applyOne(analysis, { start: lineEnd, end: lineEnd, text: '"' }, `${label}: the quote closed at the end of the value`);
      assert.notEqual(analysis.path, 'full');
      assert.equal(analysis.model.parseProblems.length, 0, `${label}: the quote closed`);
    }
  });

  it('a file that opens with a syntax error inside an item is kept item by item, and mending it reads that item', () => {
    for (const [label, uri, text] of FILES) {
      const starts = itemStarts(text, label === 'lineage file' ? '  ' : '');
      const at = starts[5] - 1;
      const broken = text.slice(0, at) + text.slice(at + 1);
      let analysis = DocumentAnalysis.read(uri, broken);
      assert.ok(analysis.model.parseProblems.length > 0 && analysis.parts, `${label}: read in parts with its error`);
      assertSameAsFresh(analysis, at, `${label}: opened broken`);
      analysis = applyOne(analysis, { start: at, end: at, text: '\n' }, `${label}: the line break typed again`);
      assert.equal(analysis.path, 'run');
      assert.equal(analysis.model.parseProblems.length, 0);
    }
  });

  it('a quote typed left of the list, after a lineage file\'s last entry, is the root mapping\'s: the file is read whole', () => {
    const [, uri, text] = FILES[1];
    let analysis = applyOne(DocumentAnalysis.read(uri, text), { start: text.length, end: text.length, text: '\n' }, 'a blank line at the end');
    analysis = applyOne(analysis, { start: analysis.text.length, end: analysis.text.length, text: '"' }, 'a quote at the start of the last line');
    assert.equal(analysis.path, 'full');
    assert.ok(analysis.model.parseProblems.length > 0);
  });

  it('an anchor and an alias across items, and a document marker, read the file whole; removing them reads in parts again', () => {
    const [, uri, text] = FILES[0];
    const starts = itemStarts(text, '');
    let analysis = DocumentAnalysis.read(uri, text);
    const value = text.indexOf(': ', starts[3]) + 2;
    analysis = applyOne(analysis, { start: value, end: value, text: '&shared ' }, 'an anchor');
    assert.equal(analysis.path, 'full');
    const later = analysis.text.indexOf('platform: ', starts[6]) + 10;
    const plain = analysis.text.indexOf('\n', later);
    analysis = applyOne(analysis, { start: later, end: plain, text: '*shared' }, 'an alias of it in a later item');
    assert.equal(analysis.path, 'full');
    analysis = applyOne(analysis, { start: value, end: value + 8, text: '' }, 'the anchor removed (the alias now names none)');
    assert.ok(analysis.model.parseProblems.some((problem) => /alias/.test(problem.message)), 'the alias names no anchor');
    const marker = starts[10];
    analysis = DocumentAnalysis.read(uri, text);
    analysis = applyOne(analysis, { start: marker, end: marker, text: '---\n' }, 'a document marker between items');
    assert.equal(analysis.path, 'full');
    analysis = applyOne(analysis, { start: marker, end: marker + 4, text: '' }, 'the marker removed');
    assert.ok(analysis.parts, 'read in parts again');
  });
});
