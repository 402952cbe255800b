import type { CatalogStore, JsonObject } from '../store/types';
import { entityTypeOf, graphqlTypeOf, urnFacts, type UrnFacts } from './urnFacts';
import { propertyValueView, structuredPropertyView, dataTypeView, entityTypeView } from './propertyViews';
import { visibleAspectValue, visibleStructuredProperties } from '../softDelete';
import { schemaMetadataView } from './schemaMetadataView';

/**
 * Any URN as a GraphQL `Entity` of DataHub's concrete type. Fields are methods or plain values, read
 * by graphql-js's default resolver only when the document selects them, so an entity costs nothing
 * beyond what is asked. Names, platforms and environments come from the URN key.
 */

const TYPENAMES: Record<string, string> = {
  dataset: 'Dataset',
  dataJob: 'DataJob',
  dataFlow: 'DataFlow',
  chart: 'Chart',
  dashboard: 'Dashboard',
  mlPrimaryKey: 'MLPrimaryKey',
  mlFeature: 'MLFeature',
  mlModel: 'MLModel',
  mlModelGroup: 'MLModelGroup',
  mlFeatureTable: 'MLFeatureTable',
  dataProcessInstance: 'DataProcessInstance',
  schemaField: 'SchemaFieldEntity',
  corpuser: 'CorpUser',
  corpGroup: 'CorpGroup',
  container: 'Container',
  notebook: 'Notebook',
  glossaryTerm: 'GlossaryTerm',
  domain: 'Domain',
  tag: 'Tag',
  dataPlatform: 'DataPlatform',
};

export interface LineageInputArgs {
  input: { direction: 'UPSTREAM' | 'DOWNSTREAM'; start?: number | null; count?: number | null; includeGhostEntities?: boolean | null };
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function platformView(name: string) {
  return { __typename: 'DataPlatform', urn: `urn:li:dataPlatform:${name}`, type: 'DATA_PLATFORM', name };
}

/** DataHub's relationship names for a lineage edge, by the entity types at both ends. */
function relationshipName(upstream: string, downstream: string): string {
  const up = entityTypeOf(upstream);
  const down = entityTypeOf(downstream);
  if (down === 'dataFlow' && up === 'dataJob') return 'IsPartOf';
  if (down === 'dashboard' && up === 'chart') return 'Contains';
  if ((down === 'dataJob' || down === 'chart' || down === 'dashboard') && up === 'dataset') return 'Consumes';
  if (down === 'dataset' && up === 'dataJob') return 'Produces';
  return 'DownstreamOf';
}

/** A schema field exists when its dataset does: columns are keyed by their dataset. */
function existsOrParentExists(store: CatalogStore, urn: string): boolean {
  if (store.entityExists(urn)) return true;
  const facts = urnFacts(urn);
  return facts.entityType === 'schemaField' && facts.parts[0] !== undefined && store.entityExists(facts.parts[0]);
}

export class EntityView {
  readonly __typename: string;
  readonly type: string;
  private readonly facts: UrnFacts;

  constructor(
    private readonly store: CatalogStore,
    readonly urn: string,
  ) {
    this.facts = urnFacts(urn);
    this.__typename = (Object.hasOwn(TYPENAMES, this.facts.entityType) ? TYPENAMES[this.facts.entityType] : 'Restricted');
    this.type = graphqlTypeOf(urn);
  }

  private part(index: number): string {
    return this.facts.parts[index] ?? '';
  }

  exists(): boolean {
    return this.store.entityExists(this.urn);
  }

  status(): { removed: boolean } | null {
    const status = this.store.getAspect(this.urn, 'status')?.value;
    return status ? { removed: status.removed === true } : null;
  }

  get name(): string {
    return this.facts.name;
  }

  origin(): string {
    return (this.facts.origin ?? 'PROD').toUpperCase();
  }

  platform() {
    return this.facts.platform ? platformView(this.facts.platform) : null;
  }

  // DataJob / DataFlow / Chart / Dashboard / MLPrimaryKey / SchemaField / CorpUser key parts
  get jobId(): string {
    return this.part(1);
  }
  dataFlow(): EntityView {
    return new EntityView(this.store, this.part(0));
  }
  get orchestrator(): string {
    return this.part(0);
  }
  get flowId(): string {
    return this.part(1);
  }
  get cluster(): string {
    return this.part(2);
  }
  get tool(): string {
    return this.part(0);
  }
  get chartId(): string {
    return this.part(1);
  }
  get dashboardId(): string {
    return this.part(1);
  }
  get featureNamespace(): string {
    return this.part(0);
  }
  get fieldPath(): string {
    return this.part(1);
  }
  parent(): EntityView {
    return new EntityView(this.store, this.part(0));
  }
  get username(): string {
    return this.part(0);
  }

  structuredProperties() {
    const aspect = this.store.getAspect(this.urn, 'structuredProperties')?.value;
    if (!aspect) return null;
    const visible = visibleStructuredProperties(this.store, aspect);
    const entries = Array.isArray(visible.properties) ? visible.properties.filter(isObject) : [];
    return {
      properties: entries
        .filter((entry) => typeof entry.propertyUrn === 'string')
        .map((entry) => {
          const rawValues = Array.isArray(entry.values) ? entry.values : [];
          const values = rawValues.map(propertyValueView);
          const urnValues = values.flatMap((v) => (v?.__typename === 'StringValue' && v.stringValue.startsWith('urn:li:') ? [v.stringValue] : []));
          return {
            structuredProperty: structuredPropertyView(this.store, entry.propertyUrn as string),
            values,
            valueEntities: urnValues.map((urn) => entityView(this.store, urn)),
            associatedUrn: this.urn,
          };
        }),
    };
  }

  aspects(args: { input?: { aspectNames?: readonly string[] | null } | null }) {
    const names = args.input?.aspectNames;
    return this.store
      .getAspects(this.urn)
      .filter((record) => !names || names.length === 0 || names.includes(record.aspectName))
      .map((record) => ({ aspectName: record.aspectName, payload: JSON.stringify(visibleAspectValue(this.store, record.aspectName, record.value)) }));
  }

  /** Datasets only (the SDL declares it on Dataset): its schemaMetadata aspect, or null. */
  schemaMetadata(args: { version?: number | null }) {
    return schemaMetadataView(this.store, this.urn, args.version);
  }

  fineGrainedLineages() {
    const lineage = this.store.getAspect(this.urn, 'upstreamLineage')?.value;
    if (!lineage || !Array.isArray(lineage.fineGrainedLineages)) return null;
    const ref = (urn: unknown) => {
      const facts = urnFacts(String(urn));
      return facts.entityType === 'schemaField' ? { urn: facts.parts[0] ?? '', path: facts.parts[1] ?? '' } : { urn: String(urn), path: '' };
    };
    return lineage.fineGrainedLineages.filter(isObject).map((entry) => ({
      upstreams: Array.isArray(entry.upstreams) ? entry.upstreams.map(ref) : null,
      downstreams: Array.isArray(entry.downstreams) ? entry.downstreams.map(ref) : null,
      query: typeof entry.query === 'string' ? entry.query : null,
      transformOperation: typeof entry.transformOperation === 'string' ? entry.transformOperation : null,
    }));
  }

  /** One hop of lineage, as DataHub's `lineage` field answers it. */
  lineage(args: LineageInputArgs) {
    const { direction, includeGhostEntities } = args.input;
    const start = Math.max(0, args.input.start ?? 0);
    const count = Math.max(0, args.input.count ?? 100);
    const neighbours = direction === 'UPSTREAM' ? this.store.lineage.upstreamsOf(this.urn) : this.store.lineage.downstreamsOf(this.urn);
    const shown = includeGhostEntities ? [...neighbours] : neighbours.filter((urn) => existsOrParentExists(this.store, urn));
    const relationships = shown.slice(start, start + count).map((other) => {
      const [upstream, downstream] = direction === 'UPSTREAM' ? [other, this.urn] : [this.urn, other];
      return {
        type: relationshipName(upstream, downstream),
        entity: entityView(this.store, other),
        degree: 1,
        isManual: null,
        paths: [{ path: [entityView(this.store, this.urn), entityView(this.store, other)] }],
      };
    });
    return { start, count: relationships.length, total: shown.length, filtered: neighbours.length - shown.length, relationships };
  }
}

/** The GraphQL object for a URN, of the concrete type its entity type has in DataHub's schema. */
export function entityView(store: CatalogStore, urn: string): object {
  switch (entityTypeOf(urn)) {
    case 'structuredProperty':
      return structuredPropertyView(store, urn);
    case 'dataType':
      return dataTypeView(urn);
    case 'entityType':
      return entityTypeView(urn);
    default:
      return new EntityView(store, urn);
  }
}
