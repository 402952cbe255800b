import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AgentContext, AgentSnapshot } from '../core/agent/toolTypes';
import { serviceLineageFetcher } from '../core/lineage/serviceFetcher';
import { PendingState } from '../core/pending/pendingState';
import type { ServiceConnection } from '../core/api/http';
import { failed, succeeded, type Result } from '../core/common/result';
import { loadMetadataDocuments } from './documents';
import type { CliIo } from './io';

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

/**
 * The context of one tool call: the workspace read from disk as `catalog-code validate` reads it
 * (cli/documents.ts: the same session, settings and associations), once per call and only when a
 * tool asks, so an agent's edits since the last call are always seen.
 */
export function agentContextFor(options: AgentWorkspaceOptions, log: (line: string) => void): AgentContext {
  let snapshot: Promise<AgentSnapshot> | undefined;
  return {
    folders: options.folders,
    service: options.service,
    allowPush: options.allowPush,
    snapshot: () => (snapshot ??= Promise.resolve(readSnapshot(options, log))),
  };
}

function readSnapshot(options: AgentWorkspaceOptions, log: (line: string) => void): AgentSnapshot {
  const io: CliIo = { stdout: log, stderr: log, version: 'mcp' };
  const loaded = loadMetadataDocuments(options.folders, io, { settingsFile: options.settingsFile, settingsFolder: options.folders[0] });
  if (!loaded.ok) throw new Error('the workspace settings stop every check (see the server log); fix them and call again');
  const session = loaded.value.session;
  const catalog = options.service ? serviceLineageFetcher(options.service) : undefined;
  const pending = new PendingState(session, { catalog: () => catalog, log });
  return { session, pending };
}
