import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { ingestProposal, updateLineage } from '../../core/api/pushClient';
import type { FineGrainedLineageView, LineageScrollPage, LineageSearchHit } from '../../core/api/lineageClient';
import { serverOnCatalog, type ServerOnCatalog } from './catalogServer';
import { TestClient } from './lspClient';

/**
 * The pending state as the editor reads it: the real language server over stdio, against the
 * real local catalog. Lineage pages carry marks (added by a file, removed by a file, unchanged),
 * an entity a file creates is no unknownEntity, and a catalogChanged notification (sent after a
 * push) makes the server ask the catalog again at once.
 */

const TOKEN = 'pending-lineage-token';
const ds = (name: string): string => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const col = (name: string, column: string): string => `urn:li:schemaField:(${ds(name)},${column})`;

const SEED_DATASETS = ['orders', 'customers', 'legacy', 'revenue'].map((id) => `- id: ${id}\n  platform: hive\n`).join('');
const NEW_DATASETS = '- id: web_events\n  platform: hive\n  description: Events from the web shop, new in this branch\n';
const LINEAGE = `version: 1
lineage:
  - entity: {name: revenue, type: dataset, platform: hive}
    upstream:
      - entity: {name: orders, type: dataset, platform: hive}
      - entity: {name: web_events, type: dataset, platform: hive}
    fineGrainedLineages:
      - upstreamType: FIELD_SET
        upstreams: ["${col('web_events', 'amount')}"]
        downstreamType: FIELD
        downstreams: ["${col('revenue', 'total')}"]
`;
const GHOST = `edgesToAdd:\n  - {downstreamUrn: "${ds('customers')}", upstreamUrn: "${ds('ghost')}"}\nedgesToRemove: []\n`;

const marks = (page: LineageScrollPage) => Object.fromEntries(page.results.map((h: LineageSearchHit) => [h.urn, h.mark ? `${h.mark.change} ${h.mark.sources.join(',')}`.trim() : 'none']));
const unknown = (items: Diagnostic[]) => items.filter((d) => d.code === 'lineage.unknownEntity').map((d) => (d.data as { urn: string }).urn);

describe('language server: lineage and existence over the pending state', () => {
  let server: ServerOnCatalog;
  let client: TestClient;
  let lineageUri: string;
  let ghostUri: string;

  const page = (params: Record<string, unknown>) => client.connection.sendRequest('catalogCode/lineagePage', params) as Promise<LineageScrollPage>;
  const upstreamOfRevenue = (view?: string) => page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'], ...(view ? { view } : {}) });

  before(async () => {
    server = await serverOnCatalog({
      token: TOKEN,
      seeds: { 'datasets.yaml': SEED_DATASETS },
      files: { 'new-datasets.yaml': NEW_DATASETS, 'revenue-lineage.yml': LINEAGE, 'ghost-edges.yaml': GHOST },
      // In the catalog: orders → revenue and legacy → revenue. The lineage file no longer lists legacy.
      beforeClient: (service) =>
        updateLineage({ url: service.url, token: TOKEN }, [
          { downstreamUrn: ds('revenue'), upstreamUrn: ds('orders') },
          { downstreamUrn: ds('revenue'), upstreamUrn: ds('legacy') },
        ], []),
    });
    client = server.client;
    lineageUri = server.uri('revenue-lineage.yml');
    ghostUri = server.uri('ghost-edges.yaml');
  });

  after(async () => server?.stop());

  it('a lineage page marks the edge a file adds, the edge it removes (with the file) and the unchanged one', async () => {
    const answer = await client.poll('the workspace read', () => upstreamOfRevenue(), (p) => p.results.some((h) => h.urn === ds('web_events')));
    assert.equal(answer.basis, 'catalogAndFiles');
    assert.deepEqual(marks(answer), {
      [ds('orders')]: 'unchanged',
      [ds('legacy')]: `removed ${lineageUri}`,
      [ds('web_events')]: `added ${lineageUri}`,
    });
    const web = answer.results.find((h) => h.urn === ds('web_events'));
    assert.equal(web?.type, 'DATASET');
  });

  it('view pushed answers the catalog alone', async () => {
    const answer = await upstreamOfRevenue('pushed');
    assert.equal(answer.basis, 'catalogOnly');
    assert.deepEqual(marks(answer), { [ds('orders')]: 'none', [ds('legacy')]: 'none' });
  });

  it('degrees count the pending edges, and the other direction carries the same marks', async () => {
    const down = await page({ urn: ds('web_events'), direction: 'DOWNSTREAM', degrees: ['1', '2', '3+'] });
    assert.deepEqual(marks(down), { [ds('revenue')]: `added ${lineageUri}` });
    const legacy = await page({ urn: ds('legacy'), direction: 'DOWNSTREAM', degrees: ['1'] });
    assert.deepEqual(marks(legacy), { [ds('revenue')]: `removed ${lineageUri}` });
  });

  it('column-level edges carry marks too', async () => {
    const columns = (await client.connection.sendRequest('catalogCode/fineGrainedLineages', { datasetUrn: ds('revenue') })) as FineGrainedLineageView[];
    assert.deepEqual(columns.map((c) => [c.upstreams, c.downstreams, c.mark?.change]), [[[col('web_events', 'amount')], [col('revenue', 'total')], 'added']]);
  });

  it('refuses a malformed request in words', async () => {
    await assert.rejects(page({ urn: 'not-a-urn', direction: 'UPSTREAM', degrees: ['1'] }), /URN is not valid/);
    await assert.rejects(page({ urn: ds('revenue'), direction: 'SIDEWAYS', degrees: ['1'] }), /direction must be UPSTREAM or DOWNSTREAM/);
    await assert.rejects(page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'], count: 10_000_000 }), /count must be a whole number from 1 to 500/);
  });

  it('an entity a file of the workspace creates is no unknownEntity; one missing from catalog and files is', async () => {
    await client.open(lineageUri, LINEAGE);
    await client.open(ghostUri, GHOST);
    const ghost = await client.poll('the existence answer for ghost', () => client.pullDiagnostics(ghostUri), (items) => unknown(items).length > 0);
    assert.deepEqual(unknown(ghost), [ds('ghost')]);
    assert.match(String(ghost.find((d) => d.code === 'lineage.unknownEntity')?.message ?? ''), /does not exist in the catalog, and no file of the workspace creates it/);
    // Existence answers for revenue/orders/web_events have arrived too once ghost's did (one batch).
    assert.deepEqual(unknown(await client.pullDiagnostics(lineageUri)), [], 'web_events is created by new-datasets.yaml');
  });

  it('an edit of an open lineage file shows in the next page', async () => {
    const edited = LINEAGE.replace('      - entity: {name: web_events', '      - entity: {name: customers, type: dataset, platform: hive}\n      - entity: {name: web_events');
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: lineageUri, version: 2 }, contentChanges: [{ text: edited }] });
    const answer = await upstreamOfRevenue();
    assert.equal(marks(answer)[ds('customers')], `added ${lineageUri}`);
  });

  it('after catalogChanged (a push finished) the server asks the catalog again: existence and lineage', async () => {
    const connection = { url: server.service.url, token: TOKEN };
    await ingestProposal(connection, { entityType: 'dataset', entityUrn: ds('ghost'), changeType: 'UPSERT', aspectName: 'datasetProperties', aspect: { name: 'ghost', customProperties: {} } });
    await updateLineage(connection, [], [{ downstreamUrn: ds('revenue'), upstreamUrn: ds('legacy') }]);
    await client.connection.sendNotification('catalogCode/catalogChanged', { urns: [ds('ghost'), ds('customers')] });
    const ghost = await client.poll('ghost to exist', () => client.pullDiagnostics(ghostUri), (items) => unknown(items).length === 0);
    assert.deepEqual(unknown(ghost), []);
    const answer = await upstreamOfRevenue();
    assert.equal(marks(answer)[ds('legacy')], undefined, 'the edge is gone from the catalog, so nothing is left to strike through');
  });
});

describe('language server: the pending state offline', () => {
  it('answers from the files alone and says so; the pushed view says why it cannot answer', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'catalog-code-pending-offline-'));
    writeFileSync(join(workspace, 'revenue-lineage.yml'), LINEAGE);
    const { client } = await TestClient.start({ rootPath: workspace, pull: true, initializationOptions: { refreshIntervalSeconds: 0 } });
    try {
      const lineageUri = pathToFileURL(join(workspace, 'revenue-lineage.yml')).toString();
      const request = (view?: string) => client.connection.sendRequest('catalogCode/lineagePage', { urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'], ...(view ? { view } : {}) }) as Promise<LineageScrollPage>;
      const answer = await client.poll('the workspace read', () => request(), (p) => p.results.length === 2);
      assert.equal(answer.basis, 'filesOnly');
      assert.deepEqual(marks(answer), { [ds('orders')]: `added ${lineageUri}`, [ds('web_events')]: `added ${lineageUri}` });
      await assert.rejects(request('pushed'), /no catalog service is connected/);
    } finally {
      await client.stop();
      rmSync(workspace, { recursive: true, force: true });
    }
  });
});
