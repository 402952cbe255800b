// Settings reach the editor and CI the same way: format associations written only in the
// workspace's .vscode/settings.json give the same diagnostics in the real language server (given
// the settings as the VS Code client gives them: the catalogCode section it answers to
// workspace/configuration) and in `catalog-code validate` run in that folder.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseJsonc } from 'jsonc-parser';
import { test } from 'node:test';
import { WorkspaceProblemsRequest, type WorkspaceProblemsResult } from '../../core/protocol';
import { CATALOG_SETTINGS, SETTING_NAMES } from '../../core/settings/catalogSettings';
import { TestClient } from '../protocol/lspClient';

const LOOP = 'version: 1\nlineage:\n  - entity: {name: orders, type: dataset, platform: hive}\n    upstream:\n      - entity: {name: orders, type: dataset, platform: hive}\n';
const SETTINGS = '{\n  // the team keeps vendored lineage out of the checks\n  "catalogCode.formats.associations": {"vendor/**": "none"},\n  "editor.tabSize": 2,\n}\n';

/** The `catalogCode` section VS Code answers for a workspace: every setting's default, then the workspace's values, nested. */
function editorSection(settingsFile: string): Record<string, unknown> {
  const flat = parseJsonc(readFileSync(settingsFile, 'utf8'), [], { allowTrailingComma: true }) as Record<string, unknown>;
  const section: Record<string, Record<string, unknown>> = {};
  for (const name of SETTING_NAMES) {
    const key = CATALOG_SETTINGS[name].key;
    const [, area, setting] = key.split('.');
    section[area] ??= {};
    section[area][setting] = key in flat ? flat[key] : CATALOG_SETTINGS[name].default;
  }
  return section;
}

interface Found {
  uri: string;
  line: number;
  code: string;
  severity: string;
}

const LSP_SEVERITY = ['', 'error', 'warning', 'information', 'hint'];

function cliValidate(folder: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(process.cwd(), 'dist', 'cli.js'), 'validate', '--format', 'json'], { cwd: folder, env: { ...process.env, CATALOG_CODE_ASSOCIATIONS: undefined } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((done) => child.on('exit', (code) => done({ code, stdout, stderr })));
}

const sorted = (found: Found[]) => found.sort((a, b) => `${a.uri}:${a.line}:${a.code}`.localeCompare(`${b.uri}:${b.line}:${b.code}`));

test('associations only in .vscode/settings.json: the editor and catalog-code validate give the same diagnostics', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'cc-settings-same-'));
  try {
    mkdirSync(join(folder, '.vscode'));
    mkdirSync(join(folder, 'vendor'));
    writeFileSync(join(folder, '.vscode', 'settings.json'), SETTINGS);
    writeFileSync(join(folder, 'vendor', 'loop.yml'), LOOP);
    writeFileSync(join(folder, 'loop.yml'), LOOP);

    const cli = await cliValidate(folder);
    assert.equal(cli.code, 0, cli.stderr);
    assert.match(cli.stderr, /Settings applied: catalogCode\.formats\.associations from \.vscode\/settings\.json\./);
    const fromCli = sorted(
      (JSON.parse(cli.stdout) as { file: string; range: { start: { line: number } }; code: string; severity: string }[]).map((d) => ({
        uri: pathToFileURL(resolve(folder, d.file)).toString(),
        line: d.range.start.line,
        code: d.code,
        severity: d.severity,
      })),
    );

    const { client } = await TestClient.start({ rootPath: folder, pull: true, settings: editorSection(join(folder, '.vscode', 'settings.json')) });
    try {
      const problems = () => client.connection.sendRequest(WorkspaceProblemsRequest.method, {}) as Promise<WorkspaceProblemsResult>;
      const control = pathToFileURL(join(folder, 'loop.yml')).toString();
      const answer = await client.poll('the server to have read the workspace', problems, (r) => r.files.some((f) => f.uri === control), Number.POSITIVE_INFINITY);
      const fromEditor = sorted(answer.files.flatMap((file) => file.diagnostics.map((d) => ({ uri: file.uri, line: d.range.start.line, code: String(d.code), severity: LSP_SEVERITY[d.severity ?? 1] }))));
      assert.ok(fromCli.some((d) => d.code === 'lineage.selfLoop' && d.uri === control), 'the file outside vendor/ is checked');
      assert.ok(!fromCli.some((d) => d.uri.includes('/vendor/')), 'vendor/ is left out, as the settings say');
      assert.deepEqual(fromEditor, fromCli);
    } finally {
      await client.stop();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
