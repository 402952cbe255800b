import type { ServiceConnection } from '../core/api';
import { propertyIdOf } from '../core/definitions/normalise';
import type { PropertyDefinitionInfo } from '../core/definitions/types';
import { serviceDefinitions } from './validationContext';

/**
 * The service's definitions that push checks values against, beside the files' own. A push writes
 * the files' definitions first, so a value may use an allowed value that the same push adds: for a
 * property the files define, the files' definition is the one the value will meet, and the
 * service's copy is left out. Values of properties only the service defines are checked against
 * the service, as `validate --service` does. Undefined when the service's definitions cannot be
 * read: only the files' are used then, and the plan says why the service cannot be used.
 */
export async function serviceDefinitionsForPush(
  connection: ServiceConnection,
  definedInFiles: ReadonlyMap<string, PropertyDefinitionInfo>,
): Promise<Map<string, PropertyDefinitionInfo> | undefined> {
  let live: Map<string, PropertyDefinitionInfo>;
  try {
    live = await serviceDefinitions(connection);
  } catch {
    return undefined;
  }
  const fileNames = new Set([...definedInFiles.values()].flatMap((d) => [d.urn, propertyIdOf(d.urn), d.qualifiedName]));
  return new Map([...live].filter(([urn, d]) => !fileNames.has(urn) && !fileNames.has(d.qualifiedName)));
}
