import type { PropertyDefinitionInfo } from '../core/definitions/types';
import { factsOfKind } from '../core/model/facts';
import type { LoadedWorkspace } from './documents';
import type { FileDiagnostic } from './report';

/**
 * What the pre-commit check says of a file the commit leaves alone that assigns a property whose
 * definition the commit removes (and no catalog defines): an error, since a push of that file
 * would now create values of a property nobody defines. Offline nothing else says so loudly:
 * `property.unknown` is a warning there, and with no definitions left no property is unknown.
 */
export function usesOfRemovedDefinitions(
  before: LoadedWorkspace,
  now: LoadedWorkspace,
  untouched: (file: string) => boolean,
  service: ReadonlyMap<string, PropertyDefinitionInfo> | undefined,
): FileDiagnostic[] {
  const kept = now.session.definitions();
  const removed = new Map([...before.session.definitions()].filter(([urn]) => !kept.has(urn) && !service?.has(urn)));
  if (removed.size === 0) return [];
  const found: FileDiagnostic[] = [];
  for (const document of now.documents) {
    if (!untouched(document.file)) continue;
    const lines = now.session.get(document.uri)?.lineIndex;
    for (const fact of factsOfKind(document.model, 'propertyAssignment')) {
      const definition = removed.get(fact.propertyUrn);
      if (!definition || !lines) continue;
      found.push({
        file: document.file,
        range: { start: lines.positionAt(fact.property.range.start), end: lines.positionAt(fact.property.range.end) },
        severity: 'error',
        code: 'property.unknown',
        message: `The structured property '${definition.qualifiedName}' is no longer defined: this commit removes its definition, and this file still assigns it. Keep the definition, or remove the assignment here and stage that too.`,
      });
    }
  }
  return found;
}
