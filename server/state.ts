import type { Connection } from 'vscode-languageserver/node';
import type { ServiceConnection } from '../core/api';
import type { Associations } from '../core/formats';
import { UNKNOWN_EXISTENCE, type DefinitionsView, type EntityExistenceView } from '../core/definitions/types';
import { StatusNotification, type CatalogInitializationOptions, type StatusParams } from '../core/protocol';
import { detectServiceTarget } from '../core/api/serviceTarget';
import { parseSeverityOverrides, type SeverityOverrides } from '../core/diagnostics/severityOverrides';
import type { ServiceTarget } from '../core/rules/target';
import { EntityExistence } from './entityExistence';
import { EntitySuggestions } from './entitySuggestions';
import { LiveDefinitions } from './liveDefinitions';
import { describeStatus } from './status';
import { WorkspaceIndex } from './workspaceIndex';

const DEFAULT_REFRESH_SECONDS = 300;
const FORMAT_IDS: readonly string[] = ['propertyDefinitions', 'datasetYaml', 'lineageFile', 'mcpJson', 'lineageEdges', 'none'];

/** The setting as the client sent it, keeping only entries that name a known format. */
export function associationsFrom(raw: Record<string, string> | undefined): Associations {
  const out: Associations = {};
  for (const [glob, format] of Object.entries(raw ?? {})) if (FORMAT_IDS.includes(format)) out[glob] = format as Associations[string];
  return out;
}
const STALE_DEBOUNCE_MS = 100;

/** The `catalogCode` settings section, as far as the server reads it. */
export interface CatalogSettings {
  formats?: { associations?: Record<string, string> };
  definitions?: { refreshIntervalSeconds?: number };
  /** `catalogCode.diagnostics.severity`: code → error/warning/information/hint/off */
  diagnostics?: { severity?: unknown };
}

/**
 * Everything the server knows besides the open documents: the workspace index, the service
 * connection and what came from it. It decides when diagnostics are stale and reports status.
 */
export class ServerState {
  readonly index: WorkspaceIndex;
  /** rebuilt by configure() once the storage path is known */
  live: LiveDefinitions;
  readonly existence: EntityExistence;
  readonly suggestions: EntitySuggestions;
  private told = false;
  private options: CatalogInitializationOptions = {};
  private staleListeners: (() => void)[] = [];
  private staleTimer: NodeJS.Timeout | undefined;
  private lastStatus = '';
  /** the kind of service connected to; decides rules whose authority is the local catalog */
  target: ServiceTarget = 'offline';
  /** the user's levels per code (`catalogCode.diagnostics.severity`) */
  severity: SeverityOverrides = {};
  private targetProbe = 0;

  constructor(private readonly connection: Connection) {
    const log = (message: string) => this.log(message);
    this.index = new WorkspaceIndex(() => {
      this.markStale();
      this.sendStatus();
    });
    this.live = new LiveDefinitions(undefined, { onDefinitionsChanged: () => this.markStale(), onStatusChanged: () => this.sendStatus(), log });
    this.existence = new EntityExistence(() => this.markStale(), log);
    this.suggestions = new EntitySuggestions(log);
  }

  configure(options: CatalogInitializationOptions): void {
    this.options = options;
    if (options.associations) this.index.associations = associationsFrom(options.associations);
    if (options.severity) this.applySettings({ diagnostics: { severity: options.severity } });
    // The storage path is only known now, so the definitions store is rebuilt with it.
    this.live = new LiveDefinitions(options.storagePath, {
      onDefinitionsChanged: () => this.markStale(),
      onStatusChanged: () => this.sendStatus(),
      log: (message) => this.log(message),
    });
  }

  /** Changed settings: re-read every file under the new associations, restart the refresh timer. */
  applySettings(settings: CatalogSettings): void {
    const associations = settings.formats?.associations;
    if (associations && JSON.stringify(associationsFrom(associations)) !== JSON.stringify(this.index.associations)) {
      this.index.associations = associationsFrom(associations);
      this.index.reparseAll();
      this.markStale();
    }
    if (settings.diagnostics && 'severity' in settings.diagnostics) {
      const parsed = parseSeverityOverrides(settings.diagnostics.severity, 'catalogCode.diagnostics.severity');
      parsed.problems.forEach((problem) => this.log(problem));
      if (JSON.stringify(parsed.overrides) !== JSON.stringify(this.severity)) {
        this.severity = parsed.overrides;
        this.markStale();
      }
    }
    const seconds = settings.definitions?.refreshIntervalSeconds;
    if (typeof seconds === 'number' && seconds !== this.options.refreshIntervalSeconds) {
      this.options = { ...this.options, refreshIntervalSeconds: seconds };
      this.live.startTimer(seconds);
    }
  }

  /** Without a `catalogCode/setConnection` from the client, CATALOG_SERVICE_URL / CATALOG_TOKEN decide. */
  startFromEnvironmentUnlessTold(): void {
    this.live.startTimer(this.options.refreshIntervalSeconds ?? DEFAULT_REFRESH_SECONDS);
    if (this.told) return;
    const url = process.env.CATALOG_SERVICE_URL?.trim();
    if (url) this.applyConnection({ url, token: process.env.CATALOG_TOKEN ?? null }, 'the CATALOG_SERVICE_URL environment variable');
    else this.sendStatus();
  }

  setConnection(connection: ServiceConnection | undefined): void {
    this.told = true;
    this.applyConnection(connection, 'the editor');
  }

  private applyConnection(connection: ServiceConnection | undefined, from: string): void {
    this.existence.setConnection(connection);
    this.suggestions.setConnection(connection);
    this.log(connection ? `Using the catalog service at ${connection.url} (set by ${from}).` : 'No catalog service: working offline on the definitions in the workspace.');
    void this.live.setConnection(connection);
    void this.detectTarget(connection);
    this.markStale();
  }

  /** Asks the service what it is (local catalog or DataHub); only the latest connection's answer counts. */
  private async detectTarget(connection: ServiceConnection | undefined): Promise<void> {
    const probe = ++this.targetProbe;
    const target = await detectServiceTarget(connection);
    if (probe !== this.targetProbe || target === this.target) return;
    this.target = target;
    this.log(`Judging files for ${target === 'localCatalog' ? 'the local catalog' : target === 'datahub' ? 'DataHub' : 'no service (offline)'}.`);
    this.markStale();
  }

  definitionsView(): DefinitionsView {
    return { service: this.live.definitions, workspace: this.index.definitions(), serviceAvailable: this.live.source !== 'none' };
  }

  /** Existence is only asked of a service that answered; otherwise rules stay quiet. */
  existenceView(): EntityExistenceView {
    return this.live.state === 'connected' ? this.existence : UNKNOWN_EXISTENCE;
  }

  onDiagnosticsStale(listener: () => void): void {
    this.staleListeners.push(listener);
  }

  /** Coalesces bursts (a workspace scan, a batch of answers) into one diagnostics refresh. */
  markStale(): void {
    if (this.staleTimer) return;
    this.staleTimer = setTimeout(() => {
      this.staleTimer = undefined;
      for (const listener of this.staleListeners) listener();
    }, STALE_DEBOUNCE_MS);
  }

  statusParams(): StatusParams {
    return describeStatus({
      state: this.live.state,
      url: this.live.url,
      source: this.live.source,
      serviceCount: this.live.definitions.size,
      workspaceCount: this.index.definitions().size,
      fetchedAt: this.live.fetchedAt,
      refreshing: this.live.refreshing,
      lastError: this.live.lastError,
      now: Date.now(),
    });
  }

  sendStatus(): void {
    const status = this.statusParams();
    const key = JSON.stringify(status);
    if (key === this.lastStatus) return;
    this.lastStatus = key;
    void this.connection.sendNotification(StatusNotification.method, status);
  }

  log(message: string): void {
    this.connection.console.log(message);
  }

  dispose(): void {
    this.live.stopTimer();
    clearTimeout(this.staleTimer);
  }
}
