import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeUtf8, readMetadataFileSync } from '../../../core/files/readFile';
import { writeFileIfChanged } from '../../../core/files/safeWrite';
import { walkMetadataFiles } from '../../../core/workspace/metadataFiles';

function problemOf(path: string, maxBytes: number): string {
  const read = readMetadataFileSync(path, maxBytes);
  return 'problem' in read ? read.problem : `read ${read.text.length} characters`;
}

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'catalog-files-unit-'));
}

/** A read without its size and time (compared on their own where they matter). */
function withoutStamp(read: ReturnType<typeof readMetadataFileSync>): unknown {
  if (!('text' in read)) return read;
  const { stamp, ...rest } = read;
  assert.ok(stamp && Number.isInteger(stamp.size) && stamp.mtimeMs > 0, 'a text read carries the size and time the file had');
  return rest;
}

test('a walk reads links to files inside the folder, names links to folders and out of it, and never enters a loop', () => {
  const base = scratch();
  try {
    const root = join(base, 'ws');
    mkdirSync(join(root, 'meta'), { recursive: true });
    writeFileSync(join(base, 'outside.yaml'), 'a: 1\n');
    writeFileSync(join(root, 'meta', 'real.yaml'), 'a: 1\n');
    symlinkSync('real.yaml', join(root, 'meta', 'inside.yaml'));
    symlinkSync(join(base, 'outside.yaml'), join(root, 'out.yaml'));
    symlinkSync('..', join(root, 'meta', 'up'));
    symlinkSync('/dev/null', join(root, 'null.json'));
    const walk = walkMetadataFiles([root]);
    assert.deepEqual(walk.files.map((f) => f.slice(root.length + 1)), ['meta/inside.yaml', 'meta/real.yaml']);
    assert.deepEqual(
      walk.skipped.map(({ path, problem }) => `${path.slice(root.length + 1)}: ${problem.split(/[,;]/)[0]}`),
      ['meta/up: is a link to a folder', 'null.json: is a link to a character device', `out.yaml: is a link to '${join(base, 'outside.yaml')}'`],
    );
    // Named as a path, a link is read as named.
    assert.deepEqual(walkMetadataFiles([join(root, 'out.yaml')]).files, [join(root, 'out.yaml')]);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('the bounded reader reads a regular file up to its limit and says why it reads nothing else', () => {
  const base = scratch();
  try {
    const file = join(base, 'a.yaml');
    writeFileSync(file, 'ab\n');
    assert.deepEqual(withoutStamp(readMetadataFileSync(file, 3)), { text: 'ab\n' });
    assert.match(problemOf(file, 2), /^is larger than 2 bytes, the most Catalog Code reads of one metadata file; split it/);
    assert.match(problemOf('/dev/zero', 10), /^is a character device, not a regular file; .*Replace it with a regular file/);
    assert.match(problemOf(base, 10), /^is a folder, not a regular file/);
    assert.match(problemOf(join(base, 'none.yaml'), 10), /^could not be opened or read \(ENOENT/);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('the bounded reader reads on past the size the file had when it was opened, within its limit (a file that grows)', { skip: process.platform !== 'linux' && 'needs /proc: a regular file whose size reads as 0 but holds text' }, () => {
  // /proc files are regular files whose size reads as 0, like a file that grew after it was measured.
  const text = readFileSync('/proc/cpuinfo', 'utf8');
  assert.ok(text.length > 100, `${text.length} characters`);
  assert.deepEqual(withoutStamp(readMetadataFileSync('/proc/cpuinfo', 1024 * 1024)), { text });
  assert.match(problemOf('/proc/cpuinfo', 50), /^is larger than 50 bytes/);
});

test('a safe write replaces a link instead of writing through it, keeps the mode of a file, and leaves the same text untouched', () => {
  const base = scratch();
  try {
    const victim = join(base, 'victim.conf');
    const target = join(base, 'properties.yaml');
    writeFileSync(victim, 'keep\n');
    symlinkSync('victim.conf', target);
    assert.deepEqual(writeFileIfChanged(target, 'pulled\n'), { changed: true, replacedLink: 'victim.conf' });
    assert.equal(readFileSync(victim, 'utf8'), 'keep\n');
    assert.ok(lstatSync(target).isFile());
    assert.equal(readFileSync(target, 'utf8'), 'pulled\n');

    chmodSync(target, 0o640);
    const before = statSync(target).mtimeMs;
    assert.deepEqual(writeFileIfChanged(target, 'pulled\n'), { changed: false });
    assert.equal(statSync(target).mtimeMs, before);
    assert.deepEqual(writeFileIfChanged(target, 'pulled again\n'), { changed: true });
    assert.equal(statSync(target).mode & 0o777, 0o640, 'an existing file keeps its mode');
    assert.deepEqual(readdirSync(base).sort(), ['properties.yaml', 'victim.conf'], 'no temporary file is left');
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('a metadata file reads as the same text whether it is ASCII (copied) or not (decoded)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-code-decode-'));
  try {
    const texts = ['{"a": "plain ASCII"}\n', 'name: café, 東京, 🚀\n', 'tab\tand \r\n line ends, \u007f DEL\n', '', 'bad byte: \ufffd\n'];
    texts.forEach((text, index) => {
      const path = join(dir, `f${index}.yaml`);
      writeFileSync(path, text);
      const read = readMetadataFileSync(path, 1024 * 1024);
      assert.deepEqual(withoutStamp(read), { text: readFileSync(path, 'utf8') });
    });
    // Bytes that are not UTF-8 decode as Node's UTF-8 decoder does (replacement characters), not as Latin-1.
    const invalid = Buffer.from([0x61, 0xff, 0xfe, 0x62]);
    assert.equal(decodeUtf8(invalid), invalid.toString('utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
