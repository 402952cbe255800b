import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { EditorDocument } from '../../../server/editorDocument';

/**
 * The server's buffer of an open document (server/editorDocument.ts) answers exactly as the LSP
 * library's TextDocument it replaces: after random changes (line breaks of every kind, `\r\n`
 * split by an edit, ranges given end first, positions past a line's end), the
 * text, the line count, every offset's position, positions' offsets, line ranges and line breaks.
 */
const piece = fc.constantFrom('a', 'bc', '\n', '\r\n', '\r', 'x\ny', '', '- id: t\n  k: v\n', 'é');

const position = fc.record({ line: fc.integer({ min: -1, max: 12 }), character: fc.integer({ min: -1, max: 14 }) });

const change: fc.Arbitrary<TextDocumentContentChangeEvent> = fc.oneof(
  { weight: 9, arbitrary: fc.record({ range: fc.record({ start: position, end: position }), text: fc.array(piece, { maxLength: 3 }).map((parts) => parts.join('')) }) },
  { weight: 1, arbitrary: fc.array(piece, { maxLength: 6 }).map((parts) => ({ text: parts.join('') })) },
);

function assertSame(ours: EditorDocument, theirs: TextDocument, step: string): void {
  const text = theirs.getText();
  assert.equal(ours.getText(), text, step);
  assert.equal(ours.version, theirs.version, step);
  assert.equal(ours.lineCount, theirs.lineCount, `${step}: line count`);
  for (let offset = -1; offset <= text.length + 1; offset++) assert.deepEqual(ours.positionAt(offset), theirs.positionAt(offset), `${step}: positionAt(${offset})`);
  for (let line = -1; line <= theirs.lineCount + 1; line++) {
    assert.deepEqual(ours.getLineRange(line), theirs.getLineRange(line), `${step}: getLineRange(${line})`);
    assert.equal(ours.getEOLCharacters(line), theirs.getEOLCharacters(line), `${step}: getEOLCharacters(${line})`);
    for (let character = -1; character <= 16; character++) assert.equal(ours.offsetAt({ line, character }), theirs.offsetAt({ line, character }), `${step}: offsetAt(${line}:${character})`);
  }
}

/**
 * The changes with every line past the document's last moved onto it (the library takes such a
 * line as given when it moves its line offsets, and then miscounts lines; a client never sends one).
 */
function withinLines(text: string, changes: TextDocumentContentChangeEvent[]): TextDocumentContentChangeEvent[] {
  let probe = TextDocument.create('file:///probe', 'yaml', 1, text);
  return changes.map((change) => {
    if (!('range' in change)) {
      probe = TextDocument.update(probe, [change], 1);
      return change;
    }
    const last = probe.lineCount - 1;
    const clamp = (p: { line: number; character: number }) => ({ line: Math.min(p.line, last), character: p.character });
    const clamped = { range: { start: clamp(change.range.start), end: clamp(change.range.end) }, text: change.text };
    probe = TextDocument.update(probe, [clamped], 1);
    return clamped;
  });
}

/** Random updates applied to both documents, compared after each (texts and changes of a few characters). */
function randomChanges(chunkChars: number | undefined): void {
  const initial = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(''));
  fc.assert(
    fc.property(initial, fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }), (start, updates) => {
      let ours = EditorDocument.create('file:///a.yaml', 'yaml', 1, start, chunkChars);
      let theirs = TextDocument.create('file:///a.yaml', 'yaml', 1, start);
      // Positions asked between updates build the line starts, which later updates then move.
      ours.positionAt(start.length);
      for (const [i, batch] of updates.entries()) {
        const changes = withinLines(theirs.getText(), batch);
        const older = ours;
        const olderText = older.getText();
        ours = ours.update(changes, i + 2);
        theirs = TextDocument.update(theirs, changes, i + 2);
        assertSame(ours, theirs, `update ${i + 1}: ${JSON.stringify(changes)}`);
        // The document an update was made from still answers for its own text.
        assert.equal(older.getText(), olderText);
        assert.deepEqual(older.positionAt(olderText.length), TextDocument.create('file:///b', 'yaml', 1, olderText).positionAt(olderText.length));
      }
    }),
    { numRuns: 300 },
  );
}

describe('EditorDocument answers as the LSP library TextDocument', () => {
  // Chunks of a few characters put edits in, across and between chunks (the server's are 16 KiB).
  for (const chunkChars of [undefined, 1, 3, 7]) {
    it(`after random sequences of changes (one or several per update), chunks of ${chunkChars ?? 'the default'} characters`, () => randomChanges(chunkChars));
  }

  it('answers slices across chunks, and an update leaves the document it was made from as it was', () => {
    const text = 'line one\nline two\r\nline three\n';
    const document = EditorDocument.create('file:///a.yaml', 'yaml', 1, text, 4);
    for (let start = 0; start <= text.length; start++) for (let end = start; end <= text.length; end++) assert.equal(document.slice(start, end), text.slice(start, end));
    const updated = document.update([{ range: { start: { line: 1, character: 4 }, end: { line: 2, character: 4 } }, text: '-' }], 2);
    assert.equal(updated.getText(), 'line one\nline- three\n');
    assert.equal(updated.slice(5, 15), 'one\nline- ');
    assert.equal(document.getText(), text);
  });

  it('a range given end first replaces the same text', () => {
    const document = EditorDocument.create('file:///a.yaml', 'yaml', 1, 'abc\ndef\n');
    const after = document.update([{ range: { start: { line: 1, character: 2 }, end: { line: 0, character: 1 } }, text: 'X' }], 2);
    assert.equal(after.getText(), 'aXf\n');
    assert.deepEqual(document.offsetsOf({ start: { line: 1, character: 0 }, end: { line: 0, character: 3 } }), { start: 3, end: 4 });
  });
});
