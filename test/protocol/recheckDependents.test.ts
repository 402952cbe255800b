import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, DocumentDiagnosticReport, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import type { CatalogInitializationOptions } from '../../core/protocol';
import { startService, type RunningService } from '../../service/main';
import { TestClient } from './lspClient';
import { budgetMs } from '../support/timeScale';

/**
 * Issue 16: a change to one file re-checks only the open documents that depend on it. Two open
 * documents, one assigning io.team.tier, one assigning only io.team.owner; the definition of
 * io.team.tier changes on disk. The tier document is checked again (new diagnostics), the owner
 * document is answered `unchanged` (pull) or not published again (push), and the server's log
 * says it re-checked 1 of 2 open documents.
 */

const definitions = (tierValues: string[], extra = '') =>
  [
    '- id: io.team.tier',
    '  type: string',
    '  cardinality: SINGLE',
    '  entity_types: [dataset]',
    '  allowed_values:',
    ...tierValues.map((value) => `    - value: ${value}`),
    '- id: io.team.owner',
    '  type: string',
    '  cardinality: SINGLE',
    '  entity_types: [dataset]',
    extra,
  ].join('\n');

const TIER_DATASET = ['id: orders', 'platform: hive', 'env: PROD', 'structured_properties:', '  io.team.tier: bronze', ''].join('\n');
const OWNER_DATASET = ['id: customers', 'platform: hive', 'env: PROD', 'structured_properties:', '  io.team.owner: alice', ''].join('\n');
const TYPO_DATASET = ['id: payments', 'platform: hive', 'env: PROD', 'structured_properties:', '  io.team.region: emea', ''].join('\n');

const RECHECK_LINE = /^Re-checking (\d+) of (\d+) open documents?/;

/** The test client with the server's log lines and per-document publication counts, read from the real stdio stream. */
async function startClient(workspace: string, pull: boolean, initializationOptions?: CatalogInitializationOptions) {
  const { client } = await TestClient.start({ rootPath: workspace, pull, ...(initializationOptions ? { initializationOptions } : {}) });
  const logs: string[] = [];
  const publications = new Map<string, { count: number; diagnostics: Diagnostic[] }>();
  const waiters = new Set<() => void>();
  const notify = () => [...waiters].forEach((waiter) => waiter());
  client.connection.onNotification('window/logMessage', (params: { message: string }) => {
    logs.push(params.message);
    notify();
  });
  client.connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    publications.set(params.uri, { count: (publications.get(params.uri)?.count ?? 0) + 1, diagnostics: params.diagnostics });
    notify();
  });
  const waitFor = <T>(what: string, probe: () => T | undefined): Promise<T> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const value = probe();
        if (value === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`Timed out waiting for ${what}; log: ${JSON.stringify(logs.slice(-10))}`));
      }, budgetMs(60_000));
      waiters.add(check);
      check();
    });
  /** The next "Re-checking N of M" line logged after `from` lines, as [N, M]. */
  const nextRecheck = (from: number) =>
    waitFor('a re-check count on the LSP log', () => {
      for (const line of logs.slice(from)) {
        const match = RECHECK_LINE.exec(line);
        if (match) return { rechecked: Number(match[1]), open: Number(match[2]), line };
      }
      return undefined;
    });
  const pullReport = (uri: string, previousResultId?: string) =>
    client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri }, ...(previousResultId ? { previousResultId } : {}) }) as Promise<DocumentDiagnosticReport>;
  return { client, logs, publications, waitFor, nextRecheck, pullReport };
}

/** The scan has read properties.yaml (its end is reported with the definitions it found), before any document opens. */
async function definitionsRead(client: TestClient): Promise<void> {
  await client.waitFor('the workspace definitions read', () => client.statuses.some((status) => status.definitions.workspaceCount === 2));
}

/**
 * Changes a file on disk in one step (written beside it, then renamed: the server's own watcher
 * never reads it half-written) and tells the server, as a client's file watcher does.
 */
async function changeOnDisk(client: TestClient, file: string, text: string): Promise<void> {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
  await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(file).toString(), type: 2 }] });
}

const codes = (report: DocumentDiagnosticReport) => (report.kind === 'full' ? report.items.map((d) => d.code).sort() : []);

describe('a definition change re-checks only the open documents that use it (pull diagnostics)', () => {
  let workspace: string;
  let session: Awaited<ReturnType<typeof startClient>>;
  let propertiesFile: string;
  let tierUri: string;
  let ownerUri: string;
  let typoUri: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-recheck-pull-'));
    propertiesFile = join(workspace, 'properties.yaml');
    writeFileSync(propertiesFile, definitions(['gold', 'silver']));
    tierUri = pathToFileURL(join(workspace, 'orders.yaml')).toString();
    ownerUri = pathToFileURL(join(workspace, 'customers.yaml')).toString();
    typoUri = pathToFileURL(join(workspace, 'payments.yaml')).toString();
    session = await startClient(workspace, true);
    await definitionsRead(session.client);
    await session.client.open(tierUri, TIER_DATASET);
    await session.client.open(ownerUri, OWNER_DATASET);
  });

  after(async () => {
    await session?.client.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('answers the owner document unchanged and re-checks the tier document, counting 1 of 2', async () => {
    const tier = await session.client.poll('the tier value judged by the workspace definition', () => session.pullReport(tierUri), (report) => codes(report).includes('property.notAllowedValue'));
    const owner = await session.pullReport(ownerUri);
    assert.equal(owner.kind, 'full');
    assert.deepEqual(codes(owner), []);
    assert.ok(tier.resultId && owner.resultId, 'full reports carry a resultId');

    const refreshes = session.client.refreshRequests;
    const from = session.logs.length;
    await changeOnDisk(session.client, propertiesFile, definitions(['gold', 'silver', 'bronze']));
    const count = await session.nextRecheck(from);
    assert.deepEqual([count.rechecked, count.open], [1, 2], count.line);
    assert.match(count.line, /io\.team\.tier/);
    await session.client.waitFor('a diagnostics refresh request', () => session.client.refreshRequests > refreshes);

    const tierAgain = await session.pullReport(tierUri, tier.resultId);
    assert.equal(tierAgain.kind, 'full', 'the document using the changed definition is checked again');
    assert.deepEqual(codes(tierAgain), [], 'bronze is allowed now');
    assert.notEqual(tierAgain.resultId, tier.resultId);
    const ownerAgain = await session.pullReport(ownerUri, owner.resultId);
    assert.deepEqual(ownerAgain, { kind: 'unchanged', resultId: owner.resultId });
  });

  it('still answers a pull after an unrelated change with full, correct diagnostics', async () => {
    const owner = await session.pullReport(ownerUri);
    // io.team.owner now only allows bob: the tier document is unrelated, the owner document is not.
    const from = session.logs.length;
    await changeOnDisk(session.client, propertiesFile, `${definitions(['gold', 'silver', 'bronze'])}  allowed_values:\n    - value: bob\n`);
    const count = await session.nextRecheck(from);
    assert.deepEqual([count.rechecked, count.open], [1, 2], count.line);
    assert.match(count.line, /io\.team\.owner/);
    // Without a previous result the editor gets a full answer, judged by the current definitions.
    const tierFresh = await session.pullReport(tierUri);
    assert.equal(tierFresh.kind, 'full');
    assert.deepEqual(codes(tierFresh), []);
    const ownerAgain = await session.pullReport(ownerUri, owner.resultId);
    assert.equal(ownerAgain.kind, 'full');
    assert.deepEqual(codes(ownerAgain), ['property.notAllowedValue']);
  });

  it('re-checks a document with an unknown property when a definition is added (its candidates may change)', async () => {
    await session.client.open(typoUri, TYPO_DATASET);
    const typo = await session.client.poll('the unknown property reported', () => session.pullReport(typoUri), (report) => codes(report).includes('property.unknown'));
    const tier = await session.pullReport(tierUri);
    const from = session.logs.length;
    const withRegion = `${definitions(['gold', 'silver', 'bronze'])}  allowed_values:\n    - value: bob\n- id: io.team.region\n  type: string\n  cardinality: SINGLE\n  entity_types: [dataset]\n`;
    await changeOnDisk(session.client, propertiesFile, withRegion);
    const count = await session.nextRecheck(from);
    assert.deepEqual([count.rechecked, count.open], [1, 3], count.line);
    const typoAgain = await session.pullReport(typoUri, typo.resultId);
    assert.equal(typoAgain.kind, 'full');
    assert.deepEqual(codes(typoAgain), []);
    assert.equal((await session.pullReport(tierUri, tier.resultId)).kind, 'unchanged');
  });

  it('re-checks every open document when the severity settings change', async () => {
    const tier = await session.pullReport(tierUri);
    const from = session.logs.length;
    await session.client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { catalogCode: { diagnostics: { severity: { 'property.notAllowedValue': 'hint' } } } } });
    const count = await session.nextRecheck(from);
    assert.deepEqual([count.rechecked, count.open], [3, 3], count.line);
    assert.equal((await session.pullReport(tierUri, tier.resultId)).kind, 'full');
  });

  it('answers an edited document in full', async () => {
    const tier = await session.pullReport(tierUri);
    await session.client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: tierUri, version: 2 }, contentChanges: [{ text: TIER_DATASET.replace('bronze', 'platinum') }] });
    const edited = await session.pullReport(tierUri, tier.resultId);
    assert.equal(edited.kind, 'full');
    assert.deepEqual(codes(edited), ['property.notAllowedValue']);
  });
});

describe('a definition change re-publishes only the open documents that use it (published diagnostics)', () => {
  let workspace: string;
  let session: Awaited<ReturnType<typeof startClient>>;
  let propertiesFile: string;
  let tierUri: string;
  let ownerUri: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-recheck-push-'));
    propertiesFile = join(workspace, 'properties.yaml');
    writeFileSync(propertiesFile, definitions(['gold', 'silver']));
    tierUri = pathToFileURL(join(workspace, 'orders.yaml')).toString();
    ownerUri = pathToFileURL(join(workspace, 'customers.yaml')).toString();
    session = await startClient(workspace, false);
    await definitionsRead(session.client);
  });

  after(async () => {
    await session?.client.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('publishes the tier document again and leaves the owner document alone, counting 1 of 2', async () => {
    await session.client.open(tierUri, TIER_DATASET);
    await session.client.open(ownerUri, OWNER_DATASET);
    await session.waitFor('the tier value judged by the workspace definition', () => (session.publications.get(tierUri)?.diagnostics.some((d) => d.code === 'property.notAllowedValue') ? true : undefined));
    await session.waitFor('the owner document published', () => session.publications.get(ownerUri));
    const ownerBefore = session.publications.get(ownerUri)?.count ?? 0;
    const tierBefore = session.publications.get(tierUri)?.count ?? 0;

    const from = session.logs.length;
    await changeOnDisk(session.client, propertiesFile, definitions(['gold', 'silver', 'bronze']));
    const count = await session.nextRecheck(from);
    assert.deepEqual([count.rechecked, count.open], [1, 2], count.line);
    const tier = await session.waitFor('the tier document published again', () => {
      const entry = session.publications.get(tierUri);
      return entry && entry.count > tierBefore ? entry.diagnostics : undefined;
    });
    assert.deepEqual(tier.map((d) => d.code), []);
    // A marker: a change of the owner document's own definition is published after the tier one;
    // once it arrives, the earlier refresh has certainly been handled, and had not published the owner document.
    assert.equal(session.publications.get(ownerUri)?.count, ownerBefore, 'the owner document was not published again');
    const marker = session.logs.length;
    await changeOnDisk(session.client, propertiesFile, `${definitions(['gold', 'silver', 'bronze'])}  allowed_values:\n    - value: bob\n`);
    const second = await session.nextRecheck(marker);
    assert.deepEqual([second.rechecked, second.open], [1, 2], second.line);
    const owner = await session.waitFor('the owner document published again', () => {
      const entry = session.publications.get(ownerUri);
      return entry && entry.count > ownerBefore ? entry : undefined;
    });
    assert.equal(owner.count, ownerBefore + 1, 'published once, for its own definition');
    assert.deepEqual(owner.diagnostics.map((d) => d.code), ['property.notAllowedValue']);
    assert.equal(session.publications.get(tierUri)?.count, tierBefore + 1, 'the tier document was not published for the owner definition');
  });
});

describe('new answers about which entities exist re-check only the documents that asked about them', () => {
  const TOKEN = 'recheck-test-token';
  let service: RunningService;
  let workspace: string;
  let storage: string;
  let data: string;
  let session: Awaited<ReturnType<typeof startClient>>;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-recheck-online-'));
    storage = mkdtempSync(join(tmpdir(), 'catalog-code-recheck-storage-'));
    data = mkdtempSync(join(tmpdir(), 'catalog-code-recheck-svc-'));
    writeFileSync(join(workspace, 'properties.yaml'), definitions(['gold', 'silver']));
    service = await startService({ host: '127.0.0.1', port: 0, dataDir: data, token: TOKEN, seeds: [] });
    session = await startClient(workspace, true, { storagePath: storage, refreshIntervalSeconds: 0 });
    await session.client.connection.sendNotification('catalogCode/setConnection', { url: service.url, token: TOKEN });
    await session.client.waitFor('a connected status', () => session.client.statuses.some((s) => s.state === 'connected'));
    // The kind of service decides some checks (a change of it re-checks everything): known before the documents open.
    await session.waitFor('the service target detected', () => (session.logs.some((line) => line.startsWith('Judging files for the local catalog')) ? true : undefined));
  });

  after(async () => {
    await session?.client.stop();
    await service?.close().catch(() => undefined);
    for (const folder of [workspace, storage, data]) rmSync(folder, { recursive: true, force: true });
  });

  it('answers a document without lineage unchanged when the answers about another document\'s edges arrive', async () => {
    const ownerUri = pathToFileURL(join(workspace, 'customers.yaml')).toString();
    const lineageUri = pathToFileURL(join(workspace, 'orders.yaml')).toString();
    const withGhost = `${TIER_DATASET.replace('bronze', 'gold')}downstreams:\n  - urn:li:dataset:(urn:li:dataPlatform:hive,ghost,PROD)\n`;
    await session.client.open(ownerUri, OWNER_DATASET);
    await session.client.open(lineageUri, withGhost);
    const from = session.logs.length;
    // Asking about the edge's ends queues a lookup: until it is answered, the rule stays quiet.
    const owner = await session.pullReport(ownerUri);
    const lineage = await session.pullReport(lineageUri);
    assert.ok(!codes(lineage).includes('lineage.unknownEntity'));
    const count = await session.waitFor('a re-check after the existence answers', () => {
      for (const line of session.logs.slice(from)) {
        const match = RECHECK_LINE.exec(line);
        if (match && /which entities exist/.test(line)) return { rechecked: Number(match[1]), open: Number(match[2]), line };
      }
      return undefined;
    });
    assert.deepEqual([count.rechecked, count.open], [1, 2], count.line);
    const lineageAgain = await session.pullReport(lineageUri, lineage.resultId);
    assert.equal(lineageAgain.kind, 'full');
    assert.ok(codes(lineageAgain).includes('lineage.unknownEntity'), JSON.stringify(lineageAgain));
    assert.deepEqual(await session.pullReport(ownerUri, owner.resultId), { kind: 'unchanged', resultId: owner.resultId });
  });
});
