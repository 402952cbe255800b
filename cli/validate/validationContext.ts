import { entitiesExist } from '../../core/api/entities';
import type { ServiceConnection } from '../../core/api/http';
import type { EntityExistenceView } from '../../core/definitions/types';

export { serviceDefinitions } from '../../core/api/serviceDefinitions';
import type { DocumentModel } from '../../core/model/facts';

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
