import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { CancellationTokenSource, ResponseError } from 'vscode-jsonrpc/node';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient } from '../protocol/lspClient';
import { fuzzSeed } from './harness';

/**
 * A badly behaved client: requests for documents it never opened or already closed, changes with
 * versions out of order and positions past the end, diagnostics it made up, and a cancel for
 * every request. The server may answer or refuse each request, but must keep running and keep
 * giving right answers afterwards.
 */

const PROPS = ['- id: io.team.tier', '  type: string', '  cardinality: SINGLE', '  entity_types:', '    - dataset', '  allowed_values:', '    - value: gold', '    - value: silver', ''].join('\n');
const DATASET = ['id: orders', 'platform: hive', 'env: PROD', 'structured_properties:', '  io.team.tier: bronze', ''].join('\n');

const position = fc.record({ line: fc.integer({ min: -2, max: 400 }), character: fc.integer({ min: -2, max: 400 }) });
const bogusDiagnostic: fc.Arbitrary<Diagnostic> = fc.record({
  range: fc.record({ start: position, end: position }),
  message: fc.string(),
  source: fc.constantFrom('catalog-code', 'other'),
  code: fc.constantFrom('property.notAllowedValue', 'property.cardinality', 'lineage.columnOutsideEdge', 'urn.syntax', 'nope'),
  data: fc.oneof(fc.constant(undefined), fc.record({ candidates: fc.array(fc.string(), { maxLength: 3 }) }), fc.anything()) as fc.Arbitrary<unknown>,
}) as fc.Arbitrary<Diagnostic>;

describe('language server against a misbehaving client', () => {
  let client: TestClient;
  let workspace: string;
  let datasetUri: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-lsp-chaos-'));
    writeFileSync(join(workspace, 'props.yaml'), PROPS);
    datasetUri = pathToFileURL(join(workspace, 'orders.yaml')).toString();
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true }));
  });

  after(async () => {
    await client?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  /** Sends a request; a refusal (ResponseError) is an answer too, only a dead server is not. */
  async function ask(method: string, params: unknown, cancel = false): Promise<unknown> {
    const source = new CancellationTokenSource();
    const pending = client.connection.sendRequest(method, params, source.token);
    if (cancel) source.cancel();
    try {
      return await pending;
    } catch (error) {
      if (error instanceof ResponseError) return error;
      throw error;
    }
  }

  function requestsFor(uri: string, at: { line: number; character: number }, diagnostics: Diagnostic[]): [string, unknown][] {
    const textDocument = { uri };
    return [
      ['textDocument/hover', { textDocument, position: at }],
      ['textDocument/completion', { textDocument, position: at }],
      ['textDocument/definition', { textDocument, position: at }],
      ['textDocument/references', { textDocument, position: at, context: { includeDeclaration: true } }],
      ['textDocument/documentSymbol', { textDocument }],
      ['textDocument/codeAction', { textDocument, range: { start: at, end: at }, context: { diagnostics } }],
      ['textDocument/diagnostic', { textDocument }],
    ];
  }

  async function stillHealthy(): Promise<void> {
    await client.open(datasetUri, DATASET);
    const items = await client.poll('the bronze diagnostic', () => client.pullDiagnostics(datasetUri), (found) => found.some((d) => d.code === 'property.notAllowedValue'));
    assert.ok(items.some((d) => String(d.message).includes('bronze')));
    assert.equal(client.child.exitCode, null, 'the server process is still running');
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: datasetUri } });
  }

  it('answers requests for documents never opened, and for closed ones', async () => {
    const never = pathToFileURL(join(workspace, 'never-opened.yaml')).toString();
    for (const [method, params] of requestsFor(never, { line: 3, character: 4 }, [])) await ask(method, params);
    for (const [method, params] of requestsFor('untitled:Untitled-1', { line: 0, character: 0 }, [])) await ask(method, params);
    await client.open(datasetUri, DATASET);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: datasetUri } });
    for (const [method, params] of requestsFor(datasetUri, { line: 4, character: 18 }, [])) await ask(method, params);
    // closing again, and changing a closed document
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: datasetUri } });
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: datasetUri, version: 9 }, contentChanges: [{ text: 'x: 1' }] });
    await stillHealthy();
  });

  it('survives versions out of order and edits past the end of the document', async () => {
    const seed = fuzzSeed();
    const uri = pathToFileURL(join(workspace, 'churn.yaml')).toString();
    await client.open(uri, DATASET);
    const change = fc.record({
      version: fc.integer({ min: -5, max: 50 }),
      edit: fc.oneof(fc.record({ text: fc.string({ maxLength: 40 }) }), fc.record({ range: fc.record({ start: position, end: position }), text: fc.string({ maxLength: 10 }) })),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 8 }), position, fc.array(bogusDiagnostic, { maxLength: 3 }), async (changes, at, diagnostics) => {
        for (const { version, edit } of changes) {
          await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [edit] });
        }
        for (const [method, params] of requestsFor(uri, at, diagnostics)) await ask(method, params);
      }),
      { seed, numRuns: Number(process.env.CATALOG_FUZZ_RUNS ?? 0) || 40 },
    ).catch((error: unknown) => {
      throw new Error(`seed ${seed}: ${error instanceof Error ? error.message : String(error)}`);
    });
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    await stillHealthy();
  });

  it('keeps answering after every request was cancelled', async () => {
    await client.open(datasetUri, DATASET);
    const all = [];
    for (let round = 0; round < 20; round++) {
      for (const [method, params] of requestsFor(datasetUri, { line: 4, character: round }, [])) all.push(ask(method, params, true));
    }
    const answers = await Promise.all(all);
    const cancelled = answers.filter((a) => a instanceof ResponseError && a.code === -32800).length;
    assert.ok(answers.length === 140, `every cancelled request got an answer or a cancellation (${cancelled} cancelled)`);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: datasetUri } });
    await stillHealthy();
  });
});
