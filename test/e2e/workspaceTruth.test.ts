// One workspace truth, in a real VS Code (code-server) on its own local catalog (seeded with the
// sample catalog): Validate Workspace lists exactly what `cli validate` reports against an equally
// seeded catalog, and a change of catalogCode.formats.associations changes the diagnostics
// without a reload.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { after } from 'node:test';
import { promisify } from 'node:util';
import { startService, type RunningService } from '../../service/main';
import { fixtureWorkspace, sampleCatalog } from './harness';
import { repoRoot } from '../../support/e2e/setup';
import { e2eSuite } from './suite';
import { until } from './workbench';

const TOKEN = 'e2e-workspace-truth-token';
const dataDir = mkdtempSync(join(tmpdir(), 'catalog-code-e2e-truth-'));
let service: RunningService | undefined;
after(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `cli validate` on the fixture workspace against a catalog seeded like the extension's: "file:line:code" (line one-based). */
async function cliAnswer(): Promise<string[]> {
  service ??= await startService({ host: '127.0.0.1', port: 0, dataDir, token: TOKEN, seeds: [sampleCatalog] });
  const args = [join(repoRoot, 'dist', 'cli.js'), 'validate', fixtureWorkspace, '--format', 'json', '--service', service.url];
  const { stdout } = await promisify(execFile)(process.execPath, args, { env: { ...process.env, CATALOG_TOKEN: TOKEN } }).catch((error: { code?: number; stdout: string; stderr: string }) => {
    assert.equal(error.code, 1, `cli validate failed: ${error.stderr}`);
    return error;
  });
  const found = JSON.parse(stdout) as { file: string; range: { start: { line: number } }; code: string }[];
  return found.map((d) => `${relative(fixtureWorkspace, resolve(d.file))}:${d.range.start.line + 1}:${d.code}`).sort();
}

/** The Problems panel as "file:line:code" rows: a file row names the file, each problem row ends with its code and [Ln x, Col y]. */
function problemKeys(rows: readonly string[]): string[] {
  const keys: string[] = [];
  let file = '';
  for (const row of rows) {
    const at = /\[Ln (\d+), Col \d+\]/.exec(row);
    if (!at) {
      file = row.split(' ')[0];
      continue;
    }
    const code = /catalog-code\(?\s*([a-zA-Z]+\.[a-zA-Z.]+)/.exec(row)?.[1] ?? /\b([a-z]+\.[a-z][a-zA-Z]+)\b(?=[^a-zA-Z.]*\[Ln)/.exec(row)?.[1];
    if (row.includes('catalog-code')) keys.push(`${file}:${at[1]}:${code ?? '?'}`);
  }
  return keys.sort();
}

e2eSuite('One workspace truth in VS Code', () => ({}), async (session, scenario) => {
  const { workbench } = session;

  await scenario('Validate Workspace lists exactly what cli validate reports', async () => {
    const expected = await cliAnswer();
    assert.ok(expected.length > 0, 'the fixture workspace has problems to compare');
    // A problem only the live definitions find: the extension is connected to its local catalog.
    await workbench.openFile('team-datasets.yaml');
    await workbench.waitForProblem(["'marketing' is not an allowed value of io.catalogcode.governance.ownerTeam"]);
    await workbench.runCommand('Catalog Code: Validate Workspace');
    const summary = await workbench.waitForNotification(/metadata file\(s\) checked/);
    const shown = await until(
      'the Problems panel to list what cli validate reports',
      async () => {
        const keys = problemKeys(await workbench.problems());
        return JSON.stringify(keys) === JSON.stringify(expected) ? keys : undefined;
      },
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}\nValidate Workspace said: ${summary}\ncli validate: ${expected.join(', ')}\nProblems panel:\n${(await workbench.problems()).join('\n')}`);
    });
    assert.deepEqual(shown, expected);
  });

  await scenario('changing catalogCode.formats.associations changes the diagnostics without a reload', async () => {
    await workbench.openFile('orders-lineage.yml');
    await workbench.waitForProblem(['lineage.columnOutsideEdge']);
    // The workspace settings file, as a user (or a teammate's commit) changes it.
    const settings = join(session.workspace, '.vscode', 'settings.json');
    mkdirSync(join(session.workspace, '.vscode'), { recursive: true });
    writeFileSync(settings, JSON.stringify({ 'catalogCode.formats.associations': { 'orders-lineage.yml': 'none' } }, null, 2));
    await workbench.waitForNoProblem('lineage.columnOutsideEdge');
    writeFileSync(settings, JSON.stringify({ 'catalogCode.formats.associations': {} }, null, 2));
    await workbench.waitForProblem(['lineage.columnOutsideEdge']);
  });
});
