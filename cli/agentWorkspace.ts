import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AgentContext, AgentSnapshot } from '../core/agent/toolTypes';
import type { ServiceConnection } from '../core/api/http';
import { failed, succeeded, type Result } from '../core/common/result';
import { resolveProfile } from '../core/datahub/versions';
import { UNKNOWN_EXISTENCE } from '../core/definitions/types';
import { serviceLineageFetcher } from '../core/lineage/serviceFetcher';
import { PendingEntities } from '../core/pending/pendingEntities';
import { PendingState } from '../core/pending/pendingState';
import type { CatalogKnowledge } from '../core/workspace/session';
import { loadMetadataDocuments, type LoadedWorkspace } from './documents';
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

/** One call's workspace: the files read as `catalog-code validate` reads them, and what its checks know of the catalog. */
interface CallWorkspace {
  snapshot: AgentSnapshot;
  loaded: LoadedWorkspace;
  knowledge: CatalogKnowledge;
}

/**
 * The context of one tool call: the workspace read from disk as `catalog-code validate` reads it
 * (cli/documents.ts: the same session, settings and associations), once per call and only when a
 * tool asks, so an agent's edits since the last call are always seen; its diagnostics judged as
 * `validate` judges them, offline or (with a catalog) as `validate --service` does.
 */
export function agentContextFor(options: AgentWorkspaceOptions, log: (line: string) => void): AgentContext {
  const io: CliIo = { stdout: log, stderr: log, version: 'mcp' };
  let call: CallWorkspace | undefined;
  const read = (): CallWorkspace => (call ??= readWorkspace(options, io));
  return {
    folders: options.folders,
    service: options.service,
    allowPush: options.allowPush,
    // Loaded on the first call only (the parser's WebAssembly is ~0.2 s and tens of MB): a server that never proposes lineage never pays it.
    sqlLineage: async (request) => (await import('../core/sql/sqlLineage.js')).deriveSqlLineage(request),
    snapshot: async () => read().snapshot,
    judgeAgainstCatalog: async () => {
      const { loaded, knowledge } = read();
      if (!options.service) return;
      const asked = await askService(options.service.url, undefined, loaded.documents.map((d) => d.model), io);
      if (!asked.ok) return; // told in the log; the files are judged offline
      const { live, entities, target, version } = asked.value;
      const wanted = loaded.datahubVersion;
      const reported = wanted === 'auto' || wanted === '' ? await version() : undefined;
      Object.assign(knowledge, { serviceDefinitions: live, entities: new PendingEntities(loaded.session).view(entities), target, datahub: resolveProfile(wanted, reported).profile });
    },
  };
}

function readWorkspace(options: AgentWorkspaceOptions, io: CliIo): CallWorkspace {
  // Offline until judgeAgainstCatalog asks the catalog: existence in the pending state, as validate judges it.
  const knowledge: CatalogKnowledge = { entities: UNKNOWN_EXISTENCE, target: 'offline' };
  const loaded = loadMetadataDocuments(options.folders, io, { settingsFile: options.settingsFile, settingsFolder: options.folders[0], catalog: () => knowledge });
  if (!loaded.ok) throw new Error('the workspace settings stop every check (see the server log); fix them and call again');
  const session = loaded.value.session;
  Object.assign(knowledge, { entities: new PendingEntities(session).view(UNKNOWN_EXISTENCE), datahub: resolveProfile(loaded.value.datahubVersion, undefined).profile });
  const catalog = options.service ? serviceLineageFetcher(options.service) : undefined;
  const pending = new PendingState(session, { catalog: () => catalog, log: io.stderr });
  return { snapshot: { session, pending }, loaded: loaded.value, knowledge };
}
