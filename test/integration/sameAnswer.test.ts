import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WorkspaceProblemsRequest, type WorkspaceProblemsResult } from '../../core/protocol';
import { startService, type RunningService } from '../../service/main';
import { TestClient, ensureServerBuilt } from '../protocol/lspClient';
import { keysOf, settle, type DiagnosticKey } from '../support/diagnosticKeys';

/**
 * One workspace truth: the editor's diagnostics (published for open files), the workspace
 * problems Validate Workspace shows (closed files included) and `cli validate` give the same set
 * of (file, line, code) — offline on the sample workspace, and against a real local catalog whose
 * live definitions and entities decide part of the answer.
 */
const repo = resolve(__dirname, '..', '..');
const SAMPLE_WORKSPACE = join(repo, 'test', 'e2e', 'fixtures', 'workspace');
const SAMPLE_CATALOG = join(repo, 'test', 'fixtures', 'sample-catalog');
const TOKEN = 'same-answer-token';


/** Run asynchronously: the catalog answers from this very process. */
async function cliAnswer(root: string, service?: string): Promise<DiagnosticKey[]> {
  const args = [join(repo, 'dist', 'cli.js'), 'validate', root, '--format', 'json', ...(service ? ['--service', service] : [])];
  const result = await promisify(execFile)(process.execPath, args, { encoding: 'utf8', env: { ...process.env, CATALOG_TOKEN: TOKEN, CATALOG_CODE_ASSOCIATIONS: '' } }).catch(
    (error: { code?: number; stdout: string; stderr: string }) => {
      // Exit 1 means "errors found": the answer is still on stdout.
      assert.equal(error.code, 1, `cli validate failed (${error.code}): ${error.stderr}`);
      return error;
    },
  );
  const diagnostics = JSON.parse(result.stdout) as { file: string; range: { start: { line: number } }; code: string }[];
  return diagnostics.map((d) => `${relative(root, resolve(d.file))}:${d.range.start.line}:${d.code}`).sort();
}


async function compare(root: string, service?: RunningService): Promise<DiagnosticKey[]> {
  const cli = await cliAnswer(root, service?.url);
  const { client } = await TestClient.start({
    rootPath: root,
    pull: false,
    env: service ? { CATALOG_SERVICE_URL: service.url, CATALOG_TOKEN: TOKEN } : {},
  });
  try {
    if (service) await client.waitFor('the server to reach the catalog', () => client.latestStatus()?.state === 'connected');
    const workspaceKeys = async () => {
      const answer = (await client.connection.sendRequest(WorkspaceProblemsRequest.method, {})) as WorkspaceProblemsResult;
      return answer.files.flatMap((file) => keysOf(root, file.uri, file.diagnostics)).sort();
    };
    const workspace = await settle(workspaceKeys, (keys) => JSON.stringify(keys) === JSON.stringify(cli));
    assert.deepEqual(workspace, cli, 'Validate Workspace (catalogCode/workspaceProblems) and cli validate disagree');

    const files = readdirSync(root).filter((name) => /\.(ya?ml|json)$/.test(name));
    for (const name of files) await client.open(pathToFileURL(join(root, name)).toString(), readFileSync(join(root, name), 'utf8'), name.endsWith('.json') ? 'json' : 'yaml');
    await client.waitFor('diagnostics of every open file', () => files.every((name) => client.published.has(pathToFileURL(join(root, name)).toString())));
    const editorKeys = async () => [...client.published].flatMap(([uri, diagnostics]) => keysOf(root, uri, diagnostics)).sort();
    const editor = await settle(editorKeys, (keys) => JSON.stringify(keys) === JSON.stringify(cli));
    assert.deepEqual(editor, cli, "the editor's diagnostics and cli validate disagree");
    // VS Code pulls diagnostics (textDocument/diagnostic) instead: the same answer.
    const pulled: DiagnosticKey[] = [];
    for (const name of files) {
      const uri = pathToFileURL(join(root, name)).toString();
      pulled.push(...keysOf(root, uri, await client.pullDiagnostics(uri)));
    }
    assert.deepEqual(pulled.sort(), cli, 'pulled diagnostics and cli validate disagree');
    return cli;
  } finally {
    await client.stop();
  }
}

describe('the editor, Validate Workspace and cli validate give the same answer', () => {
  let root: string;
  let service: RunningService;
  let dataDir: string;

  before(async () => {
    await ensureServerBuilt();
    root = mkdtempSync(join(tmpdir(), 'catalog-same-'));
    cpSync(SAMPLE_WORKSPACE, root, { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'catalog-same-data-'));
    service = await startService({ host: '127.0.0.1', port: 0, dataDir, token: TOKEN, seeds: [SAMPLE_CATALOG] });
  });

  after(async () => {
    await service?.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on the sample workspace, offline', async () => {
    const keys = await compare(root);
    assert.ok(keys.some((key) => key.endsWith(':lineage.columnOutsideEdge')), `expected the column edge outside the dataset edges among ${keys.join(', ')}`);
  });

  it('on the sample workspace against a local catalog (live definitions and entities)', async () => {
    // An edge to an entity the catalog does not hold: only the live existence check finds it.
    writeFileSync(join(root, 'ghost-lineage.yml'), 'version: 1\nlineage:\n  - entity: {name: warehouse.orders_clean, platform: hive}\n    upstream:\n      - entity: {name: nowhere.ghost, platform: hive}\n');
    const keys = await compare(root, service);
    for (const expected of ['finance-datasets.yaml:5:property.notAllowedValue', 'ghost-lineage.yml:4:lineage.unknownEntity']) {
      assert.ok(keys.includes(expected), `expected ${expected} (decided by the live catalog) among ${keys.join(', ')}`);
    }
  });
});
