import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { CancellationTokenSource, StreamMessageReader, StreamMessageWriter, createMessageConnection, type MessageConnection } from 'vscode-jsonrpc/node';
import { nowMs } from '../../support/bench/stats';
import type { ClientCapabilities, CompletionItem, CompletionList, Diagnostic, DocumentDiagnosticReport, Position, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';

/**
 * The smallest language client the benchmarks need: a server child over stdio, documents opened
 * and replaced in full, diagnostics pulled or awaited as published, completion requested.
 */
export interface LspServerCommand {
  /** shown in errors */
  name: string;
  args: string[];
  cwd: string;
  env?: Record<string, string | undefined>;
  /** ask for pull diagnostics (textDocument/diagnostic) in the client capabilities */
  pull: boolean;
  /** say the client takes workspace/diagnostic/refresh (as VS Code does): then a server may answer a pull in part and ask again */
  refresh?: boolean;
  initializationOptions?: unknown;
}

export class BenchLspClient {
  private readonly published = new Map<string, { count: number; diagnostics: Diagnostic[]; version?: number }>();
  /** every publication per document: when it arrived (nowMs()) and how many diagnostics it had */
  private readonly publications = new Map<string, { at: number; diagnostics: number }[]>();
  private readonly waiters = new Set<() => void>();
  private readonly versions = new Map<string, number>();
  private readonly lastNotification = new Map<string, unknown>();
  private stderr = '';
  /** how many workspace/diagnostic/refresh requests the server sent */
  refreshRequests = 0;

  private constructor(
    readonly name: string,
    readonly child: ChildProcessWithoutNullStreams,
    readonly connection: MessageConnection,
  ) {}

  static async start(command: LspServerCommand, rootPath: string): Promise<BenchLspClient> {
    const child = spawn(process.execPath, command.args, { cwd: command.cwd, env: { ...process.env, ...command.env } as NodeJS.ProcessEnv });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const client = new BenchLspClient(command.name, child, connection);
    child.stderr.on('data', (chunk: Buffer) => (client.stderr = (client.stderr + chunk.toString()).slice(-4000)));
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      const previous = client.published.get(params.uri);
      client.published.set(params.uri, { count: (previous?.count ?? 0) + 1, diagnostics: params.diagnostics, version: params.version });
      const history = client.publications.get(params.uri) ?? [];
      history.push({ at: nowMs(), diagnostics: params.diagnostics.length });
      client.publications.set(params.uri, history);
      for (const waiter of [...client.waiters]) waiter();
    });
    connection.onNotification((method: string, params: unknown) => {
      client.lastNotification.set(method, params);
      for (const waiter of [...client.waiters]) waiter();
    });
    connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
    connection.onRequest('workspace/diagnostic/refresh', () => {
      client.refreshRequests++;
      for (const waiter of [...client.waiters]) waiter();
      return null;
    });
    connection.onRequest(() => null);
    connection.listen();
    const capabilities: ClientCapabilities = {
      workspace: { diagnostics: { refreshSupport: command.refresh === true }, didChangeConfiguration: { dynamicRegistration: false } },
      textDocument: {
        ...(command.pull ? { diagnostic: { dynamicRegistration: false } } : {}),
        publishDiagnostics: { versionSupport: true },
        completion: { completionItem: { snippetSupport: true } },
        synchronization: { didSave: false, dynamicRegistration: false },
      },
    };
    const rootUri = pathToFileURL(rootPath).toString();
    await client.within(60_000, 'initialize', connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'bench' }],
      capabilities,
      initializationOptions: command.initializationOptions ?? {},
    }));
    await connection.sendNotification('initialized', {});
    return client;
  }

  async configure(settings: unknown): Promise<void> {
    await this.connection.sendNotification('workspace/didChangeConfiguration', { settings });
  }

  async open(uri: string, text: string, languageId = 'yaml'): Promise<void> {
    this.versions.set(uri, 1);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  }

  /** Replaces the whole text (a full-document change, which every server accepts). */
  async change(uri: string, text: string): Promise<void> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
  }

  /** One range edit (incremental sync), in line/character positions of the current text. */
  async edit(uri: string, range: { start: Position; end: Position }, text: string): Promise<void> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range, text }] });
  }

  /**
   * A diagnostics pull that the next one cancels, as VS Code does while the user types: a pull
   * still queued in the server when cancelled is answered "cancelled" without being run.
   */
  pullDiagnosticsCancellable(uri: string): { result: Promise<Diagnostic[] | undefined>; cancel: () => void } {
    const source = new CancellationTokenSource();
    const result = this.connection
      .sendRequest<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } }, source.token)
      .then((report) => (report.kind === 'full' ? report.items : []))
      .catch(() => undefined);
    return { result, cancel: () => source.cancel() };
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  async pullDiagnostics(uri: string): Promise<Diagnostic[]> {
    const report = await this.within(120_000, `diagnostics of ${uri}`, this.connection.sendRequest<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } }));
    return report.kind === 'full' ? report.items : [];
  }

  /** Every publication for `uri` so far: when it arrived (nowMs()) and how many diagnostics it had. */
  publicationsOf(uri: string): readonly { at: number; diagnostics: number }[] {
    return this.publications.get(uri) ?? [];
  }

  /** How many publishDiagnostics the server has sent for `uri` so far (to wait for the next one). */
  publishCount(uri: string): number {
    return this.published.get(uri)?.count ?? 0;
  }

  /** Resolves with the first diagnostics published for `uri` after `afterCount` publications. */
  nextPublished(uri: string, afterCount: number, timeoutMs = 120_000): Promise<Diagnostic[]> {
    return this.waitFor(
      () => {
        const entry = this.published.get(uri);
        return entry && entry.count > afterCount ? { value: entry.diagnostics } : undefined;
      },
      timeoutMs,
      () => `${this.name} published no diagnostics for ${uri} within ${timeoutMs} ms.`,
    );
  }

  /** Resolves with the diagnostics published for `uri` at `version` or later (a server that publishes versions). */
  publishedVersion(uri: string, version: number, timeoutMs = 120_000): Promise<Diagnostic[]> {
    return this.waitFor(
      () => {
        const entry = this.published.get(uri);
        return entry?.version !== undefined && entry.version >= version ? { value: entry.diagnostics } : undefined;
      },
      timeoutMs,
      () => `${this.name} published no diagnostics for version ${version} of ${uri} within ${timeoutMs} ms.`,
    );
  }

  /** The params of the latest `method` notification, if one came. */
  latestNotification<T>(method: string): T | undefined {
    return this.lastNotification.get(method) as T | undefined;
  }

  /** Resolves once the server has sent more than `afterCount` workspace/diagnostic/refresh requests. */
  nextRefresh(afterCount: number, timeoutMs = 120_000): Promise<number> {
    return this.waitFor(() => (this.refreshRequests > afterCount ? { value: this.refreshRequests } : undefined), timeoutMs, () => `${this.name} asked for no diagnostics refresh within ${timeoutMs} ms.`);
  }

  /** Resolves with the params of the latest `method` notification once `accept` says yes. */
  waitForNotification<T>(method: string, accept: (params: T) => boolean, timeoutMs: number): Promise<T> {
    return this.waitFor(
      () => {
        const params = this.lastNotification.get(method) as T | undefined;
        return params !== undefined && accept(params) ? { value: params } : undefined;
      },
      timeoutMs,
      () => `${this.name} did not send the awaited ${method} within ${timeoutMs} ms (last one: ${JSON.stringify(this.lastNotification.get(method) ?? null)}).`,
    );
  }

  /** Checks `probe` now and after every message the server sends, until it answers or time runs out. */
  private waitFor<T>(probe: () => { value: T } | undefined, timeoutMs: number, timeoutMessage: () => string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = probe();
        if (!found) return;
        done();
        resolve(found.value);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`${timeoutMessage()} Its stderr ends with:\n${this.stderr}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  async complete(uri: string, position: Position): Promise<CompletionItem[]> {
    const result = await this.within(30_000, 'completion', this.connection.sendRequest<CompletionList | CompletionItem[] | null>('textDocument/completion', { textDocument: { uri }, position }));
    if (!result) return [];
    return Array.isArray(result) ? result : result.items;
  }

  async stop(): Promise<void> {
    try {
      await this.within(5_000, 'shutdown', this.connection.sendRequest('shutdown'));
      await this.connection.sendNotification('exit');
    } catch {
      // a server that does not answer shutdown is killed below
    }
    this.connection.dispose();
    if (this.child.exitCode === null) this.child.kill();
  }

  private within<T>(timeoutMs: number, what: string, promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${this.name} did not answer ${what} within ${timeoutMs} ms. Its stderr ends with:\n${this.stderr}`)), timeoutMs);
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }
}
