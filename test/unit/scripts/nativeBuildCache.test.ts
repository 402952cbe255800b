import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildKey, restoreBuild, saveBuild } from '../../../support/e2e/nativeBuildCache';

// A native module compiled once is copied, not compiled again, by a later install that has the same
// version for the same Node (issue 37: a cache of what was built).

function moduleDir(root: string, version: string, built?: string): string {
  const dir = join(root, 'node_modules', '@vscode', 'spdlog');
  mkdirSync(join(dir, 'build', 'Release', 'obj.target'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: '@vscode/spdlog', version }));
  if (built) writeFileSync(join(dir, 'build', 'Release', 'spdlog.node'), built);
  return dir;
}

test('a build is keyed by module, version, Node major and variant', () => {
  const root = mkdtempSync(join(tmpdir(), 'catalog-code-builds-'));
  try {
    const dir = moduleDir(root, '0.15.8');
    assert.equal(buildKey(dir, '@vscode/spdlog', 'v24.22.3'), '@vscode+spdlog@0.15.8-node24');
    assert.equal(buildKey(dir, '@vscode/spdlog', 'v24.22.3', 'system-sqlite'), '@vscode+spdlog@0.15.8-node24-system-sqlite');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a saved build is restored into another install; nothing saved, nothing restored', () => {
  const root = mkdtempSync(join(tmpdir(), 'catalog-code-builds-'));
  try {
    const cache = join(root, 'native-builds');
    const first = moduleDir(join(root, 'first'), '0.15.8', 'compiled bytes');
    const second = moduleDir(join(root, 'second'), '0.15.8');
    const key = buildKey(first, '@vscode/spdlog', 'v24.22.3');
    assert.equal(restoreBuild(cache, key, second), false, 'nothing cached yet');
    saveBuild(cache, key, first);
    assert.deepEqual(readdirSync(cache), [key], 'only the finished copy, no partial folder');
    assert.deepEqual(readdirSync(join(cache, key)), ['spdlog.node'], 'only the .node files, not the object files');
    assert.equal(restoreBuild(cache, key, second), true);
    assert.equal(readFileSync(join(second, 'build', 'Release', 'spdlog.node'), 'utf8'), 'compiled bytes');
    saveBuild(cache, 'other@1-node24', moduleDir(join(root, 'third'), '1'));
    assert.deepEqual(readdirSync(cache), [key], 'a module with nothing built is not cached');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
