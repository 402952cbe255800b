import type { ServiceConnection } from '../core/api';
import { propertyIdOf } from '../core/definitions/normalise';
import type { DefinitionsView, PropertyDefinitionInfo } from '../core/definitions/types';
import type { DocumentModel } from '../core/model/facts';
import { definitionsView, serviceDefinitions, workspaceDefinitions } from './validationContext';

/**
 * What push checks values against before it sends anything: the definitions in the files, and the
 * service's definitions of every other property. A push writes the files' definitions first, so
 * a value may use an allowed value that the same push adds: for a property the files define, the
 * files' definition is the one the value will meet. Values of properties only the service defines
 * are checked against the service, as `validate --service` does. When the service's definitions
 * cannot be read, only the files' are used; the plan then says why the service cannot be used.
 */
export async function pushDefinitions(connection: ServiceConnection, models: readonly DocumentModel[]): Promise<DefinitionsView> {
  const workspace = workspaceDefinitions(models);
  let live: Map<string, PropertyDefinitionInfo>;
  try {
    live = await serviceDefinitions(connection);
  } catch {
    return definitionsView(workspace);
  }
  const definedInFiles = new Set([...workspace.values()].flatMap((d) => [d.urn, propertyIdOf(d.urn), d.qualifiedName]));
  const serviceOnly = new Map([...live].filter(([urn, d]) => !definedInFiles.has(urn) && !definedInFiles.has(d.qualifiedName)));
  return definitionsView(workspace, serviceOnly);
}
