import type { Connection, SymbolInformation, WorkspaceSymbol } from 'vscode-languageserver/node';
import { fuzzyMatches, shortNameOf, symbolKindOf, workspaceSymbols, MAX_WORKSPACE_SYMBOLS } from '../core/features/workspaceSymbols';
import { catalogUiLink } from '../core/links/catalogUi';
import { entityTypeOfUrn } from '../core/urn';
import type { ClientSupport } from './clientSupport';
import { toLspRange } from './convert';
import type { Lifecycle } from './lifecycle';
import type { ServerState } from './state';

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
  lsp.onWorkspaceSymbol(
    lifecycle.guard(async (params): Promise<(SymbolInformation | WorkspaceSymbol)[]> => {
      state.documents.catchUp();
      const query = params.query.trim();
      const entries = workspaceSymbols(state.session.all(), query);
      const answer: (SymbolInformation | WorkspaceSymbol)[] = [];
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
