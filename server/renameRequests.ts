import { LSPErrorCodes, ResponseError, type Connection, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver/node';
import { prepareRename, rename, type RenameInput } from '../core/features/rename';
import { renamedSubject, renameStartAt } from '../core/features/renameTarget';
import type { RenameTextEdit } from '../core/features/renameOccurrences';
import { readDocument } from '../core/formats';
import { isTooLargeToCheck } from '../core/workspace/openDocumentLimit';
import type { ClientSupport } from './clientSupport';
import { toLspRange } from './convert';
import type { Lifecycle } from './lifecycle';
import type { ServerState } from './state';

/**
 * textDocument/prepareRename and textDocument/rename over core/features/rename.ts: the session's
 * documents (every open one at its newest version first), what the catalog holds, and the answer
 * as one WorkspaceEdit; a refusal is a RequestFailed error whose message says why and what to do,
 * which editors show as the reason the rename cannot run.
 */
export function listenRenameRequests(lsp: Connection, state: ServerState, lifecycle: Lifecycle, support: () => ClientSupport | undefined): void {
  function renameInput(uri: string): RenameInput | undefined {
    state.documents.catchUp();
    const document = state.documents.current(uri);
    if (!document) return undefined;
    const workspace = state.session.all();
    const associations = state.session.associations;
    return {
      document,
      workspace,
      definitions: state.session.definitionsView(),
      entities: state.connectedExistence(),
      catalogUrl: state.service?.url,
      reread: (documentUri, text) => readDocument(documentUri, text, { associations }),
      unread: workspace.filter((entry) => entry.open && isTooLargeToCheck(entry.text)),
      stillReading: state.session.scanning,
    };
  }

  /**
   * Whether the catalog holds the entity renamed (and the new name) is asked first and waited for,
   * so a rename is judged on the answer, not refused while the question is on its way.
   */
  async function askCatalogFirst(input: RenameInput, offset: number, newName?: string): Promise<void> {
    const existence = state.connectedExistence();
    const start = renameStartAt(input.document, offset);
    if (!existence || !start.ok || start.value.subject.kind === 'property') return;
    existence.exists(start.value.subject.urn);
    const next = newName === undefined ? undefined : renamedSubject(start.value.subject, newName);
    if (next?.ok) existence.exists(next.value.urn);
    await existence.settle();
  }

  lsp.onPrepareRename(
    lifecycle.guard(async (params) => {
      const asked = renameInput(params.textDocument.uri);
      if (!asked) return null;
      await askCatalogFirst(asked, state.positions.index(asked.document).offsetAt(params.position));
      // The document may have changed while the catalog was asked: judged on its newest version.
      const input = renameInput(params.textDocument.uri);
      if (!input) return null;
      const start = prepareRename(input, state.positions.index(input.document).offsetAt(params.position));
      if (!start.ok) return new ResponseError(LSPErrorCodes.RequestFailed, start.problem);
      return { range: toLspRange(state.positions.index(input.document), start.value.range), placeholder: start.value.placeholder };
    }),
  );

  lsp.onRenameRequest(
    lifecycle.guard(async (params) => {
      const asked = renameInput(params.textDocument.uri);
      if (!asked) return null;
      await askCatalogFirst(asked, state.positions.index(asked.document).offsetAt(params.position), params.newName);
      const input = renameInput(params.textDocument.uri);
      if (!input) return null;
      const result = rename(input, state.positions.index(input.document).offsetAt(params.position), params.newName);
      if (!result.ok) return new ResponseError(LSPErrorCodes.RequestFailed, result.problem);
      return workspaceEdit(state, result.value, support()?.documentChanges === true);
    }),
  );
}

/** The edits as LSP wants them: versioned per document where the client takes that (an open document's version guards against a stale edit). */
function workspaceEdit(state: ServerState, edits: ReadonlyMap<string, RenameTextEdit[]>, versioned: boolean): WorkspaceEdit {
  const perDocument: { uri: string; edits: TextEdit[] }[] = [];
  for (const [uri, inDocument] of edits) {
    const document = state.session.get(uri);
    if (!document) continue;
    const index = state.positions.index(document);
    perDocument.push({ uri, edits: inDocument.map((edit) => ({ range: toLspRange(index, edit.range), newText: edit.text })) });
  }
  if (!versioned) return { changes: Object.fromEntries(perDocument.map(({ uri, edits: inDocument }) => [uri, inDocument])) };
  return { documentChanges: perDocument.map(({ uri, edits: inDocument }) => ({ textDocument: { uri, version: state.documents.version(uri) ?? null }, edits: inDocument })) };
}
