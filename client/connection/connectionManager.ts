import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { CONNECTION_FILE_NAME, LOCAL_CATALOG_FOLDER } from '../../core/api/localCatalogToken';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { currentSettings } from '../settings';
import { describeConnection, isInsecureRemote, nextConnectionState, type ConnectionEvent, type ConnectionState } from './connectionState';
import { LocalCatalogStartError, startLocalCatalog, type RunningLocalCatalog } from './localCatalog';
import { originOf, type ServiceUrl } from './tokenBinding';
import { TokenBroker } from './tokenBroker';
import { readServiceUrl, vscodeTokenPorts } from './tokenPorts';
import { terminalVariablesFor, type TerminalVariables } from './terminalVariables';
import { autoStartVerdict, localCatalogPlace } from './localCatalogPlace';

/** Whether the workspace holds metadata files, as the language server tells it (../claimedFiles.ts). */
export interface WorkspaceMetadata {
  readonly hasMetadata: boolean;
  /** the language server has told the claimed files once (its first scan is read) */
  readonly known: boolean;
  readonly onDidChange: vscode.Event<void>;
}

const LOCAL_TOKEN_KEY = 'catalogCode.localCatalogToken';

export interface Connection {
  url: string;
  token: string | null;
}

/**
 * Decides where the extension talks to: the URL in `catalogCode.service.url`, or — when it is
 * empty — a local catalog it starts itself, on its own only in a trusted workspace that holds
 * metadata files, with its data in the extension's storage for the workspace (or `.catalog/`,
 * ./localCatalogPlace.ts). The token lives
 * only in SecretStorage (one entry per origin, `TokenBroker`) and in memory, and a connection's
 * token is always the one of its own URL's origin.
 */
export class ConnectionManager implements vscode.Disposable {
  private state: ConnectionState = { status: 'idle' };
  private local: RunningLocalCatalog | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private connection: Connection | undefined;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private readonly tokens: TokenBroker;
  /** bumped by every connect(), so an older one that waited (for a question, say) does not win */
  private generation = 0;
  /** One start at a time: the first claimed file and the start-up's connect() may both ask. */
  private starting: Promise<Connection | undefined> | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly metadata: WorkspaceMetadata,
  ) {
    this.tokens = new TokenBroker(vscodeTokenPorts(context, log));
    this.disposables.push(
      // The first metadata file the language server claims may start the local catalog (and its first answer says why not).
      metadata.onDidChange(() => {
        if (!this.connection && !this.local && this.state.status === 'idle') void this.connect();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('catalogCode.service.url')) void this.connect();
        // Turning auto-start on while nothing is connected starts the local catalog now, not at the next reload.
        else if (event.affectsConfiguration('catalogCode.localCatalog.autoStart') && !this.connection) void this.connect();
        // Another data location takes effect at the next start; a running catalog keeps its data where it is.
        else if (event.affectsConfiguration('catalogCode.localCatalog.dataLocation') && this.local) {
          void vscode.window.showInformationMessage(vscode.l10n.t('Catalog Code: the local catalog keeps its data in {0} until it restarts (Stop, then Start Local Catalog).', this.dataDir() ?? ''));
        }
      }),
      context.secrets.onDidChange((event) => {
        const url = readServiceUrl().url;
        if (url && this.tokens.concerns(event.key, url)) void this.connect();
      }),
      // Restricted Mode sent no token and started no local catalog; now that the workspace is trusted, connect.
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.connect()),
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

  /** What the integrated terminals get so the CLI reaches this same catalog (never the token). */
  terminalVariables(): TerminalVariables | undefined {
    return terminalVariablesFor(this.state, { fromWorkspace: readServiceUrl().fromWorkspace, tokenSent: Boolean(this.connection?.token) });
  }

  report(event: ConnectionEvent): void {
    this.state = nextConnectionState(this.state, event);
    this.changed.fire();
  }

  private currentTarget() {
    return this.state.status === 'connected' ? this.state.target : undefined;
  }

  /** Reads the settings and (re)connects; starts the local catalog when no URL is set. */
  async connect(): Promise<Connection | undefined> {
    const generation = ++this.generation;
    const service = readServiceUrl();
    if (service.url) return this.connectRemote(service, generation);
    if (this.local) return this.startLocal();
    const verdict = autoStartVerdict({
      autoStart: currentSettings().localCatalogAutoStart,
      trusted: vscode.workspace.isTrusted,
      hasMetadata: this.metadata.hasMetadata,
      hadLocalCatalog: this.hadLocalCatalog(),
    });
    // Until the language server has read the workspace, "no metadata" is not known yet: wait for its answer.
    if (!verdict.start && verdict.reason === 'noMetadata' && !this.metadata.known) {
      this.connection = undefined;
      this.report({ type: 'waitingForWorkspace' });
      return undefined;
    }
    if (!verdict.start) {
      this.connection = undefined;
      const told = this.state.status === 'idle' && this.state.notStarted === verdict.reason;
      this.report({ type: 'localNotStarted', reason: verdict.reason });
      if (!told) this.log.info(this.describe());
      return undefined;
    }
    return this.startLocal();
  }

  /** The workspace folder has a `.catalog/` of its own (it used the local catalog before). */
  private hadLocalCatalog(): boolean {
    const folder = vscode.workspace.workspaceFolders?.[0];
    return folder !== undefined && folder.uri.scheme === 'file' && existsSync(path.join(folder.uri.fsPath, LOCAL_CATALOG_FOLDER));
  }

  /**
   * Nothing reaches the service before the token question (if any) is answered: meanwhile the
   * connection is cleared, so the language server and commands work offline.
   */
  private async connectRemote(service: ServiceUrl, generation: number): Promise<Connection | undefined> {
    const { url } = service;
    await this.stopLocal();
    const outcome = await this.tokens.tokenFor(service, () => {
      if (generation !== this.generation) return;
      this.connection = undefined;
      this.report({ type: 'askingForToken', url });
    });
    if (generation !== this.generation) return this.connection;
    let token = outcome.token;
    if (token && isInsecureRemote(url) && !(await this.confirmInsecure(url))) token = null;
    if (generation !== this.generation) return this.connection;
    this.connection = { url, token };
    const withheld = outcome.token === null ? outcome.withheld : undefined;
    if (withheld && withheld !== 'notSignedIn') this.log.info(`Connecting to ${url} without a token (${withheld}).`);
    this.report({ type: 'remoteConfigured', url, signedIn: token !== null, ...(withheld ? { withheld } : {}) });
    return this.connection;
  }

  private dataDir(): string | undefined {
    const folder = vscode.workspace.workspaceFolders?.[0];
    return localCatalogPlace({
      ...(folder?.uri.scheme === 'file' ? { folder: folder.uri.fsPath } : {}),
      ...(this.context.storageUri ? { workspaceStorage: this.context.storageUri.fsPath } : {}),
      ...(this.context.globalStorageUri ? { globalStorage: this.context.globalStorageUri.fsPath } : {}),
      location: currentSettings().localCatalogDataLocation,
    })?.dataDir;
  }

  async startLocal(seeds: readonly string[] = []): Promise<Connection | undefined> {
    if (this.local && seeds.length === 0) return this.connection;
    if (this.starting) {
      await this.starting;
      if (seeds.length === 0) return this.connection;
    }
    this.starting = this.startLocalNow(seeds);
    try {
      return await this.starting;
    } finally {
      this.starting = undefined;
    }
  }

  private async startLocalNow(seeds: readonly string[]): Promise<Connection | undefined> {
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
    const service = readServiceUrl();
    const origin = originOf(service.url);
    if (!service.url) {
      const tokenFile = path.join(this.dataDir() ?? LOCAL_CATALOG_FOLDER, CONNECTION_FILE_NAME);
      const choice = await vscode.window.showInformationMessage(
        vscode.l10n.t("Catalog Code is using the local catalog, which needs no sign-in: the editor passes it its token, and catalog-code in this window's terminals reads it from the catalog's token file ({0}). To sign in to a DataHub, set catalogCode.service.url first.", tokenFile),
        vscode.l10n.t('Open Settings'),
      );
      if (choice) await vscode.commands.executeCommand('workbench.action.openSettings', 'catalogCode.service.url');
      return;
    }
    if (!origin) {
      void vscode.window.showErrorMessage(`Catalog Code: catalogCode.service.url (${service.url}) is not an http or https URL, so there is nothing to sign in to. Fix the setting, then sign in.`);
      return;
    }
    const where = service.fromWorkspace ? ' (set by this workspace\'s settings)' : '';
    const token = await vscode.window.showInputBox({
      title: 'Catalog Code: Sign In',
      prompt: `Access token for ${origin}${where} (DataHub: Settings → Access Tokens). It is kept in VS Code's secret storage for ${origin} only.`,
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() ? undefined : 'Enter the token, or press Escape to cancel.'),
    });
    if (!token) return;
    if (isInsecureRemote(service.url) && !(await this.confirmInsecure(service.url))) return;
    await this.tokens.signIn(service, token.trim());
    await this.connect();
    const untrusted = vscode.workspace.isTrusted ? '' : ' It is not sent while this workspace is not trusted (Restricted Mode).';
    void vscode.window.showInformationMessage(`Catalog Code: signed in to ${origin}.${untrusted}`);
  }

  async signOut(): Promise<void> {
    const origin = originOf(readServiceUrl().url);
    if (!origin) {
      void vscode.window.showInformationMessage('Catalog Code: catalogCode.service.url names no catalog service, so there is no token to sign out of. Tokens for other addresses are kept; set the URL of the one to sign out of first.');
      return;
    }
    await this.tokens.signOut(origin);
    if (this.connection && this.currentTarget()?.kind === 'remote') this.connection = { ...this.connection, token: null };
    this.report({ type: 'signedOut' });
    void vscode.window.showInformationMessage(`Catalog Code: signed out of ${origin}; its token was deleted from secret storage. Tokens for other addresses are kept.`);
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
