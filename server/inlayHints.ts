import { InlayHintKind, type Connection } from 'vscode-languageserver/node';
import { propertyNameHints } from '../core/features/inlayHints';
import type { Lifecycle } from './lifecycle';
import type { ServerState } from './state';

/** textDocument/inlayHint: a property's display name, type and cardinality where it is used, unless `catalogCode.inlayHints.propertyNames` is off. */
export function listenInlayHints(lsp: Connection, state: ServerState, lifecycle: Lifecycle): void {
  lsp.languages.inlayHint.on(
    lifecycle.guard((params) => {
      if (!state.inlayPropertyNames) return [];
      const document = state.documents.current(params.textDocument.uri);
      if (!document) return [];
      const index = state.positions.index(document);
      const range = { start: index.offsetAt(params.range.start), end: index.offsetAt(params.range.end) };
      return propertyNameHints(document, state.session.definitionsView(), range).map((hint) => ({
        position: index.positionAt(hint.offset),
        label: hint.label,
        kind: InlayHintKind.Type,
        paddingLeft: true,
        tooltip: hint.tooltip,
      }));
    }),
  );
}
