import { fileURLToPath } from 'node:url';
import type { InitializeParams } from 'vscode-languageserver/node';
import type { CatalogInitializationOptions } from '../core/protocol';

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
  /** the workspace folders (paths): those at start, then as the editor adds and removes them */
  folders: string[];
  /** the client reads document symbols as a tree (DocumentSymbol[]); otherwise as a flat SymbolInformation[] */
  hierarchicalSymbols: boolean;
  /** the client asked for `catalogCode/status` notifications (an initialization option or an experimental capability) */
  statusNotifications: boolean;
  /** the client asked for `catalogCode/claimedFiles` notifications (an initialization option) */
  claimedFilesNotifications: boolean;
  /** a WorkspaceEdit may carry versioned `documentChanges` (else only `changes`) */
  documentChanges: boolean;
  /** the client accepts workspace/inlayHint/refresh (asked after the inlay hints setting changes) */
  inlayHintRefresh: boolean;
  /** workspace/symbol may answer WorkspaceSymbol with a location of only a URI (LSP 3.17) */
  workspaceSymbolUriOnly: boolean;
}

export function clientSupportOf(params: InitializeParams, options: CatalogInitializationOptions): ClientSupport {
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
    hierarchicalSymbols: params.capabilities.textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport === true,
    statusNotifications: options.catalogCodeStatus === true || (params.capabilities.experimental as { catalogCodeStatus?: unknown } | undefined)?.catalogCodeStatus === true,
    claimedFilesNotifications: options.catalogCodeClaimedFiles === true,
    documentChanges: workspace?.workspaceEdit?.documentChanges === true,
    inlayHintRefresh: workspace?.inlayHint?.refreshSupport === true,
    workspaceSymbolUriOnly: workspace?.symbol?.resolveSupport?.properties?.includes('location.range') === true,
  };
}
