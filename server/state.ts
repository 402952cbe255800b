import { WorkerScanReader, scanWorkerPlan } from './workerScanReader';
import { MessageType, ShowMessageNotification, type Connection } from 'vscode-languageserver/node';
import type { ServiceConnection } from '../core/api/http';
import { CatalogAssignmentValues } from './catalogValues';
import { timeoutFromEnvironment } from '../core/api/http';
import { UNKNOWN_EXISTENCE, type EntityExistenceView } from '../core/definitions/types';
import { StatusNotification, type CatalogInitializationOptions, type StatusParams } from '../core/protocol';
import { localCatalogToken } from '../core/api/localCatalogToken';
import { DataHubVersionChoice } from './datahubVersion';
import type { ServiceTarget } from '../core/rules/target';
import { WorkspaceSession, type CatalogKnowledge } from '../core/workspace/session';
import { defaultSettings, type CatalogCodeSettings } from '../core/settings/catalogSettings';
import { homedir } from 'node:os';
import type { ClientSupport } from './clientSupport';
import { catalogUiFor, catalogUiLink, openInDataHubCommandLink, type CatalogUi } from '../core/links/catalogUi';
import { serviceLineageFetcher } from '../core/lineage/serviceFetcher';
import type { LineageFetcher } from '../core/lineage/types';
import { PendingState } from '../core/pending/pendingState';
import type { SqlProposal } from '../core/pending/marks';
import { CatalogReads } from './catalogReads';
import { CatalogSqlSchemas } from '../core/api/sqlCatalogSchemas';
import { defaultStoragePath } from './storagePath';
import { ScanRecords } from './scanRecords';
import { ClientPositions } from './convert';
import { EntityExistence } from './entityExistence';
import { EntitySuggestions } from './entitySuggestions';
import { LiveDefinitions } from './liveDefinitions';
import { OpenDocuments } from './openDocuments';
import { describeStatus } from './status';
import { WorkspaceLimit } from './workspaceLimit';
import { ServiceTargetProbe } from './serviceTargetProbe';
import { StaleSignal } from './staleSignal';
import { describeRestDifference, REST_MS } from '../core/workspace/restCheck';
import { SqlLineageWorker } from './sqlLineageRequests';
import { SqlDefinedLineage } from './sqlDefinedLineage';
import { WorkspaceSqlSchemas } from './workspaceSqlSchemas';


/**
 * Everything the server knows: the workspace session (core/), the open documents that feed it
 * (server/openDocuments.ts), the catalog service it talks to and what came from it. It decides when diagnostics are stale
 * and reports status. `lsp` is the connection to the editor; `service` words are about the catalog.
 */
export class ServerState {
  readonly session: WorkspaceSession;
  /** the limit of workspace files, and telling the user when a scan stops at it (server/workspaceLimit.ts) */
  readonly workspaceLimit: WorkspaceLimit;
  /** the editor's open documents: the only way into the session for them (server/openDocuments.ts) */
  readonly documents: OpenDocuments;
  /** what the session's checks read from the catalog (server/diagnosticDependencies.ts judges changes by it) */
  readonly catalogReads = new CatalogReads();
  /** how the client counts positions: every position in or out goes through it (server/convert.ts) */
  readonly positions = new ClientPositions();
  /** what the editor can do, once `initialize` told it */
  support: ClientSupport | undefined;
  /** rebuilt by configure() once the storage path is known */
  live: LiveDefinitions;
  readonly existence: EntityExistence;
  readonly suggestions: EntitySuggestions;
  /**
   * The catalog as the workspace's files will make it (core/pending): what existence checks read
   * and what the lineage requests answer. Kept current as the session's documents change.
   */
  readonly pending: PendingState;
  /** the SQL parser's worker thread, started on the first SQL lineage asked for (server/sqlLineageRequests.ts) */
  readonly sqlWorker = new SqlLineageWorker();
  /** the columns the workspace gives datasets, for SQL lineage */
  readonly sqlSchemas: WorkspaceSqlSchemas;
  /** the column lineage the SQL defining each dataset implies, for lineage.sqlDisagrees (server/sqlDefinedLineage.ts) */
  readonly sqlLineage: SqlDefinedLineage;
  private catalogLineage: { service: ServiceConnection; fetcher: LineageFetcher } | undefined;
  private currentSettings: Readonly<CatalogCodeSettings> = Object.freeze(defaultSettings());
  /** the client registers the extension's commands (VS Code): links then run Open in DataHub (core/links/catalogUi.ts) */
  clientRegistersCommands = false;
  /** the catalog's structured-property values, for the marks on assignments (read in the background) */
  /** the columns the catalog gives the tables SQL reads (catalogCode/sqlLineage), kept until the catalog changes */
  readonly catalogSqlSchemas = new CatalogSqlSchemas();
  readonly catalogValues = new CatalogAssignmentValues(() => this.refreshInlayHints(), (message) => this.log(message));
  private told = false;
  /** diagnostics may be stale: one signal per burst (./staleSignal.ts) */
  private readonly stale = new StaleSignal();
  private lastStatus = '';
  /** the kind of service connected to; decides rules whose authority is the local catalog */
  private readonly targetProbe = new ServiceTargetProbe((target) => {
    this.log(`Judging files for ${target === 'localCatalog' ? 'the local catalog' : target === 'datahub' ? 'DataHub' : 'no service (offline)'}.`);
    this.sendStatus();
    this.markStale();
  });
  private currentService: ServiceConnection | undefined;
  /** the DataHub version checks judge by: the setting, else what the service reports */
  readonly datahubVersion = new DataHubVersionChoice(() => this.markStale(), (message) => this.log(message));

  /** the restart cache of closed files' records (./scanRecords.ts), in the storage path `configure` is given */
  private readonly scanRecords = new ScanRecords((message) => this.log(message));

  constructor(private readonly lsp: Connection) {
    const log = (message: string) => this.log(message);
    this.workspaceLimit = new WorkspaceLimit(lsp, { log, warn: (message) => this.warn(message), statusChanged: () => this.sendStatus() });
    const onScanLimit = this.workspaceLimit.scanned.bind(this.workspaceLimit);
    this.session = new WorkspaceSession({ catalog: () => this.catalogReads.observe(this.knowledge()), onSkipped: log, onScanLimit, records: this.scanRecords, scanReader: (files) => new WorkerScanReader(log, scanWorkerPlan(files)), onRestDifference: (difference) => this.log(describeRestDifference(difference)), restMs: restCheckMs(process.env.CATALOG_INCREMENTAL_CHECK) });
    this.documents = new OpenDocuments(this.session, () => this.sendStatus(), this.positions);
    this.session.onDefinitionsStale(() => {
      this.markStale();
      this.sendStatus();
    });
    this.live = this.newLiveDefinitions(undefined);
    this.existence = new EntityExistence(() => this.markStale(), log);
    this.suggestions = new EntitySuggestions(log);
    this.pending = new PendingState(this.session, { catalog: () => this.connectedLineage(), log, proposed: (urn) => this.sqlProposal(urn) });
    this.sqlSchemas = new WorkspaceSqlSchemas(this.session);
    this.sqlLineage = new SqlDefinedLineage({
      session: this.session,
      folders: () => this.support?.folders ?? [],
      settings: () => this.currentSettings,
      run: (request) => this.sqlWorker.run(request),
      schemas: (platform) => this.sqlSchemas.of(platform),
      onAnswers: () => this.markStale(),
      log,
    });
    // A file that creates entities changed: checks that asked about them are judged again.
    this.pending.entities.onMayHaveChanged(() => this.markStale());
  }

  /** The column edges the SQL defining a dataset implies, for the lineage views to show as proposed. */
  private async sqlProposal(datasetUrn: string): Promise<SqlProposal | undefined> {
    const implied = await this.sqlLineage.impliedWhenRead(datasetUrn);
    if (!implied) return undefined;
    return { source: implied.sourceUri, edges: implied.entry.fineGrainedLineages.map((edge) => ({ upstreams: edge.upstreams, downstreams: edge.downstreams, upstreamType: edge.upstreamType, downstreamType: edge.downstreamType })) };
  }

  /** The catalog's lineage while a service answers; undefined otherwise (the pending state then shows the files alone, without waiting on a timeout). */
  private connectedLineage(): LineageFetcher | undefined {
    const service = this.connectedService();
    if (!service) return undefined;
    if (this.catalogLineage?.service !== service) this.catalogLineage = { service, fetcher: serviceLineageFetcher(service) };
    return this.catalogLineage.fetcher;
  }

  /**
   * The catalog was written (a push finished) or the user asked for fresh answers: what was read
   * from it — which entities exist, lineage — is asked again, and checks that read it re-run.
   */
  catalogChanged(urns?: readonly string[]): void {
    this.existence.forget(urns);
    this.pending.forgetCatalog();
    this.catalogValues.forget();
    this.catalogSqlSchemas.forget();
    this.markStale();
  }

  configure(options: CatalogInitializationOptions): void {
    // The storage path is only known now, so the definitions store is rebuilt with it. Most
    // editors send none (eglot sends no initializationOptions): then the user's cache folder.
    const storagePath = typeof options.storagePath === 'string' && options.storagePath.trim() ? options.storagePath : defaultStoragePath(process.env, process.platform, homedir());
    if (storagePath !== options.storagePath) this.log(`No storagePath from the editor: the definitions cache is kept in ${storagePath}.`);
    this.live = this.newLiveDefinitions(storagePath);
    this.scanRecords.setStoragePath(storagePath);
    this.clientRegistersCommands = options.clientRegistersCommands === true;
  }

  private newLiveDefinitions(storagePath: string | undefined): LiveDefinitions {
    return new LiveDefinitions(storagePath, { onDefinitionsChanged: () => this.markStale(), onStatusChanged: () => this.statusChanged(), log: (message) => this.log(message) });
  }

  /** Every `catalogCode.*` setting as last read: one frozen object, replaced whole (server/settings.ts), never changed in place. */
  get settings(): Readonly<CatalogCodeSettings> {
    return this.currentSettings;
  }

  /** The settings replaced by `next` (frozen here); a changed refresh interval restarts the refresh timer. Answers the settings before. */
  replaceSettings(next: CatalogCodeSettings): Readonly<CatalogCodeSettings> {
    const before = this.currentSettings;
    this.currentSettings = Object.freeze({ ...next });
    if (next.refreshIntervalSeconds !== before.refreshIntervalSeconds) this.live.startTimer(next.refreshIntervalSeconds);
    return before;
  }

  /** Without a `catalogCode/setConnection` from the client, CATALOG_SERVICE_URL / CATALOG_TOKEN decide. */
  startFromEnvironmentUnlessTold(): void {
    this.live.startTimer(this.currentSettings.refreshIntervalSeconds);
    if (this.told) return;
    const url = process.env.CATALOG_SERVICE_URL?.trim();
    const timeoutMs = timeoutFromEnvironment(process.env);
    if (typeof timeoutMs === 'object') this.log(`${timeoutMs.problem} The default of 10 s applies.`);
    const timeout = typeof timeoutMs === 'number' ? { timeoutMs } : {};
    if (url) this.useService({ url, token: process.env.CATALOG_TOKEN ?? this.localCatalogToken(url), ...timeout }, 'the CATALOG_SERVICE_URL environment variable');
    else this.sendStatus();
  }

  /** For a URL on this machine, the token of the local catalog's token file bound to it, as the CLI reads it (core/api/localCatalogToken.ts). */
  private localCatalogToken(url: string): string | null {
    const found = localCatalogToken(url);
    if (found.kind === 'refused') this.log(`Not using the token file ${found.file}: ${found.problem}.`);
    if (found.kind !== 'found') return null;
    this.log(`Using the token of the local catalog's token file ${found.file}.`);
    return found.token;
  }

  setService(service: ServiceConnection | undefined): void {
    this.told = true;
    this.useService(service, 'the editor');
  }

  /** The catalog service the server talks to (set by the editor or the environment); undefined offline. */
  get service(): ServiceConnection | undefined {
    return this.currentService;
  }

  private useService(service: ServiceConnection | undefined, from: string): void {
    this.currentService = service;
    this.existence.setConnection(service);
    this.suggestions.setConnection(service);
    this.pending.forgetCatalog();
    this.catalogValues.forget();
    this.log(service ? `Using the catalog service at ${service.url} (set by ${from}).` : 'No catalog service: working offline on the definitions in the workspace.');
    void this.live.setConnection(service);
    void this.targetProbe.detect(service);
    void this.datahubVersion.setService(service);
    this.markStale();
  }

  /** the kind of service the files are judged for (./serviceTargetProbe.ts) */
  get target(): ServiceTarget {
    return this.targetProbe.target;
  }

  private statusChanged(): void {
    this.sendStatus();
    this.targetProbe.definitionsRefreshed(this.currentService);
  }

  /** Where DataHub's web UI is for links (the setting, else derived from the service), or why there is none. */
  catalogUi(): CatalogUi {
    return catalogUiFor(this.currentSettings.uiUrl, this.currentService?.url, this.target);
  }

  /** The link to a URN's UI page (a `command:` link for a client with Open in DataHub); undefined without a UI address. */
  catalogLinkOf(): ((urn: string) => string | undefined) | undefined {
    const ui = this.catalogUi().url;
    if (!ui) return undefined;
    return (urn) => {
      const url = catalogUiLink(ui, urn);
      return url && this.clientRegistersCommands ? openInDataHubCommandLink(urn) : url;
    };
  }

  /** What the catalog knows now: the service's definitions, which entities exist, the kind of service. */
  knowledge(): CatalogKnowledge {
    return { serviceDefinitions: this.live.source !== 'none' ? this.live.definitions : undefined, entities: this.existenceView(), target: this.target, datahub: this.datahubVersion.profile(), sql: this.sqlLineage };
  }

  /**
   * Existence in the pending state (core/pending/existence.ts): an entity a file of the workspace
   * creates exists; otherwise the catalog's answer, only asked of a service that answered (else
   * unknown, and rules stay quiet).
   */
  existenceView(): EntityExistenceView {
    return this.pending.entities.view(this.connectedExistence() ?? UNKNOWN_EXISTENCE);
  }

  /** The existence lookups, only while a service answers; undefined otherwise. */
  connectedExistence(): EntityExistence | undefined {
    return this.connectedService() ? this.existence : undefined;
  }

  /** The service, while it answers (the one place that rule is written); undefined otherwise. */
  connectedService(): ServiceConnection | undefined {
    return this.live.state === 'connected' ? this.currentService : undefined;
  }

  /** Asks the editor to ask for inlay hints again (what they show changed), where it can be asked. */
  refreshInlayHints(): void {
    if (this.support?.inlayHintRefresh) void this.lsp.languages.inlayHint.refresh();
  }

  onDiagnosticsStale(listener: () => void): void {
    this.stale.listen(listener);
  }

  /** Coalesces a burst (a workspace scan, a batch of answers) into one diagnostics refresh, without a fixed wait. */
  markStale(): void {
    this.stale.mark();
  }

  statusParams(): StatusParams {
    return describeStatus({
      state: this.live.state,
      url: this.live.url,
      source: this.live.source,
      serviceCount: this.live.definitions.size,
      workspaceCount: this.session.definitions().size,
      fetchedAt: this.live.fetchedAt,
      refreshing: this.live.refreshing,
      lastError: this.live.lastError,
      now: Date.now(),
      coverage: this.documents.coverage(),
      target: this.target,
      scanLimit: this.workspaceLimit.current(),
    });
  }

  sendStatus(): void {
    const status = this.statusParams();
    const key = JSON.stringify(status);
    if (key === this.lastStatus) return;
    // Editors without the custom notification see the same line in their LSP log.
    if (JSON.parse(this.lastStatus || '{}').message !== status.message) this.log(status.message);
    this.lastStatus = key;
    // Only to a client that asked: any other would warn about an unknown notification each time.
    if (this.support?.statusNotifications) void this.lsp.sendNotification(StatusNotification.type, status);
  }

  log(message: string): void {
    this.lsp.console.log(message);
  }

  /** A message the user must act on, in words for any editor. */
  warn(message: string): void {
    this.lsp.console.warn(message);
    // A notification, not window/showMessageRequest: there is nothing to choose, and a client without
    // that request (YouCompleteMe answers MethodNotFound) must not turn a warning into a rejection.
    void this.lsp.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
  }

  dispose(): void {
    this.live.stopTimer();
    // The records of the last scan, if not written yet: the next start begins from them.
    this.scanRecords.flush();
    this.sqlWorker.dispose();
  }
}

/**
 * How long an edited document rests before its analysis is compared with a fresh read
 * (core/workspace/restCheck.ts): `CATALOG_INCREMENTAL_CHECK=off` never, `strict` (the tests) soon
 * after each pause, so a difference shows in the test's server log; otherwise REST_MS.
 */
function restCheckMs(setting: string | undefined): number {
  if (setting === 'off') return -1;
  return setting === 'strict' ? 50 : REST_MS;
}
