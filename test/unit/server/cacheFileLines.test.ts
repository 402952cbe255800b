import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileCacheLines } from '../../../server/cacheFileLines';
import { linesOfText, type CacheLines } from '../../../core/workspace/recordCache';
import { seededRandom } from '../../../support/random';

/** What a reader of a cache's lines sees: its header, its table and every part, in order. */
function seen(lines: CacheLines | undefined): unknown {
  return lines && { header: lines.header, table: lines.table, parts: [...lines.parts()] };
}

function fromFile(dir: string, text: string): unknown {
  const file = join(dir, 'cache.json');
  writeFileSync(file, text);
  const fd = openSync(file, 'r');
  try {
    return seen(fileCacheLines(fd, Buffer.byteLength(text)));
  } finally {
    closeSync(fd);
  }
}

test('a cache file read a chunk at a time has the lines of its text: across chunk ends, in UTF-8, with and without a last newline', () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-cache-lines-'));
  try {
    const random = seededRandom(20261207);
    const line = (length: number) => Array.from({ length }, () => (random.int(40) === 0 ? 'é☃' : String.fromCharCode(97 + random.int(26)))).join('');
    const texts = ['', '\n', 'one value', 'one value\n', 'header\n', 'header\ntable', 'header\ntable\n', 'header\n\ntable\n', '\n\n\n'];
    // Lines long enough to cross the reader's 1 MiB chunks, and many short ones.
    texts.push(`${line(10)}\n${line(1_500_000)}\n${line(3)}\n${line(2_200_000)}\n${line(50)}\n`);
    texts.push(`${[line(20), ...Array.from({ length: 3000 }, () => line(random.int(900))), line(700_000)].join('\n')}\n`);
    texts.push([line(1_100_000), line(5), line(1_300_000)].join('\n'));
    for (const text of texts) assert.deepEqual(fromFile(dir, text), seen(linesOfText(text)), `${text.length} characters`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a cache file cut short while it is read says so', () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-cache-lines-'));
  try {
    const file = join(dir, 'cache.json');
    writeFileSync(file, 'header\n[1]\n[2]\n{"strings":[]}\n');
    const fd = openSync(file, 'r');
    try {
      assert.throws(() => fileCacheLines(fd, 100), /cut short/);
    } finally {
      closeSync(fd);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
