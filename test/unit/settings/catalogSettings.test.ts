import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOG_SETTINGS, SETTING_NAMES, defaultSettings, readSettings, settingsOver } from '../../../core/settings/catalogSettings';
import { readWorkspaceSettingsFile } from '../../../core/settings/settingsFile';

interface Manifest {
  contributes: { configuration: { properties: Record<string, { default: unknown; scope?: string; enum?: unknown[] }> } };
}

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as Manifest;
const declared = manifest.contributes.configuration.properties;

test('the typed settings name every catalogCode.* setting of package.json, and only those', () => {
  const keys = SETTING_NAMES.map((name) => CATALOG_SETTINGS[name].key).sort();
  assert.deepEqual(keys, Object.keys(declared).sort());
});

test('each default equals the default package.json declares', () => {
  for (const name of SETTING_NAMES) {
    const spec = CATALOG_SETTINGS[name];
    assert.deepEqual(spec.default, declared[spec.key].default, spec.key);
  }
});

test('each setting declares in package.json the scope core/settings gives it (VS Code defaults a missing scope to window, silently)', () => {
  for (const name of SETTING_NAMES) {
    const spec = CATALOG_SETTINGS[name];
    assert.equal(declared[spec.key].scope, spec.scope, spec.key);
  }
});

test('a setting with a list of values offers in package.json exactly the values its reader takes', () => {
  for (const name of SETTING_NAMES) {
    const spec = CATALOG_SETTINGS[name];
    const values = declared[spec.key].enum;
    if (!values) continue;
    for (const value of values) assert.deepEqual(readSettings({ [spec.key]: value }).problems, [], `${spec.key}: ${String(value)}`);
    assert.notDeepEqual(readSettings({ [spec.key]: 'not-a-value' }).problems, [], spec.key);
  }
});

test('a settings file (flat keys) and an editor section (nested) give the same typed settings', () => {
  const flat = readSettings({ 'catalogCode.formats.associations': { 'x/*.yml': 'lineageFile' }, 'catalogCode.definitions.refreshIntervalSeconds': 0, 'editor.tabSize': 2 });
  const nested = readSettings({ formats: { associations: { 'x/*.yml': 'lineageFile' } }, definitions: { refreshIntervalSeconds: 0 } }, { section: true });
  assert.deepEqual(flat, nested);
  assert.deepEqual(flat.present, ['associations', 'refreshIntervalSeconds']);
  assert.equal(flat.settings.localCatalogAutoStart, true);
});

test('a mistyped value is told with its key and source, and the default stays', () => {
  const read = readSettings({ 'catalogCode.definitions.refreshIntervalSeconds': 'often', 'catalogCode.formats.associations': { '*.yml': 'lineage' } }, { where: '/repo/.vscode/settings.json' });
  assert.equal(read.settings.refreshIntervalSeconds, defaultSettings().refreshIntervalSeconds);
  assert.match(read.problems.join('\n'), /catalogCode\.definitions\.refreshIntervalSeconds in \/repo\/\.vscode\/settings\.json must be a number/);
  assert.match(read.problems.join('\n'), /lineage/);
});

test('.vscode/settings.json is read as JSON with comments and trailing commas', () => {
  const folder = mkdtempSync(join(tmpdir(), 'cc-settings-'));
  mkdirSync(join(folder, '.vscode'));
  writeFileSync(join(folder, '.vscode', 'settings.json'), '{\n  // the team\'s formats\n  "catalogCode.formats.associations": {"lineage/*.yml": "lineageFile",},\n}\n');
  const read = readWorkspaceSettingsFile(folder);
  assert.deepEqual(read.problems, []);
  assert.deepEqual(read.present, ['associations']);
  assert.deepEqual(read.settings.associations, { 'lineage/*.yml': 'lineageFile' });
  assert.deepEqual(readWorkspaceSettingsFile(join(folder, 'none')).present, []);
});

test('a section read whole: a setting it no longer holds returns to the base, not to the value it last had', () => {
  const base = { ...defaultSettings(), refreshIntervalSeconds: 60 };
  const read = readSettings({ diagnostics: { severity: { 'lineage.selfLoop': 'off' } } }, { section: true });
  const settings = settingsOver(base, read);
  assert.deepEqual(settings.severity, { 'lineage.selfLoop': 'off' });
  assert.equal(settings.refreshIntervalSeconds, 60);
  assert.deepEqual(settingsOver(base, readSettings({}, { section: true })), base);
});
