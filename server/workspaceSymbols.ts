import { pathToFileURL } from 'node:url';
import { SymbolKind, type Connection, type SymbolInformation, type WorkspaceSymbol } from 'vscode-languageserver/node';
import { fuzzyMatches, shortNameOf, symbolKindOf, workspaceSymbolsOf, MAX_WORKSPACE_SYMBOLS } from '../core/features/workspaceSymbols';
import { SymbolMatchMemo } from '../core/features/symbolMatchMemo';
import { catalogUiLink } from '../core/links/catalogUi';
import { countText } from '../core/common/countText';
import { entityTypeOfUrn } from '../core/urn';
import type { ClientSupport } from './clientSupport';
import { toLspRange } from './convert';
import type { Lifecycle } from './lifecycle';
import type { ServerState } from './state';

/** The name of the first symbol of an answer given while the workspace is still being read (partialMark). */
export const PARTIAL_SYMBOLS = 'Workspace still being read: partial answer';

/** How long workspace/symbol waits for the catalog's search of a new query (an answer is never held longer; what came later shows on the next keystroke). */
const CATALOG_WAIT_MS = 1_500;

/**
 * workspace/symbol: the entities and properties the workspace defines or uses (core/features/workspaceSymbols.ts),
 * then, while a catalog answers and its web UI is known, the catalog's entities of that name
 * (its autoComplete search, cached per query, server/entitySuggestions.ts), which open in DataHub.
 * Answered as WorkspaceSymbol (a catalog entity with only a URI) to a client that resolves
 * locations, else as SymbolInformation.
 */
export function listenWorkspaceSymbols(lsp: Connection, state: ServerState, lifecycle: Lifecycle, support: () => ClientSupport | undefined): void {
  // What recent queries matched in each file, and their whole answers: a query asked again, or typed further, reads only what changed.
  const memo = new SymbolMatchMemo();
  lsp.onWorkspaceSymbol(
    lifecycle.guard(async (params): Promise<(SymbolInformation | WorkspaceSymbol)[]> => {
      state.documents.catchUp();
      const query = params.query.trim();
      const entries = workspaceSymbolsOf(state.session, query, memo);
      const answer: (SymbolInformation | WorkspaceSymbol)[] = [];
      const partial = partialMark(state, support());
      if (partial) answer.push(partial);
      for (const entry of entries) {
        const document = state.session.get(entry.uri);
        if (document) answer.push({ name: entry.name, kind: entry.kind, containerName: entry.containerName, location: { uri: entry.uri, range: toLspRange(state.positions.index(document), entry.range) } });
      }
      const known = new Set(entries.map((entry) => entry.urn));
      for (const urn of await catalogUrns(state, query)) {
        const link = catalogLinkOf(state, urn);
        // A shorter query's answer stands in while the search runs: only what matches this query is shown.
        if (known.has(urn) || !link || !fuzzyMatches(query, urn) || answer.length >= MAX_WORKSPACE_SYMBOLS) continue;
        const symbol = { name: shortNameOf(urn), kind: symbolKindOf(entityTypeOfUrn(urn)), containerName: `${entityTypeOfUrn(urn) ?? 'entity'} in the catalog · ${urn}` };
        answer.push(support()?.workspaceSymbolUriOnly ? { ...symbol, location: { uri: link } } : { ...symbol, location: { uri: link, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } } });
      }
      return answer;
    }),
  );
}

/**
 * While the workspace scan runs, the first symbol of every answer says that it is partial and how
 * far the scan is (an editor lists it first, at the workspace folder); nothing once every file is read.
 */
function partialMark(state: ServerState, support: ClientSupport | undefined): SymbolInformation | undefined {
  // Before the first scan starts (the settings are asked first), nothing is read yet.
  const progress = state.session.scanProgress() ?? (state.session.readOnce ? undefined : { stored: 0, total: 0 });
  const folder = support?.folders[0];
  if (!progress || folder === undefined) return undefined;
  const name = `${PARTIAL_SYMBOLS} (${progress.total === 0 ? 'starting' : `${countText(progress.stored)} of ${countText(progress.total)} files read`})`;
  return { name, kind: SymbolKind.File, containerName: 'more symbols follow once every file is read; search again in a moment', location: { uri: pathToFileURL(folder).toString(), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } } };
}

/** The catalog's entities matching the query while one answers: what is cached, or the search's answer within CATALOG_WAIT_MS. */
async function catalogUrns(state: ServerState, query: string): Promise<string[]> {
  if (!state.connectedExistence() || query.length < 2 || !state.catalogUi().url) return [];
  const first = state.suggestions.lookup(query);
  if (!first.pending) return first.suggestions.map((s) => s.urn);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([state.suggestions.settled(), new Promise((resolve) => (timer = setTimeout(resolve, CATALOG_WAIT_MS)))]);
  clearTimeout(timer);
  return state.suggestions.lookup(query).suggestions.map((s) => s.urn);
}

function catalogLinkOf(state: ServerState, urn: string): string | undefined {
  const ui = state.catalogUi().url;
  return ui ? catalogUiLink(ui, urn) : undefined;
}
