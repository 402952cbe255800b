import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClientPositionIndex, characterIn, negotiatePositionEncoding, utf16ColumnOf } from '../../../core/model/positionEncoding';
import { LineIndex } from '../../../core/model/range';
import { defaultStoragePath } from '../../../server/storagePath';

const TEXT = 'a: é🚀 x\r\nsecond\nlast';

test('characters count in UTF-8 bytes, UTF-16 units or code points, and back', () => {
  const line = 'a: é🚀 x';
  const x = line.indexOf('x');
  assert.equal(characterIn(line, x, 'utf-16'), 7);
  assert.equal(characterIn(line, x, 'utf-8'), 3 + 2 + 4 + 1);
  assert.equal(characterIn(line, x, 'utf-32'), 6);
  for (const encoding of ['utf-8', 'utf-16', 'utf-32'] as const) assert.equal(utf16ColumnOf(line, characterIn(line, x, encoding), encoding), x);
  // Inside a character: its start, never half an emoji; past the end: the end.
  assert.equal(utf16ColumnOf(line, 6, 'utf-8'), 4);
  assert.equal(utf16ColumnOf(line, 5, 'utf-16'), 4);
  assert.equal(utf16ColumnOf(line, 99, 'utf-32'), line.length);
});

test('a client position index round-trips offsets and keeps every position on its line', () => {
  for (const encoding of ['utf-8', 'utf-16', 'utf-32'] as const) {
    const index = new ClientPositionIndex(TEXT, new LineIndex(TEXT), encoding);
    for (const offset of [0, 3, 4, 6, 8, 11, 13, TEXT.length]) assert.equal(index.offsetAt(index.positionAt(offset)), offset, `${encoding} at ${offset}`);
    // Past the end of line 0 (which ends in \r\n): the end of its text, not the break or line 1.
    assert.equal(index.offsetAt({ line: 0, character: 500 }), TEXT.indexOf('\r'));
    assert.equal(index.offsetAt({ line: 1, character: 500 }), TEXT.indexOf('\nlast'));
    assert.equal(index.offsetAt({ line: 9, character: 0 }), TEXT.length);
    assert.equal(index.offsetAt({ line: -1, character: 4 }), 0);
  }
});

test('the encoding: the first the client offers that the server knows, else the declared one, else UTF-16', () => {
  assert.equal(negotiatePositionEncoding(['utf-7', 'utf-32', 'utf-8'], 'utf-8'), 'utf-32');
  assert.equal(negotiatePositionEncoding(undefined, 'utf-8'), 'utf-8');
  assert.equal(negotiatePositionEncoding([], 'bytes'), 'utf-16');
  assert.equal(negotiatePositionEncoding(undefined, undefined), 'utf-16');
});

test('the default storage path is the platform cache folder', () => {
  assert.equal(defaultStoragePath({ XDG_CACHE_HOME: '/x/cache' }, 'linux', '/home/me'), '/x/cache/catalog-code');
  assert.equal(defaultStoragePath({ XDG_CACHE_HOME: 'relative' }, 'linux', '/home/me'), '/home/me/.cache/catalog-code');
  assert.equal(defaultStoragePath({}, 'freebsd', '/home/me'), '/home/me/.cache/catalog-code');
  assert.equal(defaultStoragePath({ XDG_CACHE_HOME: '/x' }, 'darwin', '/Users/me'), '/Users/me/Library/Caches/catalog-code');
  assert.equal(defaultStoragePath({ LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local' }, 'win32', 'C:\\Users\\me'), 'C:\\Users\\me\\AppData\\Local\\catalog-code\\Cache');
});
