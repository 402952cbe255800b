// The tests and the benches do not import each other (issue 35): what both need (generated inputs,
// the seeded random, the e2e tools, the bench's targets table that a unit test checks) lives in
// support/, which imports neither.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';

const ROOT = process.cwd();
const SKIPPED = new Set(['node_modules', 'fixtures', 'e2e-cache']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIPPED.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|mts|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const IMPORT = /(?:^|[\n;])\s*(?:import|export)\s[^;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|\brequire\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** `file:line → target` for every relative import of a file under `from` that lands in one of `forbidden`. */
function crossings(from: string, forbidden: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(join(ROOT, from))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = relative(ROOT, resolve(dirname(file), match[1] ?? match[2] ?? match[3])).split(sep).join('/');
      if (forbidden.some((folder) => target === folder || target.startsWith(`${folder}/`))) {
        found.push(`${relative(ROOT, file).split(sep).join('/')} → ${target}`);
      }
    }
  }
  return found;
}

test('no file under test/ imports from bench/', () => {
  assert.deepEqual(crossings('test', ['bench']), [], 'move what both need to support/');
});

test('no file under bench/ imports from test/', () => {
  assert.deepEqual(crossings('bench', ['test']), [], 'move what both need to support/');
});

test('support/ imports neither test/ nor bench/', () => {
  assert.deepEqual(crossings('support', ['test', 'bench']), []);
});

test('the check sees the imports it looks for (the tests and benches do import support/)', () => {
  assert.ok(crossings('test', ['support']).length > 10);
  assert.ok(crossings('bench', ['support']).length > 10);
});
