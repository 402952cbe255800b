import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { describeConnection, isInsecureRemote, nextConnectionState, type ConnectionEvent, type ConnectionState } from './connectionState';
import { LocalCatalogStartError, startLocalCatalog, type RunningLocalCatalog } from './localCatalog';

const REMOTE_TOKEN_KEY = 'catalogCode.token';
const LOCAL_TOKEN_KEY = 'catalogCode.localCatalogToken';

export interface Connection {
  url: string;
  token: string | null;
}

/**
 * Decides where the extension talks to: the URL in `catalogCode.service.url`, or — when it is
 * empty — a local catalog it starts itself in the workspace's `.catalog/` folder. The token lives
 * only in SecretStorage and in memory.
 */
export class ConnectionManager implements vscode.Disposable {
  private state: ConnectionState = { status: 'idle' };
  private local: RunningLocalCatalog | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private connection: Connection | undefined;
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('catalogCode.service.url')) void this.connect();
        // Turning auto-start on while nothing is connected starts the local catalog now, not at the next reload.
        else if (event.affectsConfiguration('catalogCode.localCatalog.autoStart') && !this.connection) void this.connect();
      }),
      context.secrets.onDidChange((event) => {
        if (event.key === REMOTE_TOKEN_KEY && this.currentTarget()?.kind === 'remote') void this.connect();
      }),
    );
  }

  get current(): ConnectionState {
    return this.state;
  }

  get currentConnection(): Connection | undefined {
    return this.connection;
  }

  describe(): string {
    return describeConnection(this.state);
  }

  report(event: ConnectionEvent): void {
    this.state = nextConnectionState(this.state, event);
    this.changed.fire();
  }

  private currentTarget() {
    return this.state.status === 'connected' ? this.state.target : undefined;
  }

  private configuredUrl(): string {
    return vscode.workspace.getConfiguration('catalogCode').get<string>('service.url', '').trim().replace(/\/+$/, '');
  }

  /** Reads the settings and (re)connects; starts the local catalog when no URL is set. */
  async connect(): Promise<Connection | undefined> {
    const url = this.configuredUrl();
    if (url) {
      await this.stopLocal();
      const token = (await this.context.secrets.get(REMOTE_TOKEN_KEY)) ?? null;
      if (token && isInsecureRemote(url) && !(await this.confirmInsecure(url))) {
        this.connection = { url, token: null };
        this.report({ type: 'remoteConfigured', url, signedIn: false });
        return this.connection;
      }
      this.connection = { url, token };
      this.report({ type: 'remoteConfigured', url, signedIn: token !== null });
      return this.connection;
    }
    const autoStart = vscode.workspace.getConfiguration('catalogCode').get<boolean>('localCatalog.autoStart', true);
    if (!autoStart && !this.local) {
      this.connection = undefined;
      this.report({ type: 'localStopped' });
      return undefined;
    }
    return this.startLocal();
  }

  private dataDir(): string | undefined {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (folder) return path.join(folder.uri.fsPath, '.catalog');
    return this.context.globalStorageUri ? path.join(this.context.globalStorageUri.fsPath, 'catalog') : undefined;
  }

  async startLocal(seeds: readonly string[] = []): Promise<Connection | undefined> {
    if (this.local && seeds.length === 0) return this.connection;
    await this.stopLocal();
    const dataDir = this.dataDir();
    if (!dataDir) {
      this.report({ type: 'localStartFailed', detail: 'there is no folder to keep its data in' });
      return undefined;
    }
    this.report({ type: 'localStarting', dataDir });
    const token = await this.localToken();
    try {
      this.local = await startLocalCatalog({
        cliPath: this.context.asAbsolutePath(path.join('dist', 'cli.js')),
        dataDir,
        token,
        seeds,
        log: (line) => this.log.info(line),
      });
    } catch (error) {
      const detail = error instanceof LocalCatalogStartError ? error.message : String(error);
      this.log.error(`The local catalog did not start: ${detail}`);
      this.report({ type: 'localStartFailed', detail });
      return undefined;
    }
    const running = this.local;
    void running.exited.then((code) => {
      if (this.local !== running) return;
      this.local = undefined;
      this.log.warn(`The local catalog stopped (exit code ${code ?? 'unknown'}).`);
      this.connection = undefined;
      this.report({ type: 'localStopped' });
    });
    this.log.info(`Local catalog running at ${running.url} with data in ${dataDir}`);
    this.connection = { url: running.url, token };
    this.report({ type: 'localStarted', url: running.url, dataDir });
    return this.connection;
  }

  async stopLocal(): Promise<void> {
    const running = this.local;
    if (!running) return;
    this.local = undefined;
    await running.stop();
    if (this.currentTarget()?.kind !== 'remote') {
      this.connection = undefined;
      this.report({ type: 'localStopped' });
    }
  }

  isLocalRunning(): boolean {
    return this.local !== undefined;
  }

  localDataDir(): string | undefined {
    return this.dataDir();
  }

  private async localToken(): Promise<string> {
    const existing = await this.context.secrets.get(LOCAL_TOKEN_KEY);
    if (existing) return existing;
    const token = randomBytes(24).toString('base64url');
    await this.context.secrets.store(LOCAL_TOKEN_KEY, token);
    return token;
  }

  async signIn(): Promise<void> {
    const url = this.configuredUrl();
    if (!url) {
      const choice = await vscode.window.showInformationMessage(
        'Catalog Code is using the local catalog, which needs no sign-in. To sign in to a DataHub, set catalogCode.service.url first.',
        'Open Settings',
      );
      if (choice) await vscode.commands.executeCommand('workbench.action.openSettings', 'catalogCode.service.url');
      return;
    }
    const token = await vscode.window.showInputBox({
      title: 'Catalog Code: Sign In',
      prompt: `Access token for ${url} (DataHub: Settings → Access Tokens). It is kept in VS Code's secret storage.`,
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() ? undefined : 'Enter the token, or press Escape to cancel.'),
    });
    if (!token) return;
    if (isInsecureRemote(url) && !(await this.confirmInsecure(url))) return;
    await this.context.secrets.store(REMOTE_TOKEN_KEY, token.trim());
    this.report({ type: 'signedIn' });
    void vscode.window.showInformationMessage(`Catalog Code: signed in to ${url}.`);
  }

  async signOut(): Promise<void> {
    await this.context.secrets.delete(REMOTE_TOKEN_KEY);
    if (this.connection && this.currentTarget()?.kind === 'remote') this.connection = { ...this.connection, token: null };
    this.report({ type: 'signedOut' });
    void vscode.window.showInformationMessage('Catalog Code: signed out; the token was deleted from secret storage.');
  }

  private async confirmInsecure(url: string): Promise<boolean> {
    const send = 'Send Token Anyway';
    const choice = await vscode.window.showWarningMessage(
      `${url} uses plain http to another machine: the token would travel unencrypted. Use https if the service offers it.`,
      { modal: true },
      send,
    );
    return choice === send;
  }

  dispose(): void {
    void this.stopLocal();
    for (const d of this.disposables) d.dispose();
  }
}
