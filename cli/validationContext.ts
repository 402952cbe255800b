import { entitiesExist, listPropertyDefinitions, type ServiceConnection } from '../core/api';
import { definitionFromAspect } from '../core/definitions/fromAspect';
import type { EntityExistenceView, PropertyDefinitionInfo } from '../core/definitions/types';
import type { DocumentModel } from '../core/model/facts';

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

/** Which entities that the files' edges name exist in the service, asked in batches. */
export async function serviceExistence(connection: ServiceConnection, models: readonly DocumentModel[]): Promise<EntityExistenceView> {
  const urns = new Set<string>();
  for (const model of models) {
    for (const fact of model.facts) {
      if (fact.kind === 'lineageEdge') {
        urns.add(fact.downstream.value);
        urns.add(fact.upstream.value);
      }
    }
  }
  const known = urns.size > 0 ? await entitiesExist(connection, [...urns]) : new Map<string, boolean>();
  return { exists: (urn) => known.get(urn) };
}
