import type { CodeLens } from 'vscode-languageserver-types';
import { factsOfKind } from '../model/facts';
import type { WorkspaceDocument } from './workspace';

/**
 * Above each definition in a properties file: push it, soft delete it, restore it. The commands
 * are the client's (`catalogCode.*`), so only a client that registers them is offered these.
 */
export function propertyCodeLenses(document: WorkspaceDocument): CodeLens[] {
  if (document.model.format === null) return [];
  return factsOfKind(document.model, 'propertyDefinition').flatMap((definition) => {
    const at = document.lineIndex.positionAt(definition.range.start);
    const range = { start: at, end: at };
    const urn = definition.urn.value;
    return [
      { range, command: { title: 'Push Definitions', command: 'catalogCode.pushPropertyDefinitions', arguments: [document.uri] } },
      { range, command: { title: 'Soft Delete', command: 'catalogCode.softDeleteProperty', arguments: [urn] } },
      { range, command: { title: 'Restore', command: 'catalogCode.restoreProperty', arguments: [urn] } },
    ];
  });
}
