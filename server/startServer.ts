import { fileURLToPath } from 'node:url';
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReportKind,
  FileChangeType,
  TextDocumentSyncKind,
  TextDocuments,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DefinitionsView } from '../core/definitions/types';
import { codeActions } from '../core/features/codeActions';
import { complete } from '../core/features/completion';
import { findDefinition } from '../core/features/definition';
import { hover } from '../core/features/hover';
import { findReferences } from '../core/features/references';
import { documentSymbols } from '../core/features/symbols';
import type { FeatureInput } from '../core/features/workspace';
import { REFRESH_DEFINITIONS_COMMAND, SERVER_COMMANDS, SetConnectionNotification, type CatalogInitializationOptions, type SetConnectionParams } from '../core/protocol';
import { validateDocument } from '../core/validate';
import { toLspDiagnostic } from './convert';
import { ServerState, type CatalogSettings } from './state';

const PUBLISH_DELAY_MS = 200;

/**
 * Wires an LSP connection to the pure core: documents → models (cached per version) → rules and
 * editor features. Handlers answer from memory; the network (definitions, existence, entity
 * names) is only ever touched in the background by ServerState.
 */
export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const state = new ServerState(connection);
  let pullDiagnostics = false;
  let refreshSupport = false;
  let watcherRegistration = false;
  let configurationSupport = false;
  let folderEvents = false;
  let folders: string[] = [];
  const publishTimers = new Map<string, NodeJS.Timeout>();

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const options = (params.initializationOptions ?? {}) as CatalogInitializationOptions;
    state.configure(options);
    pullDiagnostics = params.capabilities.textDocument?.diagnostic !== undefined;
    refreshSupport = params.capabilities.workspace?.diagnostics?.refreshSupport === true;
    watcherRegistration = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    configurationSupport = params.capabilities.workspace?.configuration === true;
    folderEvents = params.capabilities.workspace?.workspaceFolders === true;
    folders = (params.workspaceFolders ?? []).map((folder) => fileURLToPath(folder.uri));
    if (folders.length === 0 && params.rootUri) folders = [fileURLToPath(params.rootUri)];
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: [':', ' ', '"', "'", '-', ',', '(', '.'] },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        documentSymbolProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: false },
        executeCommandProvider: { commands: options.clientRegistersCommands ? [] : [...SERVER_COMMANDS] },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'Catalog Code language server' },
    };
  });

  connection.onInitialized(() => {
    if (watcherRegistration) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.{yaml,yml,json}' }] });
    }
    if (folderEvents) {
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        for (const removed of event.removed) state.index.forgetFolder(removed.uri);
        void state.index.scan(event.added.map((folder) => fileURLToPath(folder.uri)));
      });
    }
    state.startFromEnvironmentUnlessTold();
    void state.index.scan(folders).then((count) => state.log(`Read ${count} YAML/JSON file(s) of the workspace.`));
  });

  // By method name: core/protocol's NotificationType objects come from the client's copy of
  // vscode-jsonrpc, which the server's (nested) copy does not accept as its own class.
  connection.onNotification(SetConnectionNotification.method, (params: SetConnectionParams) => {
    state.setConnection(params.url ? { url: params.url, token: params.token } : undefined);
  });

  connection.onExecuteCommand(async (params) => {
    if (params.command === REFRESH_DEFINITIONS_COMMAND) {
      await state.live.refresh();
      return state.statusParams();
    }
    return undefined;
  });

  // Settings arrive pushed (`settings.catalogCode`) or, when the client supports it, are pulled.
  connection.onDidChangeConfiguration(async (params) => {
    let settings = (params.settings as { catalogCode?: CatalogSettings } | null)?.catalogCode;
    if (!settings && configurationSupport) settings = ((await connection.workspace.getConfiguration('catalogCode')) ?? undefined) as CatalogSettings | undefined;
    if (settings) state.applySettings(settings);
  });

  connection.onDidChangeWatchedFiles((params) => {
    for (const change of params.changes) void state.index.fileChanged(change.uri, change.type === FileChangeType.Deleted);
  });

  documents.onDidChangeContent(({ document }) => {
    state.index.openDocument(document.uri, document.getText(), document.version);
    if (!pullDiagnostics) schedulePublish(document.uri);
  });

  documents.onDidClose(({ document }) => {
    state.index.closeDocument(document.uri);
    if (!pullDiagnostics) void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  function featureInput(uri: string): FeatureInput | undefined {
    const document = documents.get(uri);
    if (!document) return undefined;
    const entry = state.index.openDocument(uri, document.getText(), document.version);
    const input: FeatureInput = { document: entry, definitions: state.definitionsView(), workspace: state.index.all() };
    if (state.live.state === 'connected') input.entities = state.existence;
    return input;
  }

  function diagnosticsOf(uri: string) {
    const input = featureInput(uri);
    if (!input) return [];
    const { model, text, lineIndex } = input.document;
    const definitions: DefinitionsView = input.definitions;
    return validateDocument({ model, text, definitions, entities: state.existenceView(), target: state.target, severity: state.severity }).map((d) => toLspDiagnostic(lineIndex, d));
  }

  connection.languages.diagnostics.on((params) => ({
    kind: DocumentDiagnosticReportKind.Full,
    items: diagnosticsOf(params.textDocument.uri),
  }));

  function schedulePublish(uri: string): void {
    clearTimeout(publishTimers.get(uri));
    publishTimers.set(
      uri,
      setTimeout(() => {
        publishTimers.delete(uri);
        const document = documents.get(uri);
        if (document) void connection.sendDiagnostics({ uri, version: document.version, diagnostics: diagnosticsOf(uri) });
      }, PUBLISH_DELAY_MS),
    );
  }

  state.onDiagnosticsStale(() => {
    if (pullDiagnostics) {
      if (refreshSupport) void connection.languages.diagnostics.refresh();
    } else {
      for (const document of documents.all()) schedulePublish(document.uri);
    }
  });

  connection.onCompletion((params) => {
    const input = featureInput(params.textDocument.uri);
    if (!input) return null;
    const offset = input.document.lineIndex.offsetAt(params.position);
    return complete(input, offset, {
      suggestEntities: (query) => state.suggestions.lookup(query),
      definitionsRefreshing: state.live.refreshing,
    });
  });

  connection.onHover((params) => {
    const input = featureInput(params.textDocument.uri);
    if (!input) return null;
    return hover(input, input.document.lineIndex.offsetAt(params.position));
  });

  connection.onCodeAction((params) => {
    const input = featureInput(params.textDocument.uri);
    if (!input) return [];
    const index = input.document.lineIndex;
    const range = { start: index.offsetAt(params.range.start), end: index.offsetAt(params.range.end) };
    return codeActions(input, range, params.context.diagnostics);
  });

  connection.onDocumentSymbol((params) => {
    const input = featureInput(params.textDocument.uri);
    return input ? documentSymbols(input.document) : [];
  });

  connection.onDefinition((params) => {
    const input = featureInput(params.textDocument.uri);
    if (!input) return [];
    return findDefinition(input, input.document.lineIndex.offsetAt(params.position));
  });

  connection.onReferences((params) => {
    const input = featureInput(params.textDocument.uri);
    if (!input) return [];
    return findReferences(input, input.document.lineIndex.offsetAt(params.position), params.context.includeDeclaration);
  });

  connection.onShutdown(() => state.dispose());

  documents.listen(connection);
  connection.listen();
}
