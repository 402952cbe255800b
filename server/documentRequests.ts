import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver/node';
import { typeNamespaceFor } from '../core/api/serviceTarget';
import { entityUrnAt } from '../core/features/entityAt';
import { documentImpact } from '../core/impact/documentImpact';
import { factsOfKind } from '../core/model/facts';
import { DocumentImpactRequest, DocumentPropertyDefinitionsRequest, EntityAtRequest, type DocumentImpactResult } from '../core/protocol';
import type { Lifecycle } from './lifecycle';
import type { ServerState } from './state';
import { describeError } from '../core/errors/describeError';

/**
 * The custom requests about one document that the VS Code client's Lineage view, impact code
 * lens and property status commands ask, so they read the server's copy of the workspace (same associations, same parse) and
 * never parse documents themselves.
 */
export function listenDocumentRequests(lsp: Connection, state: ServerState, lifecycle: Lifecycle): void {
  /** An open document at its newest version, else what the session holds from disk. */
  const documentAt = (uri: string) => state.documents.current(uri) ?? state.session.get(uri);

  lsp.onRequest(
    EntityAtRequest.type,
    lifecycle.guard((params) => {
      const document = documentAt(params.uri);
      if (!document || document.model.format === null) return null;
      return entityUrnAt(document.model, document.lineIndex.offsetAt(params.position)) ?? null;
    }),
  );

  lsp.onRequest(
    DocumentImpactRequest.type,
    lifecycle.guard(async (params): Promise<DocumentImpactResult | ResponseError<void>> => {
      const document = documentAt(params.uri);
      const service = state.service;
      const version = document?.version;
      if (!document || document.model.format === null || !service) return { version, lenses: [] };
      try {
        // Planned in the namespace the service uses, as a push to it is.
        state.documents.catchUp();
        const anchors = await documentImpact(service, document.model, { typeNamespace: typeNamespaceFor(state.target), lineage: state.pending.lineage.fetcher('pending') });
        const lenses = anchors.map((anchor) => ({ position: document.lineIndex.positionAt(anchor.range.start), title: anchor.title, entities: anchor.entities }));
        return { version, lenses };
      } catch (error) {
        return new ResponseError(ErrorCodes.InternalError, describeError(error));
      }
    }),
  );

  lsp.onRequest(
    DocumentPropertyDefinitionsRequest.type,
    lifecycle.guard((params) => {
      const document = documentAt(params.uri);
      if (!document || document.model.format === null) return [];
      return factsOfKind(document.model, 'propertyDefinition').map((definition) => definition.urn.value);
    }),
  );
}
