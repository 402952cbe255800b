import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runLineage } from '../../cli/lineage';
import { runValidate } from '../../cli/validate/validate';
import type { LineageScrollPage } from '../../core/api/lineageClient';
import type { LineageJson } from '../../core/lineage/render';
import { updateLineage } from '../../core/api/pushClient';
import { WorkspaceProblemsRequest, type WorkspaceProblemsResult } from '../../core/protocol';
import { startService, type RunningService } from '../../service/main';
import { TestClient, ensureServerBuilt } from '../protocol/lspClient';
import { keysOf, settle, type DiagnosticKey } from '../support/diagnosticKeys';
import { runVerb } from './runVerb';

/**
 * `catalog-code validate --service` and the editor (the real language server over stdio) judge
 * the same workspace over the same pending state, against the same real local catalog: a new
 * dataset YAML and a lineage file using it (no unknownEntity), a lineage file that drops an edge
 * the catalog holds (no error: the push removes it), and a truly unknown URN (the one error).
 */

const TOKEN = 'pending-same-answer-token';
const ds = (name: string): string => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;

const SEED = ['orders', 'customers', 'legacy', 'revenue'].map((id) => `- id: ${id}\n  platform: hive\n`).join('');
const FILES: Record<string, string> = {
  'new-datasets.yaml': '- id: web_events\n  platform: hive\n  description: Events from the web shop, new in this branch\n',
  // lists orders and the new web_events; legacy, an upstream in the catalog, is no longer listed: the push removes it
  'revenue-lineage.yml': 'version: 1\nlineage:\n  - entity: {name: revenue, type: dataset, platform: hive}\n    upstream:\n      - entity: {name: orders, type: dataset, platform: hive}\n      - entity: {name: web_events, type: dataset, platform: hive}\n',
  'ghost-edges.yaml': `edgesToAdd:\n  - {downstreamUrn: "${ds('customers')}", upstreamUrn: "${ds('ghost')}"}\nedgesToRemove: []\n`,
};



describe('validate --service and the editor agree on the pending state', () => {
  let root: string;
  let workspace: string;
  let service: RunningService;

  before(async () => {
    await ensureServerBuilt();
    root = mkdtempSync(join(tmpdir(), 'catalog-pending-same-'));
    workspace = join(root, 'ws');
    mkdirSync(workspace);
    mkdirSync(join(root, 'seed'));
    writeFileSync(join(root, 'seed', 'datasets.yaml'), SEED);
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(workspace, name), text);
    service = await startService({ host: '127.0.0.1', port: 0, dataDir: join(root, 'data'), token: TOKEN, seeds: [join(root, 'seed')] });
    await updateLineage({ url: service.url, token: TOKEN }, [
      { downstreamUrn: ds('revenue'), upstreamUrn: ds('orders') },
      { downstreamUrn: ds('revenue'), upstreamUrn: ds('legacy') },
    ], []);
  });

  after(async () => {
    await service?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('the same problems: only the truly unknown URN, none for the dataset the workspace creates or the edge it removes', async () => {
    const run = await runVerb(runValidate, [workspace, '--format', 'json', '--service', service.url], TOKEN);
    assert.equal(run.code, 1, `validate exits 1 on the one error: ${run.stderr}`);
    const cli = (JSON.parse(run.stdout) as { file: string; range: { start: { line: number } }; code: string }[]).map((d) => `${relative(workspace, d.file)}:${d.range.start.line}:${d.code}`).sort();
    assert.deepEqual(cli, ['ghost-edges.yaml:1:lineage.unknownEntity']);

    const { client } = await TestClient.start({ rootPath: workspace, pull: true, env: { CATALOG_SERVICE_URL: service.url, CATALOG_TOKEN: TOKEN } });
    try {
      await client.waitFor('the server to reach the catalog', () => client.latestStatus()?.state === 'connected');
      const workspaceKeys = async () => {
        const answer = (await client.connection.sendRequest(WorkspaceProblemsRequest.method, {})) as WorkspaceProblemsResult;
        return answer.files.flatMap((file) => keysOf(workspace, file.uri, file.diagnostics)).sort();
      };
      assert.deepEqual(await settle(workspaceKeys, (keys) => JSON.stringify(keys) === JSON.stringify(cli)), cli, 'Validate Workspace and validate --service disagree');
      const pulled: DiagnosticKey[] = [];
      for (const name of readdirSync(workspace)) {
        const uri = pathToFileURL(join(workspace, name)).toString();
        await client.open(uri, readFileSync(join(workspace, name), 'utf8'));
        pulled.push(...(await settle(async () => keysOf(workspace, uri, await client.pullDiagnostics(uri)), (keys) => keys.every((key) => cli.includes(key)) && cli.filter((key) => key.startsWith(`${name}:`)).every((key) => keys.includes(key)))));
      }
      assert.deepEqual(pulled.sort(), cli, "the editor's diagnostics and validate --service disagree");
    } finally {
      await client.stop();
    }
  });

  it('catalog-code lineage PATH and the editor show the same marks, with the file that causes each', async () => {
    const lineageUri = pathToFileURL(join(workspace, 'revenue-lineage.yml')).toString();
    const run = await runVerb(runLineage, [ds('revenue'), workspace, '--direction', 'upstream', '--hops', '1', '--format', 'json', '--service', service.url], TOKEN);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^Target: the local catalog at http:\/\/127\.0\.0\.1:\d+\./m);
    const json = JSON.parse(run.stdout) as LineageJson & { target: string };
    assert.match(json.target, /^the local catalog at /);
    const cli = Object.fromEntries((json.upstream ?? []).map((node) => [node.urn, node.mark ? `${node.mark.change} ${node.mark.sources.join(',')}` : 'unchanged']));
    assert.deepEqual(cli, { [ds('orders')]: 'unchanged', [ds('legacy')]: `removed ${lineageUri}`, [ds('web_events')]: `added ${lineageUri}` });

    const { client } = await TestClient.start({ rootPath: workspace, pull: true, env: { CATALOG_SERVICE_URL: service.url, CATALOG_TOKEN: TOKEN } });
    try {
      await client.waitFor('the server to reach the catalog', () => client.latestStatus()?.state === 'connected');
      const request = () => client.connection.sendRequest('catalogCode/lineagePage', { urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'] }) as Promise<LineageScrollPage>;
      const editorMarks = (page: LineageScrollPage) => Object.fromEntries(page.results.map((hit) => [hit.urn, hit.mark && hit.mark.change !== 'unchanged' ? `${hit.mark.change} ${hit.mark.sources.join(',')}` : 'unchanged']));
      const page = await settle(request, (answer) => JSON.stringify(editorMarks(answer)) === JSON.stringify(cli));
      assert.deepEqual(editorMarks(page), cli, 'the editor and catalog-code lineage PATH disagree');
    } finally {
      await client.stop();
    }

    const text = await runVerb(runLineage, [ds('revenue'), workspace, '--direction', 'upstream', '--hops', '1', '--service', service.url], TOKEN);
    assert.match(text.stdout, /web_events \(hive\)\s+\S+\s+\+ added in revenue-lineage\.yml/);
    assert.match(text.stdout, /legacy \(hive\)\s+\S+\s+− removed by revenue-lineage\.yml/);
  });
});
