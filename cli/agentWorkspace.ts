import { realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AgentContext, AgentSnapshot } from '../core/agent/toolTypes';
import type { ServiceConnection } from '../core/api/http';
import { failed, succeeded, type Result } from '../core/common/result';
import { resolveProfile } from '../core/datahub/versions';
import { UNKNOWN_EXISTENCE } from '../core/definitions/types';
import { serviceLineageFetcher } from '../core/lineage/serviceFetcher';
import { PendingState } from '../core/pending/pendingState';
import { walkMetadataFiles } from '../core/workspace/metadataFiles';
import { WorkspaceSession, type CatalogKnowledge } from '../core/workspace/session';
import { ASSOCIATIONS_VARIABLE, loadCliSettings } from './settings';
import type { CliIo } from './io';
import { askService } from './validate/validateService';

/** What `catalog-code mcp` was started with. */
export interface AgentWorkspaceOptions {
  /** the workspace folders (real paths) */
  folders: readonly string[];
  service: ServiceConnection | undefined;
  allowPush: boolean;
  /** `--settings FILE` (or none): the catalogCode settings, else the first folder's .vscode/settings.json */
  settingsFile?: string;
}

/** The folders given (default: the current one), each an existing folder, as real paths. */
export function workspaceFolders(given: readonly string[]): Result<string[]> {
  const folders: string[] = [];
  for (const folder of given.length > 0 ? given : ['.']) {
    try {
      const real = realpathSync(resolve(folder));
      if (!statSync(real).isDirectory()) return failed(`--workspace ${folder} is not a folder.`);
      folders.push(real);
    } catch {
      return failed(`--workspace ${folder}: no such folder.`);
    }
  }
  return succeeded(folders);
}

/** The server's workspace: the session the files were read into, kept across calls, and what each file was when read. */
interface Kept {
  session: WorkspaceSession;
  pending: PendingState;
  datahubVersion: string;
  knowledge: CatalogKnowledge;
  /** file → its modification time and size when read */
  stamps: Map<string, string>;
  settings: string;
}

/**
 * The workspace of `catalog-code mcp`: read as the language server reads it (the same session and
 * scan) under the settings `catalog-code validate` applies (cli/settings.ts) on the first call, then at each call brought up to
 * date with the files on disk — files added, changed (modification time or size) or removed are
 * read again or dropped; a change of the settings reads everything again — so an agent's edits
 * since the last call are always seen, and an unchanged workspace is not read twice.
 */
export class AgentWorkspace {
  private kept: Kept | undefined;
  /** refreshes run one after the other (a call may come while another reads the workspace) */
  private refreshing: Promise<unknown> = Promise.resolve();
  private readonly io: CliIo;

  constructor(
    private readonly options: AgentWorkspaceOptions,
    log: (line: string) => void,
  ) {
    this.io = { stdout: log, stderr: log, version: 'mcp' };
  }

  /** The context of one tool call: the workspace brought up to date once, when a tool first asks. */
  contextForCall(signal?: AbortSignal): AgentContext {
    let current: Promise<Kept> | undefined;
    const read = (): Promise<Kept> => (current ??= this.refresh());
    return {
      folders: this.options.folders,
      service: this.options.service,
      allowPush: this.options.allowPush,
      ...(signal ? { signal } : {}),
      // Loaded on the first call only (the parser's WebAssembly is ~0.2 s and tens of MB): a server that never proposes lineage never pays it.
      sqlLineage: async (request) => (await import('../core/sql/sqlLineage.js')).deriveSqlLineage(request),
      snapshot: async (): Promise<AgentSnapshot> => read(),
      judgeAgainstCatalog: async () => this.judge(await read()),
    };
  }

  /** The diagnostics judged as `validate --service` judges them: the catalog's live definitions, existence, kind and DataHub version. */
  private async judge(kept: Kept): Promise<void> {
    const service = this.options.service;
    if (!service) return;
    const models = kept.session.metadataDocuments().map((document) => document.model);
    const asked = await askService(service.url, undefined, models, this.io);
    if (!asked.ok) return; // told in the log; the files are judged offline
    const { live, entities, target, version } = asked.value;
    const wanted = kept.datahubVersion;
    const reported = wanted === 'auto' || wanted === '' ? await version() : undefined;
    Object.assign(kept.knowledge, { serviceDefinitions: live, entities: kept.pending.entities.view(entities), target, datahub: resolveProfile(wanted, reported).profile });
  }

  private refresh(): Promise<Kept> {
    const next = this.refreshing.then(() => this.refreshNow());
    this.refreshing = next.catch(() => undefined);
    return next;
  }

  private async refreshNow(): Promise<Kept> {
    const walk = walkMetadataFiles(this.options.folders);
    const stamps = new Map(walk.files.map((file) => [file, stampOf(file)]));
    const settings = [stampOf(this.options.settingsFile ?? join(this.options.folders[0], '.vscode', 'settings.json')), process.env[ASSOCIATIONS_VARIABLE] ?? ''].join('|');
    if (!this.kept || this.kept.settings !== settings) this.kept = await this.load(stamps, settings);
    else this.update(this.kept, stamps);
    return this.kept;
  }

  /**
   * The workspace read as the language server reads it (WorkspaceSession.scan: closed files kept
   * slim, read again whole for their own checks), under the settings the CLI applies.
   */
  private async load(stamps: Map<string, string>, settings: string): Promise<Kept> {
    // Offline until judge() asks the catalog: existence in the pending state, as validate judges it.
    const knowledge: CatalogKnowledge = { entities: UNKNOWN_EXISTENCE, target: 'offline' };
    const applied = loadCliSettings(this.io, { settingsFile: this.options.settingsFile, folder: this.options.folders[0] });
    if (!applied.ok) throw new Error('the workspace settings stop every check (see the server log); fix them and call again');
    const { associations, severity, datahubVersion } = applied.value;
    const session = new WorkspaceSession({ catalog: () => knowledge, severity, onSkipped: this.io.stderr });
    session.setAssociations(associations);
    await session.scan(this.options.folders);
    const catalog = this.options.service ? serviceLineageFetcher(this.options.service) : undefined;
    const pending = new PendingState(session, { catalog: () => catalog, log: this.io.stderr });
    Object.assign(knowledge, { entities: pending.entities.view(UNKNOWN_EXISTENCE), datahub: resolveProfile(datahubVersion, undefined).profile });
    return { session, pending, datahubVersion, knowledge, stamps, settings };
  }

  /** Files added or changed since the last call read again (as the language server reads a changed file), files gone dropped. */
  private update(kept: Kept, stamps: Map<string, string>): void {
    for (const [file, stamp] of stamps) if (kept.stamps.get(file) !== stamp) void kept.session.fileChanged(uriOf(file), false);
    for (const file of kept.stamps.keys()) if (!stamps.has(file)) void kept.session.fileChanged(uriOf(file), true);
    kept.stamps = stamps;
  }
}

function uriOf(file: string): string {
  return pathToFileURL(resolve(file)).toString();
}

/** A file's modification time (ns), change time and size; 'absent' when it is not there. */
function stampOf(file: string): string {
  try {
    const stats = statSync(file, { bigint: true });
    return `${stats.mtimeNs}:${stats.ctimeNs}:${stats.size}`;
  } catch {
    return 'absent';
  }
}
