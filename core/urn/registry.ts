/**
 * The key shape of each URN kind Catalog Code checks: how many parts, and what each part must be.
 * GMS builds the entity's key aspect from the URN's parts in order (`EntityKeyUtils.convertUrnToEntityKey`:
 * the part count must equal the key's field count) and validates it: a `Urn` field must hold a URN,
 * a `FabricType` field one of its symbols, a `string` field anything. Types not listed here are
 * checked for syntax and registry membership only. Sources: the `*Key.pdl` files of
 * datahub-project/datahub metadata-models (reference/datahub-api.md §3.5).
 */

export type PartKind =
  | { kind: 'text' }
  /** a nested URN of this entity type */
  | { kind: 'urn'; entityType: string }
  /** a nested URN of any entity type (a `parent: Urn` key field) */
  | { kind: 'anyUrn' }
  /** a FabricType value (PROD, DEV, ...) */
  | { kind: 'environment' }
  /** a platform name, checked against the known platforms for typos */
  | { kind: 'platformName' }
  /** `datahub.<type>` or `service.<type>` naming a structured-property value type */
  | { kind: 'dataTypeId' }
  /** `datahub.<entity>` or `service.<entity>` naming an entity type */
  | { kind: 'entityTypeId' };

export type PartSpec = PartKind & { label: string };

export interface UrnTypeSpec {
  entityType: string;
  /** the key parts in order; more than one means the key is written as a tuple `(a,b,...)` */
  parts: readonly PartSpec[];
}

const text = (label: string): PartSpec => ({ kind: 'text', label });
const urnOf = (entityType: string, label: string): PartSpec => ({ kind: 'urn', entityType, label });
const environment: PartSpec = { kind: 'environment', label: 'environment' };
const platform = urnOf('dataPlatform', 'platform');
const id = (label = 'id'): PartSpec => text(label);

const SPECS: readonly UrnTypeSpec[] = [
  { entityType: 'dataset', parts: [platform, text('name'), environment] },
  // SchemaFieldKey.pdl: `parent: Urn` — any entity; charts' and dashboards' inputFields name their own fields.
  { entityType: 'schemaField', parts: [{ kind: 'anyUrn', label: 'parent' }, text('field path')] },
  { entityType: 'dataJob', parts: [urnOf('dataFlow', 'data flow'), text('job id')] },
  // The third dataFlow part is DataHub's free-text `cluster` (often `prod`), so it is not a FabricType check.
  { entityType: 'dataFlow', parts: [text('orchestrator'), text('flow id'), text('cluster/environment')] },
  { entityType: 'chart', parts: [text('tool'), text('chart id')] },
  { entityType: 'dashboard', parts: [text('tool'), text('dashboard id')] },
  { entityType: 'notebook', parts: [text('tool'), text('notebook id')] },
  { entityType: 'mlPrimaryKey', parts: [text('feature namespace'), text('name')] },
  { entityType: 'mlFeature', parts: [text('feature namespace'), text('name')] },
  { entityType: 'mlFeatureTable', parts: [platform, text('name')] },
  { entityType: 'mlModel', parts: [platform, text('name'), environment] },
  { entityType: 'mlModelGroup', parts: [platform, text('name'), environment] },
  { entityType: 'dataPlatformInstance', parts: [platform, text('instance')] },
  { entityType: 'corpuser', parts: [text('user name')] },
  { entityType: 'corpGroup', parts: [text('group name')] },
  { entityType: 'structuredProperty', parts: [text('qualified name')] },
  { entityType: 'dataType', parts: [{ kind: 'dataTypeId', label: 'type' }] },
  { entityType: 'entityType', parts: [{ kind: 'entityTypeId', label: 'entity type' }] },
  { entityType: 'dataPlatform', parts: [{ kind: 'platformName', label: 'platform name' }] },
  { entityType: 'tag', parts: [text('tag name')] },
  { entityType: 'glossaryTerm', parts: [text('term name')] },
  { entityType: 'glossaryNode', parts: [text('node name')] },
  { entityType: 'domain', parts: [text('domain id')] },
  { entityType: 'container', parts: [text('container id')] },
  { entityType: 'dataProduct', parts: [text('data product id')] },
  { entityType: 'dataProcessInstance', parts: [text('run id')] },
  { entityType: 'dataProcess', parts: [text('name'), text('orchestrator'), environment] },
  { entityType: 'mlModelDeployment', parts: [platform, text('name'), environment] },
  { entityType: 'assertion', parts: [id('assertion id')] },
  { entityType: 'incident', parts: [id()] },
  { entityType: 'test', parts: [id()] },
  { entityType: 'query', parts: [id()] },
  { entityType: 'post', parts: [id()] },
  { entityType: 'form', parts: [id()] },
  { entityType: 'dataContract', parts: [id()] },
  { entityType: 'ownershipType', parts: [id()] },
  { entityType: 'businessAttribute', parts: [id()] },
  { entityType: 'erModelRelationship', parts: [id()] },
  { entityType: 'role', parts: [id()] },
  { entityType: 'application', parts: [id()] },
  { entityType: 'document', parts: [id()] },
  { entityType: 'dataHubPolicy', parts: [id()] },
  { entityType: 'dataHubRole', parts: [id()] },
  { entityType: 'dataHubView', parts: [id()] },
  { entityType: 'dataHubAccessToken', parts: [id()] },
  { entityType: 'dataHubIngestionSource', parts: [id()] },
  { entityType: 'dataHubExecutionRequest', parts: [id()] },
  { entityType: 'dataHubSecret', parts: [id()] },
  { entityType: 'dataHubConnection', parts: [id()] },
];

const byType = new Map<string, UrnTypeSpec>(SPECS.map((spec) => [spec.entityType, spec]));

/** The key shape of `entityType`, or undefined for types checked only for syntax. */
export function urnTypeSpec(entityType: string): UrnTypeSpec | undefined {
  return byType.get(entityType);
}

/** Every entity type with a known key shape. */
export const URN_TYPE_SPECS: readonly UrnTypeSpec[] = SPECS;

/** "platform, name, environment": the part labels for messages. */
export function describeParts(spec: UrnTypeSpec): string {
  return spec.parts.map((p) => p.label).join(', ');
}
