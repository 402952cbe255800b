import { fileURLToPath } from 'node:url';
import type { InitializeParams } from 'vscode-languageserver/node';

/** What the editor on the other end of the LSP connection can do, read once from `initialize`. */
export interface ClientSupport {
  /** the client pulls diagnostics (textDocument/diagnostic); otherwise the server publishes them */
  pullDiagnostics: boolean;
  /** the client accepts workspace/diagnostic/refresh */
  diagnosticRefresh: boolean;
  /** the client accepts workspace/codeLens/refresh (a property's Soft Delete / Restore lens follows the catalog) */
  codeLensRefresh: boolean;
  /** the client watches files for us when asked (dynamic didChangeWatchedFiles); otherwise the server watches the disk */
  watchesFiles: boolean;
  /** the client answers workspace/configuration */
  configurationPull: boolean;
  /** the client sends workspace folder changes */
  folderEvents: boolean;
  /** the workspace folders (paths) at start */
  folders: string[];
}

export function clientSupportOf(params: InitializeParams): ClientSupport {
  const workspace = params.capabilities.workspace;
  let folders = (params.workspaceFolders ?? []).map((folder) => fileURLToPath(folder.uri));
  if (folders.length === 0 && params.rootUri) folders = [fileURLToPath(params.rootUri)];
  return {
    pullDiagnostics: params.capabilities.textDocument?.diagnostic !== undefined,
    diagnosticRefresh: workspace?.diagnostics?.refreshSupport === true,
    codeLensRefresh: workspace?.codeLens?.refreshSupport === true,
    watchesFiles: workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
    configurationPull: workspace?.configuration === true,
    folderEvents: workspace?.workspaceFolders === true,
    folders,
  };
}
