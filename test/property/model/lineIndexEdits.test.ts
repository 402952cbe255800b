import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { LineIndex } from '../../../core/model/range';

/** A line index moved by edits answers exactly as one built afresh from the edited text. */
describe('LineIndex.afterEdits', () => {
  const positionsOf = (index: LineIndex, text: string) => Array.from({ length: text.length + 2 }, (_, offset) => index.positionAt(offset));

  it('equals a fresh index after random edits, including line breaks inserted and deleted', () => {
    const piece = fc.constantFrom('\n', 'a', 'bc\n', '\n\n', '- x: 1\n', '');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')), fc.array(fc.record({ at: fc.nat(), length: fc.nat(4), text: piece }), { minLength: 1, maxLength: 5 }), (start, specs) => {
        let text = start;
        let index = new LineIndex(text);
        for (const spec of specs) {
          const from = Math.min(spec.at, text.length);
          const edit = { start: from, end: Math.min(text.length, from + spec.length), text: spec.text };
          text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
          index = index.afterEdits([edit], text);
          assert.deepEqual(positionsOf(index, text), positionsOf(new LineIndex(text), text));
          assert.equal(index.lineCount, new LineIndex(text).lineCount);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('an index that handed its line starts on still answers for its own text (a request holding an older version)', () => {
    const before = 'a\nbb\nccc\n';
    const old = new LineIndex(before);
    const after = before.replace('bb', 'b\nb');
    const moved = old.afterEdits([{ start: 2, end: 4, text: 'b\nb' }], after);
    assert.deepEqual(moved.positionAt(after.indexOf('ccc')), { line: 3, character: 0 });
    assert.deepEqual(old.positionAt(before.indexOf('ccc')), { line: 2, character: 0 });
    assert.equal(old.lineCount, new LineIndex(before).lineCount);
  });

  it('several edits of one change apply one after the other', () => {
    const before = 'a\nb\nc\n';
    const edits = [
      { start: 2, end: 3, text: 'B\nB' },
      { start: 0, end: 2, text: '' },
    ];
    const after = edits.reduce((text, edit) => text.slice(0, edit.start) + edit.text + text.slice(edit.end), before);
    assert.deepEqual(positionsOf(new LineIndex(before).afterEdits(edits, after), after), positionsOf(new LineIndex(after), after));
  });

  it('a text with carriage returns is indexed afresh, so a \\r\\n split by an edit still counts once', () => {
    const before = 'a\r\nb';
    const edit = { start: 2, end: 2, text: 'x' };
    const after = 'a\rx\nb';
    assert.deepEqual(positionsOf(new LineIndex(before).afterEdits([edit], after), after), positionsOf(new LineIndex(after), after));
  });
});

describe('an index found later, up to a limit (a document checked up to the limit of open documents)', () => {
  it('answers every position of the lines before the limit as the whole index does, and maps positions past it past the limit', () => {
    const text = Array.from({ length: 400 }, (_, i) => `- id: table_${i}\n  platform: hive`).join('\n');
    const limit = text.indexOf('- id: table_200');
    const whole = new LineIndex(text);
    const upTo = LineIndex.later(text, limit);
    for (let offset = 0; offset <= limit; offset += 7) assert.deepEqual(upTo.positionAt(offset), whole.positionAt(offset), `offset ${offset}`);
    for (let line = 0; line < whole.positionAt(limit).line; line++) assert.equal(upTo.offsetAt({ line, character: 3 }), whole.offsetAt({ line, character: 3 }), `line ${line}`);
    for (const line of [whole.positionAt(limit).line, whole.positionAt(limit).line + 5, 10_000]) assert.ok(upTo.offsetAt({ line, character: 2 }) >= limit, `line ${line} maps past the limit`);
  });
});
