// `--settings FILE|none` (validate, plan, push): the settings come from the file given, or are all at
// their defaults, instead of the current folder's .vscode/settings.json — what the review Action
// uses to judge a pull request by its base branch's settings.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadCliSettings } from '../../../cli/settings';
import type { CliIo } from '../../../cli/io';

const folder = mkdtempSync(join(tmpdir(), 'cc-settings-flag-'));
mkdirSync(join(folder, '.vscode'));
writeFileSync(join(folder, '.vscode', 'settings.json'), '{"catalogCode.diagnostics.severity": {"lineage.*": "off"}}');
const other = join(folder, 'base-settings.json');
writeFileSync(other, '// the base branch\n{"catalogCode.diagnostics.severity": {"format.enumValue": "warning"},}');

function load(settingsFile?: string): { value: unknown; stderr: string[] } {
  const stderr: string[] = [];
  const io: CliIo = { stdout: () => undefined, stderr: (t) => stderr.push(t), version: 'test' };
  const loaded = loadCliSettings(io, { folder, ...(settingsFile === undefined ? {} : { settingsFile }) });
  assert.ok(loaded.ok);
  return { value: loaded.value.severity, stderr };
}

describe('--settings', () => {
  after(() => rmSync(folder, { recursive: true, force: true }));

  it("without it, the folder's .vscode/settings.json applies", () => {
    assert.deepEqual(load().value, { 'lineage.*': 'off' });
  });

  it('a file replaces the folder\'s (comments and trailing commas allowed), and stderr names it', () => {
    const { value, stderr } = load(other);
    assert.deepEqual(value, { 'format.enumValue': 'warning' });
    assert.ok(stderr.some((line) => line.includes('catalogCode.diagnostics.severity from') && line.includes('base-settings.json')), stderr.join('\n'));
  });

  it("'none' leaves every setting at its default", () => {
    const { value, stderr } = load('none');
    assert.deepEqual(value, {});
    assert.deepEqual(stderr, []);
  });

  it('a file that cannot be read is told, and its settings are left at their defaults', () => {
    const { value, stderr } = load(join(folder, 'missing.json'));
    assert.deepEqual(value, {});
    assert.match(stderr.join('\n'), /missing\.json .*its catalogCode settings were ignored/);
  });
});
