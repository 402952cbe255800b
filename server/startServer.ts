import { fileURLToPath } from 'node:url';
import type { Connection, InitializeParams, InitializeResult } from 'vscode-languageserver/node';
import { negotiatePositionEncoding } from '../core/model/positionEncoding';
import { CatalogChangedNotification, REFRESH_DEFINITIONS_COMMAND, SetConnectionNotification, type CatalogInitializationOptions } from '../core/protocol';
import { serverCapabilities } from './capabilities';
import { clientSupportOf, type ClientSupport } from './clientSupport';
import { DiagnosticsFeature } from './diagnostics';
import { FileWatching } from './fileWatching';
import { listenLanguageFeatures, refreshCodeLensesWhenStale } from './languageFeatures';
import { Lifecycle } from './lifecycle';
import { SettingsSync } from './settings';
import { ServerState } from './state';
import { listenWorkspaceRequests } from './workspaceRequests';
import { listenDocumentRequests } from './documentRequests';
import { listenPushRequests } from './pushRequests';
import { listenRenameRequests } from './renameRequests';
import { listenCatalogLinks } from './catalogLinks';
import { listenInlayHints } from './inlayHints';
import { listenWorkspaceSymbols } from './workspaceSymbols';
import { WorkspaceDiagnostics } from './workspaceDiagnostics';
import { listenLineageRequests } from './lineageRequests';
import { listenAgentRequests } from './agentRequests';
import { ClaimedFiles } from './claimedFiles';
import { listenSqlLineageRequests } from './sqlLineageRequests';

/**
 * Wires an LSP connection (`lsp`: the editor on the other end) to the pure core, one capability
 * per module: diagnostics, language features, workspace requests, settings, file watching.
 * Handlers answer from memory; the catalog service is only ever asked in the background.
 */
export function startServer(lsp: Connection): ServerState {
  const state = new ServerState(lsp);
  const lifecycle = new Lifecycle();
  const diagnostics = new DiagnosticsFeature(lsp, state);
  const settings = new SettingsSync(lsp, state, () => state.refreshInlayHints());
  const workspaceDiagnostics = new WorkspaceDiagnostics(lsp, state, diagnostics.dependencies);
  const files = new FileWatching(lsp, state, () => workspaceDiagnostics.changed());
  let support: ClientSupport | undefined;
  let claimed: ClaimedFiles | undefined;

  lsp.onInitialize((params: InitializeParams): InitializeResult => {
    const options = (params.initializationOptions ?? {}) as CatalogInitializationOptions;
    support = clientSupportOf(params, options);
    state.support = support;
    state.positions.encoding = negotiatePositionEncoding(params.capabilities.general?.positionEncodings, options.positionEncoding);
    state.configure(options);
    // Editors that cannot be asked for settings may give them here, in the section's shape.
    settings.applyInitial({ formats: { associations: options.associations }, diagnostics: { severity: options.severity }, definitions: { refreshIntervalSeconds: options.refreshIntervalSeconds } });
    if (support.claimedFilesNotifications) claimed = new ClaimedFiles(lsp, state.session);
    diagnostics.listen(support, lifecycle);
    workspaceDiagnostics.listen(lifecycle);
    settings.listen(support);
    refreshCodeLensesWhenStale(lsp, state, support);
    return { capabilities: { ...serverCapabilities(options), positionEncoding: state.positions.encoding }, serverInfo: { name: 'Catalog Code language server' } };
  });

  lsp.onInitialized(async () => {
    if (!support) return;
    files.start(support);
    if (support.folderEvents) listenFolderChanges(lsp, state, files, () => workspaceDiagnostics.changed());
    // Settings first, so the first scan already reads files under the user's associations.
    if (support.configurationPull) await settings.pull();
    state.startFromEnvironmentUnlessTold();
    const count = await state.session.scan(support.folders, state.workspaceLimit.maxFiles);
    state.log(`Read ${count} YAML/JSON file(s) of the workspace.`);
    // The first message goes once the scan is read, even when no file is claimed.
    claimed?.flush();
    workspaceDiagnostics.changed();
  });

  lsp.onNotification(SetConnectionNotification.type, (params) => {
    state.setService(params.url ? { url: params.url, token: params.token } : undefined);
  });

  lsp.onNotification(CatalogChangedNotification.type, (params) => {
    const urns = Array.isArray(params?.urns) ? params.urns.filter((urn): urn is string => typeof urn === 'string') : undefined;
    state.catalogChanged(urns);
  });

  lsp.onExecuteCommand(
    lifecycle.guard(async (params) => {
      if (params.command !== REFRESH_DEFINITIONS_COMMAND) return undefined;
      // A refresh asks the catalog everything again: existence and lineage too (an editor that cannot send catalogChanged after a push uses this).
      state.catalogChanged();
      await state.live.refresh();
      return state.statusParams();
    }),
  );

  listenRequests(lsp, state, lifecycle, diagnostics, () => support);
  listenSqlLineageRequests(lsp, state, lifecycle);
  listenAgentRequests(lsp, state, lifecycle, state.sqlWorker);

  lsp.onShutdown(() => {
    lifecycle.shuttingDown = true;
    workspaceDiagnostics.stop();
    files.dispose();
    claimed?.dispose();
    state.dispose();
  });

  state.documents.listen(lsp);
  lsp.listen();
  return state;
}

/** Workspace folders added (watched, scanned) and removed (forgotten by the session, the watcher and the limit's notice). */
function listenFolderChanges(lsp: Connection, state: ServerState, files: FileWatching, changed: () => void): void {
  lsp.workspace.onDidChangeWorkspaceFolders((event) => {
    for (const removed of event.removed) {
      state.session.forgetFolder(removed.uri);
      files.unwatchFolder(fileURLToPath(removed.uri));
      state.workspaceLimit.forgetFolder(fileURLToPath(removed.uri));
    }
    const added = event.added.map((folder) => fileURLToPath(folder.uri));
    added.forEach((folder) => files.watchFolder(folder));
    // The folders whose .sql files define datasets follow the workspace's.
    if (state.support) {
      const removed = new Set(event.removed.map((folder) => fileURLToPath(folder.uri)));
      state.support.folders = [...state.support.folders.filter((folder) => !removed.has(folder)), ...added.filter((folder) => !state.support?.folders.includes(folder))];
      state.sqlLineage.changed();
    }
    void state.session.scan(added, state.workspaceLimit.maxFiles).then(changed);
  });
}

/** Every request the server answers, one module per capability. */
function listenRequests(lsp: Connection, state: ServerState, lifecycle: Lifecycle, diagnostics: DiagnosticsFeature, support: () => ClientSupport | undefined): void {
  listenLanguageFeatures(lsp, state, lifecycle);
  listenWorkspaceRequests(lsp, state, diagnostics, lifecycle);
  listenDocumentRequests(lsp, state, lifecycle);
  listenPushRequests(lsp, state, lifecycle);
  listenRenameRequests(lsp, state, lifecycle, support);
  listenCatalogLinks(lsp, state, lifecycle);
  listenInlayHints(lsp, state, lifecycle);
  // Hints name definitions: when what the checks read changes (definitions fetched, a definitions file edited), the editor asks again.
  state.onDiagnosticsStale(() => {
    if (support()?.inlayHintRefresh && state.settings.inlayHintsPropertyNames) void lsp.languages.inlayHint.refresh();
  });
  listenWorkspaceSymbols(lsp, state, lifecycle, support);
  listenLineageRequests(lsp, state, lifecycle);
}
