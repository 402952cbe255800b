import { AUTO_COMPLETE } from '../../core/api/autoComplete';
import { SEARCH_DEFINITIONS } from '../../core/api/definitions';
import { datasetSchemasDocument } from '../../core/api/datasetSchemas';
import { existenceDocument } from '../../core/api/entities';
import { SCROLL_LINEAGE } from '../../core/api/lineageClient';
import { SCROLL_PROPERTY_USERS } from '../../core/api/propertyUsers';
import { UPDATE_LINEAGE } from '../../core/api/pushClient';
import { RAW_ASPECTS } from '../../core/plan/pushStateBatch';

/** Every GraphQL document the client (core/) sends to a catalog, by a readable name. */
export const CLIENT_DOCUMENTS: readonly (readonly [string, string])[] = [
  ['definitions search', SEARCH_DEFINITIONS],
  ['autoComplete', AUTO_COMPLETE],
  ['entity existence (3 URNs)', existenceDocument(3)],
  ['property-users search', SCROLL_PROPERTY_USERS],
  ['lineage scroll', SCROLL_LINEAGE],
  ['updateLineage', UPDATE_LINEAGE],
  ['raw aspects for push state', RAW_ASPECTS],
  ['dataset schemas (2 URNs)', datasetSchemasDocument(2)],
];
