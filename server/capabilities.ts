import { CodeActionKind, TextDocumentSyncKind, type ServerCapabilities } from 'vscode-languageserver/node';
import { SERVER_COMMANDS, type CatalogInitializationOptions } from '../core/protocol';

/** Completion opens on the characters that start a key, a value or a URN part, in block and flow YAML and JSON. */
const COMPLETION_TRIGGERS = [':', ' ', '"', "'", '-', ',', '(', '.', '{', '['];

/** What the server offers, answered to `initialize`. */
export function serverCapabilities(options: CatalogInitializationOptions): ServerCapabilities {
  return {
    textDocumentSync: TextDocumentSyncKind.Incremental,
    completionProvider: { triggerCharacters: COMPLETION_TRIGGERS },
    hoverProvider: true,
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
    documentSymbolProvider: true,
    definitionProvider: true,
    referencesProvider: true,
    renameProvider: { prepareProvider: true },
    documentLinkProvider: { resolveProvider: false },
    inlayHintProvider: { resolveProvider: false },
    workspaceSymbolProvider: { resolveProvider: false },
    // The lenses run the client's push and property-status commands: only for a client that has them.
    ...(options.clientRegistersCommands ? { codeLensProvider: { resolveProvider: false } } : {}),
    // workspace/diagnostic: closed files in the Problems panel (server/workspaceDiagnostics.ts); push-only clients ignore it.
    diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: true },
    executeCommandProvider: { commands: options.clientRegistersCommands ? [] : [...SERVER_COMMANDS] },
    workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
  };
}
