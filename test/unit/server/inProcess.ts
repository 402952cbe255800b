import { PassThrough } from 'node:stream';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { createConnection } from 'vscode-languageserver/node';
import type { ClientCapabilities, Diagnostic, InitializeResult, PublishDiagnosticsParams, ShowMessageParams } from 'vscode-languageserver-protocol';
import { startServer } from '../../../server/startServer';
import { budgetMs } from '../../support/timeScale';

export interface InProcessOptions {
  rootPath?: string;
  capabilities?: ClientCapabilities;
  initializationOptions?: unknown;
  /** what the client answers to workspace/configuration for `catalogCode` */
  settings?: () => unknown;
}

/**
 * The language server in this process, wired to a JSON-RPC client through in-memory streams:
 * server modules are exercised exactly as over stdio, without spawning a process.
 */
export class InProcessServer {
  readonly published: PublishDiagnosticsParams[] = [];
  readonly messages: ShowMessageParams[] = [];
  private readonly listeners = new Set<() => void>();

  private constructor(readonly client: MessageConnection) {}

  static async start(options: InProcessOptions = {}): Promise<{ server: InProcessServer; initialize: InitializeResult }> {
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    startServer(createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient)));
    const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
    const server = new InProcessServer(client);
    client.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => server.record(() => server.published.push(params)));
    client.onNotification('window/showMessage', (params: ShowMessageParams) => server.record(() => server.messages.push(params)));
    client.onNotification('window/logMessage', () => undefined);
    client.onNotification('catalogCode/status', () => undefined);
    client.onRequest('window/showMessageRequest', (params: ShowMessageParams) => {
      server.record(() => server.messages.push(params));
      return null;
    });
    client.onRequest('client/registerCapability', () => null);
    client.onRequest('workspace/configuration', () => [options.settings?.() ?? null]);
    client.listen();
    const rootUri = options.rootPath ? new URL(`file://${options.rootPath}`).toString() : null;
    const initialize = (await client.sendRequest('initialize', {
      // No process id: the server would otherwise watch this process with a timer that outlives the test.
      processId: null,
      rootUri,
      workspaceFolders: rootUri ? [{ uri: rootUri, name: 'workspace' }] : null,
      capabilities: options.capabilities ?? {},
      initializationOptions: options.initializationOptions ?? {},
    })) as InitializeResult;
    await client.sendNotification('initialized', {});
    return { server, initialize };
  }

  /** Keeps every `method` notification in `into`; waitFor probes again after each. */
  collect<T>(method: string, into: T[]): void {
    this.client.onNotification(method, (params: T) => this.record(() => into.push(params)));
  }

  private record(change: () => void): void {
    change();
    for (const listener of [...this.listeners]) listener();
  }

  /** Resolves with the first truthy value of `probe`, re-checked whenever the server sends something. */
  waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs = budgetMs(60_000)): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const value = probe();
        if (!value) return;
        cleanup();
        resolve(value);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; published: ${JSON.stringify(this.published.map((p) => [p.uri, p.version, p.diagnostics.map((d) => d.code)]))}`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  /** The last diagnostics published for `uri` (waiting for the first publication). */
  async diagnostics(uri: string, accept: (diagnostics: Diagnostic[]) => boolean = () => true): Promise<Diagnostic[]> {
    return this.waitFor(`diagnostics of ${uri}`, () => {
      const last = this.published.filter((p) => p.uri === uri).at(-1);
      return last && accept(last.diagnostics) ? last.diagnostics : undefined;
    });
  }

  async open(uri: string, text: string, languageId = 'yaml', version = 1): Promise<void> {
    await this.client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  async stop(): Promise<void> {
    await this.client.sendRequest('shutdown').catch(() => undefined);
    this.client.dispose();
  }
}
