import { InlayHintKind, type Connection, type InlayHint } from 'vscode-languageserver/node';
import { lookupProperty } from '../core/definitions/lookup';
import { propertyNameHints } from '../core/features/inlayHints';
import { assignmentMarks, entitiesAssignedIn } from '../core/pending/assignmentMarks';
import type { WorkspaceDocument } from '../core/workspace/workspaceDocument';
import type { SourceRange } from '../core/model/range';
import type { Lifecycle } from './lifecycle';
import type { ServerState } from './state';

/**
 * textDocument/inlayHint: a property's display name, type and cardinality where it is used
 * (`catalogCode.inlayHints.propertyNames`), and what a push changes in the catalog after each
 * value (`catalogCode.inlayHints.catalogChanges`: from values read in the background; the editor is
 * asked to show hints again once they arrive).
 */
export function listenInlayHints(lsp: Connection, state: ServerState, lifecycle: Lifecycle): void {
  lsp.languages.inlayHint.on(
    lifecycle.guard((params) => {
      const document = state.documents.current(params.textDocument.uri);
      if (!document) return [];
      const index = state.positions.index(document);
      const range = { start: index.offsetAt(params.range.start), end: index.offsetAt(params.range.end) };
      const hints: InlayHint[] = [];
      if (state.inlayPropertyNames) {
        for (const hint of propertyNameHints(document, state.session.definitionsView(), range)) {
          hints.push({ position: index.positionAt(hint.offset), label: hint.label, kind: InlayHintKind.Type, paddingLeft: true, tooltip: hint.tooltip });
        }
      }
      if (state.inlayCatalogChanges) {
        for (const mark of catalogChangeMarks(state, document, range)) hints.push({ position: index.positionAt(mark.offset), label: mark.label, paddingLeft: true, tooltip: mark.tooltip });
      }
      return hints;
    }),
  );
}

function catalogChangeMarks(state: ServerState, document: WorkspaceDocument, range: SourceRange) {
  const service = state.connectedService();
  if (!service) return [];
  state.catalogValues.want(service, entitiesAssignedIn(document, range));
  const definitions = state.session.definitionsView();
  // As the plan types values: a definition the files push first, else the catalog's.
  const valueTypeOf = (property: string) => {
    const found = lookupProperty(definitions, property);
    return (found.workspace ?? found.service)?.valueType;
  };
  return assignmentMarks(document, range, state.catalogValues.get, valueTypeOf);
}
