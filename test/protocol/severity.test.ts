import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { startTestCatalog, type TestCatalog } from '../integration/catalog';
import { TestClient } from './lspClient';

/**
 * The severity of a diagnostic is true of the service the editor is connected to (the local
 * catalog refuses column lineage outside the dataset lineage, DataHub does not), and the user's
 * `catalogCode.diagnostics.severity` map overrides it.
 */
const field = (name: string, env: string, column: string) => `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:kafka,${name},${env}),${column})`;
const LINEAGE = `version: 1
lineage:
  - entity:
      name: topic3
      type: dataset
      env: DEV
      platform: kafka
    upstream:
      - entity:
          name: topic3
          type: dataset
          env: DEV
          platform: kafka
      - entity:
          name: topic1
          type: dataset
          env: DEV
          platform: kafka
    fineGrainedLineages:
      - upstreamType: FIELD_SET
        upstreams:
          - ${field('topic1', 'PROD', 'user_id')}
        downstreamType: FIELD
        downstreams:
          - ${field('topic3', 'DEV', 'user_id')}
`;

const severityOf = (diagnostics: Diagnostic[], code: string) => diagnostics.find((d) => d.code === code)?.severity;

describe('diagnostic severity follows the connected service and the user\'s map', () => {
  let workspace: string;
  let catalog: TestCatalog;
  const clients: TestClient[] = [];

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-severity-'));
    catalog = await startTestCatalog();
  });

  after(async () => {
    for (const client of clients) await client.stop();
    await catalog?.close();
    rmSync(workspace, { recursive: true, force: true });
  });

  async function diagnosticsWith(options: Parameters<typeof TestClient.start>[0], accept: (items: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
    const { client } = await TestClient.start(options);
    clients.push(client);
    const uri = pathToFileURL(join(workspace, 'file_lineage.yml')).toString();
    await client.open(uri, LINEAGE);
    return client.poll('the expected diagnostics', () => client.pullDiagnostics(uri), accept);
  }

  it('offline: column lineage outside the dataset lineage is a warning saying DataHub stores it', async () => {
    const items = await diagnosticsWith({ rootPath: workspace, pull: true }, (d) => d.some((x) => x.code === 'lineage.columnOutsideEdge'));
    const outside = items.find((d) => d.code === 'lineage.columnOutsideEdge');
    assert.equal(outside?.severity, 2);
    assert.match(String(outside?.message ?? ''), /DataHub stores it as written/);
  });

  it('connected to the local catalog: the same edge is an error that names the local catalog', async () => {
    const items = await diagnosticsWith(
      { rootPath: workspace, pull: true, env: { CATALOG_SERVICE_URL: catalog.url, CATALOG_TOKEN: catalog.token } },
      (d) => severityOf(d, 'lineage.columnOutsideEdge') === 1,
    );
    assert.match(String(items.find((d) => d.code === 'lineage.columnOutsideEdge')?.message ?? ''), /The local catalog rejects it/);
  });

  it('catalogCode.diagnostics.severity makes a code stricter, quieter or silent', async () => {
    const items = await diagnosticsWith(
      { rootPath: workspace, pull: true, initializationOptions: { severity: { 'lineage.selfLoop': 'error', 'lineage.*': 'information', 'lineage.columnOutsideEdge': 'off' } } },
      (d) => d.some((x) => x.code === 'lineage.selfLoop'),
    );
    assert.equal(severityOf(items, 'lineage.selfLoop'), 1, 'the exact code wins over its family');
    assert.equal(severityOf(items, 'lineage.columnOutsideEdge'), undefined, 'off drops the diagnostic');
  });

  it('a changed catalogCode.diagnostics.severity setting applies without a restart', async () => {
    const { client } = await TestClient.start({ rootPath: workspace, pull: true });
    clients.push(client);
    const uri = pathToFileURL(join(workspace, 'file_lineage.yml')).toString();
    await client.open(uri, LINEAGE);
    // A self-edge is information by default: DataHub stores it (issue #25 item 7).
    await client.poll('the self-loop note', () => client.pullDiagnostics(uri), (d) => severityOf(d, 'lineage.selfLoop') === 3);
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { catalogCode: { diagnostics: { severity: { 'lineage.selfLoop': 'error' } } } } });
    const items = await client.poll('the self-loop as an error', () => client.pullDiagnostics(uri), (d) => severityOf(d, 'lineage.selfLoop') === 1);
    assert.equal(severityOf(items, 'lineage.columnOutsideEdge'), 2, 'other codes keep their severity');
  });

  // Issue #25: the DataHub version decides verdicts DataHub changed; datahub-project/datahub#13489:
  // CLI 1.0 refuses `domains` in the dataset YAML, PR #14152 restores it.
  it('a changed catalogCode.datahub.version applies without a restart', async () => {
    const { client } = await TestClient.start({ rootPath: workspace, pull: true });
    clients.push(client);
    const uri = pathToFileURL(join(workspace, 'dataset.yaml')).toString();
    await client.open(uri, 'id: orders\nplatform: hive\ndomains:\n  - urn:li:domain:sales\n');
    const newest = await client.poll('the dataset checked by the newest DataHub', () => client.pullDiagnostics(uri), () => true);
    assert.equal(newest.filter((d) => d.severity === 1).length, 0);
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { catalogCode: { datahub: { version: '1.0.0' } } } });
    const old = await client.poll('domains refused by DataHub 1.0', () => client.pullDiagnostics(uri), (d) => severityOf(d, 'format.unknownKey') === 1);
    assert.match(String(old.find((d) => d.code === 'format.unknownKey')?.message ?? ''), /judged by DataHub 1\.0\.0 \(as set\)/);
  });
});
