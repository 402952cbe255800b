import type { ParsedUrn } from '../../core/urn/types';
import type { JsonObject } from '../store/types';
import { partText } from '../validation/urns';

/**
 * Which aspects each entity type may hold (a subset of DataHub's entity registry: the ones this
 * product reads or writes, plus the common ones a DataHub user would send), and each type's key
 * aspect, written when an entity comes to exist.
 */

const COMMON = [
  'status',
  'structuredProperties',
  'ownership',
  'globalTags',
  'glossaryTerms',
  'domains',
  'browsePaths',
  'browsePathsV2',
  'subTypes',
  'dataPlatformInstance',
  'institutionalMemory',
  'container',
  'deprecation',
  'forms',
];

const BY_TYPE: Record<string, string[]> = {
  dataset: ['datasetProperties', 'editableDatasetProperties', 'schemaMetadata', 'editableSchemaMetadata', 'upstreamLineage', 'viewProperties', 'siblings', 'datasetProfile'],
  schemaField: ['schemafieldInfo', 'documentation'],
  dataJob: ['dataJobInfo', 'dataJobInputOutput', 'editableDataJobProperties'],
  dataFlow: ['dataFlowInfo', 'editableDataFlowProperties'],
  chart: ['chartInfo', 'editableChartProperties', 'inputFields', 'chartQuery'],
  dashboard: ['dashboardInfo', 'editableDashboardProperties'],
  structuredProperty: ['propertyDefinition', 'structuredPropertySettings'],
  mlPrimaryKey: ['mlPrimaryKeyProperties'],
  corpuser: ['corpUserInfo', 'corpUserEditableInfo'],
  dataPlatform: ['dataPlatformInfo'],
  dataType: ['dataTypeInfo'],
  entityType: ['entityTypeInfo'],
};

const KEY_NAME_OVERRIDES: Record<string, string> = { corpuser: 'corpUserKey' };

export function keyAspectName(entityType: string): string {
  return KEY_NAME_OVERRIDES[entityType] ?? `${entityType}Key`;
}

/** The canonical spelling of `aspectName` for `entityType` (DataHub matches aspect names case-insensitively). */
export function resolveAspectName(entityType: string, aspectName: string): string | undefined {
  const wanted = aspectName.toLowerCase();
  return aspectNamesOf(entityType).find((name) => name.toLowerCase() === wanted);
}

export function aspectNamesOf(entityType: string): string[] {
  return [keyAspectName(entityType), ...COMMON, ...(BY_TYPE[entityType] ?? [])];
}

/** The key aspect of a URN (DataHub's `<type>Key` fields, in tuple order); undefined for types without a known key. */
export function keyAspectOf(urn: ParsedUrn): JsonObject | undefined {
  const p = (i: number) => partText(urn, i) ?? '';
  switch (urn.entityType) {
    case 'dataset':
      return { platform: p(0), name: p(1), origin: p(2) };
    case 'schemaField':
      return { parent: p(0), fieldPath: p(1) };
    case 'dataJob':
      return { flow: p(0), jobId: p(1) };
    case 'dataFlow':
      return { orchestrator: p(0), flowId: p(1), cluster: p(2) };
    case 'chart':
      return { dashboardTool: p(0), chartId: p(1) };
    case 'dashboard':
      return { dashboardTool: p(0), dashboardId: p(1) };
    case 'mlPrimaryKey':
      return { featureNamespace: p(0), name: p(1) };
    case 'corpuser':
      return { username: p(0) };
    case 'dataPlatform':
      return { platformName: p(0) };
    case 'tag':
      return { name: p(0) };
    case 'structuredProperty':
    case 'dataType':
    case 'entityType':
      return { id: p(0) };
    default:
      return urn.parts.length === 1 ? { id: p(0) } : undefined;
  }
}
