import type { CodeLens } from 'vscode-languageserver-types';
import type { DefinitionsView } from '../definitions/types';
import { factsOfKind } from '../model/facts';
import type { WorkspaceDocument } from '../workspace/workspaceDocument';

/**
 * Above each definition in a properties file: push it, and the one status change that applies to
 * it in the catalog: Soft Delete on a live property, Restore on a soft-deleted one. A property the
 * catalog does not hold (or no catalog answering) gets neither, as both would only fail. The
 * commands are the client's (`catalogCode.*`), so only a client that registers them is offered these.
 */
export function propertyCodeLenses(document: WorkspaceDocument, definitions: DefinitionsView): CodeLens[] {
  if (document.model.format === null) return [];
  return factsOfKind(document.model, 'propertyDefinition').flatMap((definition) => {
    const at = document.lineIndex.positionAt(definition.range.start);
    const range = { start: at, end: at };
    const urn = definition.urn.value;
    const lenses: CodeLens[] = [{ range, command: { title: 'Push Definitions', command: 'catalogCode.pushPropertyDefinitions', arguments: [document.uri] } }];
    const live = definitions.serviceAvailable ? definitions.service.get(urn) : undefined;
    if (live?.softDeleted) lenses.push({ range, command: { title: 'Restore', command: 'catalogCode.restoreProperty', arguments: [urn] } });
    else if (live) lenses.push({ range, command: { title: 'Soft Delete', command: 'catalogCode.softDeleteProperty', arguments: [urn] } });
    return lenses;
  });
}
