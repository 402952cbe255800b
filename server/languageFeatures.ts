import { CodeLensRefreshRequest, type Connection } from 'vscode-languageserver/node';
import { codeActions } from '../core/features/codeActions';
import { propertyCodeLenses } from '../core/features/codeLens';
import { complete } from '../core/features/completion';
import { findDefinition } from '../core/features/definition';
import { hover } from '../core/features/hover';
import { findReferences } from '../core/features/references';
import { documentSymbols, symbolInformation } from '../core/features/symbols';
import type { FeatureInput } from '../core/workspace/workspaceDocument';
import { toLspDiagnostic } from './convert';
import type { ClientSupport } from './clientSupport';
import type { Lifecycle } from './lifecycle';
import type { ServerState } from './state';

/** How long a hover waits for the catalog to say whether an entity exists before it answers without. */
const HOVER_EXISTENCE_WAIT_MS = 3_000;

/**
 * The feature input of an open document. `acrossWorkspace`: the answer reads other documents too
 * (definition, references), so every open document is first brought to its newest version — edits
 * are only recorded until something asks.
 */
function featureInputReader(state: ServerState): (uri: string, acrossWorkspace?: boolean) => FeatureInput | undefined {
  return (uri, acrossWorkspace = false) => {
    if (acrossWorkspace && state.documents.version(uri) !== undefined) state.documents.catchUp();
    const entry = state.documents.current(uri);
    if (!entry) return undefined;
    // Positions as the client counts them, in this document and in any other an answer points into.
    const input: FeatureInput = { document: state.positions.view(entry), definitions: state.session.definitionsView(), workspace: state.positions.views(state.session.all()), catalogLink: state.catalogLinkOf(), createdBy: (urn) => state.pending.entities.createdBy(urn) };
    // Hover tells "not reachable" (no view) apart from "being checked" (no answer yet).
    const entities = state.connectedExistence();
    if (entities) input.entities = entities;
    return input;
  };
}

/**
 * Completion, hover, code actions, symbols, definition and references: each reads the open
 * document's model from the workspace session and answers from memory.
 */
export function listenLanguageFeatures(lsp: Connection, state: ServerState, lifecycle: Lifecycle): void {
  const featureInput = featureInputReader(state);

  lsp.onCompletion(
    lifecycle.guard((params) => {
      const input = featureInput(params.textDocument.uri);
      if (!input) return null;
      return complete(input, input.document.lineIndex.offsetAt(params.position), {
        suggestEntities: (query) => state.suggestions.lookup(query),
        definitionsRefreshing: state.live.refreshing,
      });
    }),
  );

  lsp.onHover(
    lifecycle.guard((params) =>
      afterExistenceAnswers(state, () => {
        const input = featureInput(params.textDocument.uri);
        return input ? hover(input, input.document.lineIndex.offsetAt(params.position)) : null;
      }),
    ),
  );

  lsp.onCodeAction(
    lifecycle.guard((params) => {
      const input = featureInput(params.textDocument.uri);
      if (!input) return [];
      const index = input.document.lineIndex;
      const own = state.session.diagnosticsOf(params.textDocument.uri).map((diagnostic) => toLspDiagnostic(index, diagnostic));
      return codeActions(input, { start: index.offsetAt(params.range.start), end: index.offsetAt(params.range.end) }, params.context.diagnostics, own);
    }),
  );

  lsp.onDocumentSymbol(
    lifecycle.guard((params) => {
      const input = featureInput(params.textDocument.uri);
      if (!input) return [];
      const symbols = documentSymbols(input.document);
      return state.support?.hierarchicalSymbols === false ? symbolInformation(params.textDocument.uri, symbols) : symbols;
    }),
  );

  lsp.onDefinition(
    lifecycle.guard((params) => {
      const input = featureInput(params.textDocument.uri, true);
      return input ? findDefinition(input, input.document.lineIndex.offsetAt(params.position)) : [];
    }),
  );

  lsp.onReferences(
    lifecycle.guard((params) => {
      const input = featureInput(params.textDocument.uri, true);
      return input ? findReferences(input, input.document.lineIndex.offsetAt(params.position), params.context.includeDeclaration) : [];
    }),
  );

  lsp.onCodeLens(
    lifecycle.guard((params) => {
      const input = featureInput(params.textDocument.uri);
      return input ? propertyCodeLenses(input.document, input.definitions) : [];
    }),
  );
}

/**
 * What the catalog knows changed (a property soft deleted or restored, definitions refreshed): the
 * editor asks for the lenses again, so a property shows Restore only while it is soft-deleted.
 */
export function refreshCodeLensesWhenStale(lsp: Connection, state: ServerState, support: ClientSupport): void {
  if (!support.codeLensRefresh) return;
  state.onDiagnosticsStale(() => void lsp.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined));
}

/**
 * The answer, asked again once the catalog has said whether the entities it just asked about exist:
 * a URN seen for the first time gets that answer (waited for briefly — a slow service still gets a
 * hover) rather than "hover again".
 */
async function afterExistenceAnswers<T>(state: ServerState, answer: () => T | null): Promise<T | null> {
  const first = answer();
  const existence = state.connectedExistence();
  if (first === null || !existence || existence.pending === 0) return first;
  await Promise.race([existence.settle(), new Promise((resolve) => setTimeout(resolve, HOVER_EXISTENCE_WAIT_MS).unref())]);
  return answer();
}
