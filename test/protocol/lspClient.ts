import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ErrorCodes, ResponseError, StreamMessageReader, StreamMessageWriter, createMessageConnection, type MessageConnection } from 'vscode-jsonrpc/node';
import type { ClientCapabilities, Diagnostic, Registration, InitializeResult, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import type { CatalogInitializationOptions, StatusParams } from '../../core/protocol';
import { budgetMs } from '../support/timeScale';

const ROOT = process.cwd();
const SERVER = join(ROOT, 'dist', 'server.js');

/** Newest modification time of the sources bundled into dist/server.js. */
function newestSource(): number {
  let newest = 0;
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const info = statSync(path);
      if (info.isDirectory()) visit(path);
      else if (name.endsWith('.ts')) newest = Math.max(newest, info.mtimeMs);
    }
  };
  for (const dir of ['core', 'server']) visit(join(ROOT, dir));
  return newest;
}

/**
 * Builds the bundles with `node esbuild.mjs` when dist/server.js is older than its sources
 * (test/run.mjs has usually built them already). A lock folder keeps parallel test files from
 * building at the same time.
 */
export async function ensureServerBuilt(): Promise<void> {
  const fresh = () => {
    try {
      return statSync(SERVER).mtimeMs >= newestSource();
    } catch {
      return false;
    }
  };
  if (fresh()) return;
  const lock = join(ROOT, 'dist', '.build-lock');
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const deadline = Date.now() + budgetMs(180_000);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (fresh()) return;
      // A lock left by a run that was killed mid-build is older than any real build takes.
      const lockTime = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - lockTime > 120_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('Timed out waiting for another test to build dist/server.js');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    if (fresh()) return;
    const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`node esbuild.mjs failed:\n${build.stdout}\n${build.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface StartOptions {
  rootPath: string;
  initializationOptions?: CatalogInitializationOptions;
  /** pull diagnostics (textDocument/diagnostic) or only published ones */
  pull: boolean;
  env?: Record<string, string | undefined>;
  /** the `catalogCode` section the client answers to workspace/configuration, as VS Code does; without it the client has no settings to give */
  settings?: unknown;
  /** ask for catalogCode/status notifications (the default, as the VS Code client does) */
  statusNotifications?: boolean;
  /** answer client/registerCapability with an error, as eglot 1.9 in a batch Emacs does */
  refuseRegistrations?: boolean;
  /** client capabilities besides the usual ones (e.g. `general.positionEncodings`) */
  capabilities?: ClientCapabilities;
}

/** A language client over the real server's stdio, recording what the server sends. */
export class TestClient {
  readonly statuses: StatusParams[] = [];
  readonly published = new Map<string, Diagnostic[]>();
  /** per document: how many publishDiagnostics came and the version the latest carried */
  readonly publications = new Map<string, { count: number; version?: number }>();
  /** what the server wrote to its log (window/logMessage) */
  readonly logs: string[] = [];
  /** window/showMessage notifications: what any editor shows as a notification (the client has no window/showMessageRequest, like YouCompleteMe: the server must not need it) */
  readonly shownMessages: { type: number; message: string }[] = [];
  refreshRequests = 0;
  /** what the server registered (client/registerCapability), in order */
  readonly registrations: Registration[] = [];
  /** what the client answers to workspace/configuration for `catalogCode` (a test may change it, then notify) */
  settings: unknown;
  /** the server's cache folder (its XDG_CACHE_HOME), removed on stop */
  cache = '';
  private stderr = '';
  private readonly listeners = new Set<() => void>();

  private constructor(
    readonly child: ChildProcessWithoutNullStreams,
    readonly connection: MessageConnection,
  ) {}

  static async start(options: StartOptions): Promise<{ client: TestClient; initialize: InitializeResult }> {
    await ensureServerBuilt();
    // A cache folder of its own (the server's default storagePath is under it), so no run reads another's cache.
    const cache = mkdtempSync(join(tmpdir(), 'catalog-lsp-cache-'));
    const env = { ...process.env, CATALOG_SERVICE_URL: undefined, CATALOG_TOKEN: undefined, XDG_CACHE_HOME: cache, ...options.env };
    const child = spawn(process.execPath, [SERVER, '--stdio'], { cwd: options.rootPath, env: env as NodeJS.ProcessEnv });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const client = new TestClient(child, connection);
    client.cache = cache;
    child.stderr.on('data', (chunk: Buffer) => (client.stderr += chunk.toString()));
    connection.onNotification('catalogCode/status', (params: StatusParams) => client.record(() => client.statuses.push(params)));
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => client.record(() => {
        client.published.set(params.uri, params.diagnostics);
        client.publications.set(params.uri, { count: (client.publications.get(params.uri)?.count ?? 0) + 1, version: params.version });
      }));
    connection.onNotification('window/logMessage', (params: { message: string }) => client.record(() => client.logs.push(params.message)));
    connection.onNotification('window/showMessage', (params: { type: number; message: string }) => client.record(() => client.shownMessages.push(params)));
    connection.onRequest('workspace/diagnostic/refresh', () => {
      client.record(() => client.refreshRequests++);
      return null;
    });
    connection.onRequest('client/registerCapability', (params: { registrations: Registration[] }) => {
      client.record(() => client.registrations.push(...params.registrations));
      // eglot 1.9 in a batch Emacs answers this with an error.
      return options.refuseRegistrations ? new ResponseError(ErrorCodes.InternalError, 'Internal error') : null;
    });
    client.settings = options.settings;
    connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      client.settings === undefined ? [] : params.items.map((item) => (item.section === 'catalogCode' ? client.settings : null)),
    );
    connection.listen();
    const capabilities: ClientCapabilities = {
      // Like the VS Code client, this client handles catalogCode/status (unless a test speaks as one that does not).
      ...(options.statusNotifications === false ? {} : { experimental: { catalogCodeStatus: true } }),
      workspace: { diagnostics: { refreshSupport: options.pull }, didChangeWatchedFiles: { dynamicRegistration: false }, configuration: options.settings !== undefined },
      textDocument: {
        ...(options.pull ? { diagnostic: { dynamicRegistration: false } } : {}),
        publishDiagnostics: {},
        completion: { completionItem: { snippetSupport: true } },
        hover: { contentFormat: ['markdown'] },
        documentSymbol: { hierarchicalDocumentSymbolSupport: true },
      },
      // A test speaking as one editor gives that editor's capabilities (each part replaces the usual one).
      ...options.capabilities,
    };
    const rootUri = pathToFileURL(options.rootPath).toString();
    const initialize = (await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'workspace' }],
      capabilities,
      initializationOptions: options.initializationOptions ?? {},
    })) as InitializeResult;
    await connection.sendNotification('initialized', {});
    return { client, initialize };
  }

  private record(change: () => void): void {
    change();
    for (const listener of [...this.listeners]) listener();
  }

  /** Resolves with the first truthy value of `probe`, re-checked whenever the server sends something. */
  waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs = budgetMs(60_000)): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = probe();
        if (value) {
          cleanup();
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}. Last status: ${JSON.stringify(this.statuses.at(-1))}\nServer stderr: ${this.stderr}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  /** Polls an async request until its answer satisfies `accept` (for answers that change in the background). */
  async poll<T>(what: string, request: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = budgetMs(60_000)): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let last: T | undefined;
    while (Date.now() < deadline) {
      last = await request();
      if (accept(last)) return last;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; last answer: ${JSON.stringify(last)}`);
  }

  latestStatus(): StatusParams | undefined {
    return this.statuses.at(-1);
  }

  async open(uri: string, text: string, languageId = 'yaml'): Promise<void> {
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  }

  async pullDiagnostics(uri: string): Promise<Diagnostic[]> {
    const report = (await this.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } })) as { kind: string; items: Diagnostic[] };
    return report.items;
  }

  async stop(): Promise<void> {
    try {
      await Promise.race([this.connection.sendRequest('shutdown'), new Promise((resolve) => setTimeout(resolve, 2000))]);
      await this.connection.sendNotification('exit');
    } catch {
      // the server may already be gone
    }
    const exited = new Promise<void>((resolve) => {
      if (this.child.exitCode !== null) resolve();
      else this.child.once('exit', () => resolve());
    });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
    this.connection.dispose();
    if (this.cache) rmSync(this.cache, { recursive: true, force: true });
  }
}
