import { listPropertyDefinitions } from './definitions';
import type { ServiceConnection } from './http';
import { definitionFromAspect } from '../definitions/fromAspect';
import { propertyIdOf } from '../definitions/normalise';
import type { PropertyDefinitionInfo } from '../definitions/types';

/** The live definitions of the service, normalised like the editor's. */
export async function serviceDefinitions(connection: ServiceConnection): Promise<Map<string, PropertyDefinitionInfo>> {
  const fetchedAt = Date.now();
  const map = new Map<string, PropertyDefinitionInfo>();
  for (const item of await listPropertyDefinitions(connection)) {
    const info = definitionFromAspect({ urn: item.urn, aspect: item.aspect, removed: item.removed, origin: { kind: 'service', url: connection.url, fetchedAt } });
    if (info) map.set(info.urn, info);
  }
  return map;
}

/**
 * The service's definitions that a push checks values against, beside the files' own. A push
 * writes the files' definitions first, so a value may use an allowed value that the same push
 * adds: for a property the files define, the files' definition is the one the value will meet,
 * and the service's copy is left out. Values of properties only the service defines are checked
 * against the service. Undefined when the service's definitions cannot be read: only the files'
 * are used then, and planning says why the service cannot be used. `live` is every definition
 * the service holds: what a file's definition is compared with (a breaking change is refused).
 */
export async function serviceDefinitionsForPush(
  connection: ServiceConnection,
  definedInFiles: ReadonlyMap<string, PropertyDefinitionInfo>,
): Promise<{ forValues: Map<string, PropertyDefinitionInfo>; live: Map<string, PropertyDefinitionInfo> } | undefined> {
  let live: Map<string, PropertyDefinitionInfo>;
  try {
    live = await serviceDefinitions(connection);
  } catch {
    return undefined;
  }
  return { forValues: withoutDefinedInFiles(live, definedInFiles), live };
}

/** `live` less the properties the files define (by URN, id or qualified name). */
function withoutDefinedInFiles(live: ReadonlyMap<string, PropertyDefinitionInfo>, definedInFiles: ReadonlyMap<string, PropertyDefinitionInfo>): Map<string, PropertyDefinitionInfo> {
  const fileNames = new Set([...definedInFiles.values()].flatMap((d) => [d.urn, propertyIdOf(d.urn), d.qualifiedName]));
  return new Map([...live].filter(([urn, d]) => !fileNames.has(urn) && !fileNames.has(d.qualifiedName)));
}
