import { formatOf } from '../core/mentions/fileMentions';
import type { Connection } from 'vscode-languageserver/node';
import { capDiagnostics } from '../core/diagnostics/cap';
import { EntityDeclarationRequest, WorkspaceEntitiesRequest, WorkspaceProblemsRequest, type FileProblems } from '../core/protocol';
import { workspaceEntities } from '../core/features/workspaceUrns';
import { toLspDiagnostic, toLspRange } from './convert';
import type { DiagnosticsFeature } from './diagnostics';
import type { Lifecycle } from './lifecycle';
import type { ServerState } from './state';

/**
 * The custom requests of core/protocol.ts that read the whole workspace: Validate Workspace, the
 * push guard and Open Defining File ask these, so the client never checks or scans files itself.
 */
export function listenWorkspaceRequests(lsp: Connection, state: ServerState, diagnostics: Pick<DiagnosticsFeature, 'diagnosticsOf'>, lifecycle: Lifecycle): void {
  lsp.onRequest(
    WorkspaceProblemsRequest.type,
    lifecycle.guard(async (params) => {
      const uris = params?.uris;
      // Open documents are read lazily (core/incremental): bring them to the editor's version first.
      state.documents.catchUp();
      // A first pass asks the catalog about every entity the files name; the answer waits for it.
      const existence = state.connectedExistence();
      if (existence) {
        state.session.problems(uris);
        await existence.settle();
      }
      const files: FileProblems[] = state.session.problems(uris).map(({ uri, document, diagnostics: found }) => ({
        uri,
        format: formatOf(document) ?? 'none',
        // An open document answers exactly what the editor shows for it; each file at most 1,000 (errors first) and a summary.
        diagnostics: document.open ? diagnostics.diagnosticsOf(uri) : capDiagnostics(found, uri).map((d) => toLspDiagnostic(state.positions.index(document), d)),
      }));
      return { files };
    }),
  );

  lsp.onRequest(
    EntityDeclarationRequest.type,
    lifecycle.guard((params) => {
      state.documents.catchUp();
      const found = state.session.entityDeclaration(params.urn);
      const document = found ? state.session.get(found.uri) : undefined;
      return found && document ? { uri: found.uri, range: toLspRange(state.positions.index(document), found.range) } : null;
    }),
  );

  lsp.onRequest(
    WorkspaceEntitiesRequest.type,
    lifecycle.guard(() => {
      state.documents.catchUp();
      return workspaceEntities(state.session.all());
    }),
  );
}
