import { pulledYaml } from './yamlText';
import type { EntityPropertyValues, PropertyValueView } from '../api/propertyUsers';
import { datasetKey, entityTypeOfUrn, parseUrn, schemaFieldKey } from '../urn';
import { compare } from './definitionsYaml';

/** What the pull knows about each property it writes values of. */
export interface PropertyInfo {
  qualifiedName: string;
  multiple: boolean;
}

/** The `datasetProperties` a dataset entry repeats so that a push of the file changes nothing. */
export interface DatasetFacts {
  name?: string;
  description?: string;
}

/**
 * Structured-property values as files: datasets and their columns as a `datahub dataset upsert`
 * YAML (`structured_properties` on the dataset and on `schema.fields`), every other entity type as
 * an MCP JSON of whole `structuredProperties` aspects. Both list all properties of each entity,
 * so a push replaces exactly what the catalog holds. Sorted by URN and qualified name.
 */
export function valuesFiles(entities: readonly EntityPropertyValues[], properties: ReadonlyMap<string, PropertyInfo>, datasets: ReadonlyMap<string, DatasetFacts | undefined>): { datasetsYaml?: string; mcpJson?: string; entityCount: number } {
  const datasetEntries = new Map<string, { own?: Map<string, PropertyValueView[]>; fields: Map<string, Map<string, PropertyValueView[]>> }>();
  const others: EntityPropertyValues[] = [];
  let entityCount = 0;
  for (const entity of entities) {
    const known = new Map([...entity.properties].filter(([urn, values]) => properties.has(urn) && values.length > 0));
    if (known.size === 0) continue;
    entityCount++;
    const parsed = parseUrn(entity.urn);
    const field = parsed.ok ? schemaFieldKey(parsed.urn) : undefined;
    const datasetUrn = field?.datasetUrn ?? (entityTypeOfUrn(entity.urn) === 'dataset' ? entity.urn : undefined);
    if (!datasetUrn) {
      others.push({ ...entity, properties: known });
      continue;
    }
    let entry = datasetEntries.get(datasetUrn);
    if (!entry) datasetEntries.set(datasetUrn, (entry = { fields: new Map() }));
    if (field) entry.fields.set(field.fieldPath, known);
    else entry.own = known;
  }
  const out: { datasetsYaml?: string; mcpJson?: string; entityCount: number } = { entityCount };
  if (datasetEntries.size > 0) {
    const list = [...datasetEntries].sort(([a], [b]) => compare(a, b)).map(([urn, entry]) => datasetEntry(urn, entry, properties, datasets.get(urn)));
    out.datasetsYaml = pulledYaml(list);
  }
  if (others.length > 0) {
    const proposals = others
      .sort((a, b) => compare(a.urn, b.urn))
      .map((entity) => ({
        entityType: entityTypeOfUrn(entity.urn) ?? 'dataset',
        entityUrn: entity.urn,
        changeType: 'UPSERT',
        aspectName: 'structuredProperties',
        aspect: { json: { properties: sortedProperties(entity.properties, properties).map(([urn, values]) => ({ propertyUrn: urn, values: values.map((v) => (typeof v === 'number' ? { double: v } : { string: v })) })) } },
      }));
    out.mcpJson = `${JSON.stringify(proposals, null, 2)}\n`;
  }
  return out;
}

function datasetEntry(urn: string, entry: { own?: Map<string, PropertyValueView[]>; fields: Map<string, Map<string, PropertyValueView[]>> }, properties: ReadonlyMap<string, PropertyInfo>, facts: DatasetFacts | undefined): Record<string, unknown> {
  const parsed = parseUrn(urn);
  const key = parsed.ok ? datasetKey(parsed.urn) : undefined;
  const out: Record<string, unknown> = {};
  // A dataset without datasetProperties is written by URN: an id would make a push add a name.
  if (key && facts) {
    out.id = key.name;
    out.platform = key.platform;
    if (key.env !== 'PROD') out.env = key.env;
    if (facts.name !== undefined && facts.name !== key.name) out.name = facts.name;
    if (facts.description !== undefined) out.description = facts.description;
  } else {
    out.urn = urn;
  }
  if (entry.own) out.structured_properties = propertyMap(entry.own, properties);
  if (entry.fields.size > 0) {
    out.schema = {
      fields: [...entry.fields].sort(([a], [b]) => compare(a, b)).map(([fieldPath, values]) => ({ id: fieldPath, structured_properties: propertyMap(values, properties) })),
    };
  }
  return out;
}

function sortedProperties(values: ReadonlyMap<string, PropertyValueView[]>, properties: ReadonlyMap<string, PropertyInfo>): [string, PropertyValueView[]][] {
  const name = (urn: string) => properties.get(urn)?.qualifiedName ?? urn;
  return [...values].sort(([a], [b]) => compare(name(a), name(b)));
}

function propertyMap(values: ReadonlyMap<string, PropertyValueView[]>, properties: ReadonlyMap<string, PropertyInfo>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [urn, list] of sortedProperties(values, properties)) {
    const info = properties.get(urn);
    out[info?.qualifiedName ?? urn] = info?.multiple || list.length > 1 ? [...list] : list[0];
  }
  return out;
}
