import type { Connection } from 'vscode-languageserver/node';
import { catalogDocumentLinks } from '../core/features/documentLinks';
import { catalogUiLink } from '../core/links/catalogUi';
import { CatalogLinkRequest } from '../core/protocol';
import { looksLikeUrn } from '../core/urn';
import { toLspRange } from './convert';
import type { Lifecycle } from './lifecycle';
import type { ServerState } from './state';

/**
 * Links to DataHub's web UI: textDocument/documentLink on the URNs of a document, and
 * `catalogCode/catalogLink` for Open in DataHub, both from the one UI address the server holds
 * (state.catalogUi(): the setting, else derived from the connected service).
 */
export function listenCatalogLinks(lsp: Connection, state: ServerState, lifecycle: Lifecycle): void {
  lsp.onDocumentLinks(
    lifecycle.guard((params) => {
      const document = state.documents.current(params.textDocument.uri);
      if (!document) return [];
      return catalogDocumentLinks(document, state.catalogLinkOf()).map((link) => ({ range: toLspRange(state.positions.index(document), link.range), target: link.target, tooltip: 'Open in DataHub' }));
    }),
  );

  lsp.onRequest(
    CatalogLinkRequest.type,
    lifecycle.guard((params) => {
      const urn = typeof params?.urn === 'string' ? params.urn.trim() : '';
      if (!looksLikeUrn(urn)) return { why: `'${urn.slice(0, 200)}' is not a URN (it must start with urn:li:); put the cursor on a URN or pass one.` };
      const ui = state.catalogUi();
      if (!ui.url) return { why: ui.why };
      const url = catalogUiLink(ui.url, urn);
      return url ? { url } : { why: `DataHub's web UI has no page for entities of this type (${urn.slice(0, 200)}).` };
    }),
  );
}
