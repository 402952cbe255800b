import { CASE_INSENSITIVE_ENUMS, ENUMS, KNOWN_KEYS, REQUIRED_KEYS, SHAPE_LABELS, STRICT_SHAPES, type ShapeName } from './shapes';

/**
 * JSON Schemas (draft-07) of the three YAML formats people write by hand — structured-property
 * definitions, dataset YAML, the lineage file — for the editors and tools that read schemas
 * (yaml-language-server, redhat's YAML extension, schema stores). They are generated from the
 * format facts the checks use (shapes.ts: each shape's keys, required keys, strictness and enums),
 * never written beside them: `scripts/generateSchemas.ts` writes `schemas/*.schema.json`, and a
 * test fails when the committed files differ from what this module builds.
 *
 * A schema is a first line of defence, not the whole check: what it cannot say (a URN's grammar,
 * a value allowed by a definition in another file, DataHub's version rules) is the language
 * server's and `catalog-code validate`'s. It never refuses a file the checks accept.
 */

/** What a key of a shape holds, where the schema says more than "any value". */
type KeyKind =
  | { kind: 'scalar' }
  | { kind: 'boolean' }
  | { kind: 'scalarList' }
  | { kind: 'map' }
  | { kind: 'shape'; shape: ShapeName; list?: boolean; orScalar?: boolean }
  | { kind: 'enum'; enumName: string; list?: boolean; orUrnPrefix?: string; anyCase?: boolean };

/**
 * Where each shape sits in another, and the keys with a kind the adapters read them as
 * (propertyDefinitions.ts, propertySettings.ts, datasetYaml.ts, lineageFile.ts). Keys of a shape not
 * named here accept any value; a key named here must be one of the shape's KNOWN_KEYS (a unit test
 * checks it).
 */
const KEY_KINDS: Partial<Record<ShapeName, Readonly<Record<string, KeyKind>>>> = {
  'propertyDefinitions.property': {
    id: { kind: 'scalar' },
    urn: { kind: 'scalar' },
    qualified_name: { kind: 'scalar' },
    // DataHub takes `NUMBER` for `number` (propertyDefinitions.ts isMisCasedType: read as a string, not refused).
    type: { kind: 'enum', enumName: 'propertyType', orUrnPrefix: 'urn:li:dataType:', anyCase: true },
    cardinality: { kind: 'enum', enumName: 'cardinality' },
    entity_types: { kind: 'enum', enumName: 'entityType', list: true, orUrnPrefix: 'urn:li:entityType:' },
    value_entity_types: { kind: 'enum', enumName: 'entityType', list: true, orUrnPrefix: 'urn:li:entityType:' },
    allowed_values: { kind: 'shape', shape: 'propertyDefinitions.allowedValue', list: true },
    type_qualifier: { kind: 'shape', shape: 'propertyDefinitions.typeQualifier' },
    settings: { kind: 'shape', shape: 'propertyDefinitions.settings' },
    immutable: { kind: 'boolean' },
    display_name: { kind: 'scalar' },
    description: { kind: 'scalar' },
    version: { kind: 'scalar' },
  },
  'propertyDefinitions.typeQualifier': { allowed_types: { kind: 'enum', enumName: 'entityType', list: true, orUrnPrefix: 'urn:li:entityType:' } },
  'propertyDefinitions.settings': {
    is_hidden: { kind: 'boolean' },
    show_as_asset_badge: { kind: 'boolean' },
    show_in_asset_summary: { kind: 'boolean' },
    show_in_columns_table: { kind: 'boolean' },
    show_in_search_filters: { kind: 'boolean' },
  },
  'datasetYaml.dataset': {
    id: { kind: 'scalar' },
    urn: { kind: 'scalar' },
    platform: { kind: 'scalar' },
    env: { kind: 'enum', enumName: 'fabricType' },
    schema: { kind: 'shape', shape: 'datasetYaml.schema' },
    downstreams: { kind: 'scalarList' },
    tags: { kind: 'scalarList' },
    glossary_terms: { kind: 'scalarList' },
    owners: { kind: 'shape', shape: 'datasetYaml.owner', list: true, orScalar: true },
    properties: { kind: 'map' },
    structured_properties: { kind: 'map' },
  },
  'datasetYaml.schema': { fields: { kind: 'shape', shape: 'datasetYaml.field', list: true } },
  'datasetYaml.field': {
    id: { kind: 'scalar' },
    urn: { kind: 'scalar' },
    structured_properties: { kind: 'map' },
    nullable: { kind: 'boolean' },
    recursive: { kind: 'boolean' },
    isPartOfKey: { kind: 'boolean' },
    isPartitioningKey: { kind: 'boolean' },
  },
  'datasetYaml.owner': { id: { kind: 'scalar' }, type: { kind: 'enum', enumName: 'ownershipType', orUrnPrefix: 'urn:li:ownershipType:' } },
  'lineageFile.root': { lineage: { kind: 'shape', shape: 'lineageFile.node', list: true } },
  'lineageFile.node': {
    entity: { kind: 'shape', shape: 'lineageFile.entity' },
    upstream: { kind: 'shape', shape: 'lineageFile.node', list: true },
    fineGrainedLineages: { kind: 'shape', shape: 'lineageFile.fineGrainedLineage', list: true },
  },
  'lineageFile.entity': {
    name: { kind: 'scalar' },
    type: { kind: 'enum', enumName: 'lineageEntityType' },
    platform: { kind: 'scalar' },
    env: { kind: 'enum', enumName: 'fabricType' },
    platform_instance: { kind: 'scalar' },
  },
  'lineageFile.fineGrainedLineage': {
    upstreamType: { kind: 'enum', enumName: 'upstreamType' },
    downstreamType: { kind: 'enum', enumName: 'downstreamType' },
    upstreams: { kind: 'scalarList' },
    downstreams: { kind: 'scalarList' },
  },
};

/** Keys one of which the adapters require (they record the missing one themselves, not by REQUIRED_KEYS). */
const ONE_OF_KEYS: Partial<Record<ShapeName, readonly (readonly string[])[]>> = {
  'propertyDefinitions.property': [['id'], ['urn']],
  'datasetYaml.dataset': [['id', 'platform'], ['urn']],
  'datasetYaml.field': [['id'], ['urn']],
};

export interface FormatSchema {
  /** the file name under schemas/ */
  file: string;
  /** the format's name in docs/formats.md */
  title: string;
  /** file names (globs) the schema is contributed for in package.json `yamlValidation` */
  fileMatch: readonly string[];
  schema: Record<string, unknown>;
}

/** Where the schemas are published: their `$id` (the repository's copy of the released version is the same file). */
export const SCHEMA_BASE_URL = 'https://raw.githubusercontent.com/catalog-code/catalog-code/main/schemas/';

type Json = Record<string, unknown>;

const SCALAR: Json = { type: ['string', 'number', 'boolean'] };

/** `prod` as `[Pp][Rr][Oo][Dd]`: JSON Schema patterns have no flags, and the lineage source upper-cases `env`. */
function caseInsensitivePattern(values: readonly string[]): string {
  const letters = (value: string) => [...value].map((c) => (c.toLowerCase() !== c.toUpperCase() ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return `^(${values.map(letters).join('|')})$`;
}

function enumSchema(enumName: string, orUrnPrefix: string | undefined, anyCase = false): Json {
  const values = ENUMS[enumName] ?? [];
  const plain: Json = anyCase || CASE_INSENSITIVE_ENUMS.has(enumName) ? { type: 'string', pattern: caseInsensitivePattern(values), examples: [...values] } : { enum: [...values] };
  if (!orUrnPrefix) return plain;
  return { anyOf: [plain, { type: 'string', pattern: `^${orUrnPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}` }] };
}

function keySchema(kind: KeyKind): Json {
  const list = (item: Json): Json => ({ type: 'array', items: item });
  switch (kind.kind) {
    case 'scalar':
      return SCALAR;
    case 'boolean':
      return { type: 'boolean' };
    case 'scalarList':
      return list(SCALAR);
    case 'map':
      return { type: 'object' };
    case 'shape': {
      const ref: Json = { $ref: `#/definitions/${kind.shape}` };
      const item = kind.orScalar ? { anyOf: [SCALAR, ref] } : ref;
      return kind.list ? list(item) : item;
    }
    case 'enum': {
      const value = enumSchema(kind.enumName, kind.orUrnPrefix, kind.anyCase);
      return kind.list ? list(value) : value;
    }
  }
}

/** One shape as a schema definition: its keys (each with its kind), what it requires, and whether another key is refused. */
function shapeDefinition(shape: ShapeName): Json {
  const kinds = KEY_KINDS[shape] ?? {};
  const properties = Object.fromEntries(KNOWN_KEYS[shape].map((key) => [key, kinds[key] ? keySchema(kinds[key]) : {}]));
  const oneOf = ONE_OF_KEYS[shape];
  return {
    type: 'object',
    description: SHAPE_LABELS[shape].replace(/^an? /, '').replace(/^./, (c) => c.toUpperCase()),
    properties,
    ...(REQUIRED_KEYS[shape].length > 0 ? { required: [...REQUIRED_KEYS[shape]] } : {}),
    ...(oneOf ? { anyOf: oneOf.map((keys) => ({ required: [...keys] })) } : {}),
    // DataHub's loaders for these formats forbid unknown keys (extra="forbid"): so does the schema.
    ...(STRICT_SHAPES.has(shape) ? { additionalProperties: false } : {}),
  };
}

/** The shapes reachable from `root` through KEY_KINDS, each once. */
function reachable(root: ShapeName): ShapeName[] {
  const seen = new Set<ShapeName>([root]);
  for (const shape of seen) for (const kind of Object.values(KEY_KINDS[shape] ?? {})) if (kind.kind === 'shape') seen.add(kind.shape);
  return [...seen];
}

function formatSchema(file: string, title: string, description: string, root: ShapeName, top: Json): Json {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `${SCHEMA_BASE_URL}${file}`,
    title,
    description: `${description} Generated by Catalog Code from core/formats/shapes.ts; the language server and \`catalog-code validate\` check more (URNs, values against definitions, DataHub's rules).`,
    ...top,
    definitions: Object.fromEntries(reachable(root).map((shape) => [shape, shapeDefinition(shape)])),
  };
}

const ref = (shape: ShapeName): Json => ({ $ref: `#/definitions/${shape}` });

/** The three schemas, in a fixed order (the generated files are compared byte for byte). */
export function formatSchemas(): FormatSchema[] {
  return [
    {
      file: 'property-definitions.schema.json',
      title: 'Structured property definitions',
      fileMatch: ['structured_properties.yaml', 'structured_properties.yml', '*.structured_properties.yaml', '*.structured_properties.yml'],
      schema: formatSchema('property-definitions.schema.json', 'Structured property definitions', 'The list of structured property definitions `datahub properties upsert -f` reads.', 'propertyDefinitions.property', {
        type: 'array',
        items: ref('propertyDefinitions.property'),
      }),
    },
    {
      file: 'dataset.schema.json',
      title: 'Dataset YAML',
      fileMatch: ['dataset.yaml', 'dataset.yml', 'datasets.yaml', 'datasets.yml', '*.dataset.yaml', '*.dataset.yml'],
      schema: formatSchema('dataset.schema.json', 'Dataset YAML', 'A dataset, or a list of datasets, as `datahub dataset upsert -f` reads them.', 'datasetYaml.dataset', {
        anyOf: [ref('datasetYaml.dataset'), { type: 'array', items: ref('datasetYaml.dataset') }],
      }),
    },
    {
      file: 'lineage-file.schema.json',
      title: 'Lineage file',
      fileMatch: ['file_lineage.yml', 'file_lineage.yaml', '*.lineage.yml', '*.lineage.yaml'],
      schema: formatSchema('lineage-file.schema.json', 'Lineage file', "The file DataHub's `datahub-lineage-file` source reads.", 'lineageFile.root', { allOf: [ref('lineageFile.root')] }),
    },
  ];
}

/** A schema as written to its file: two-space JSON and a final line break. */
export function schemaText(schema: FormatSchema): string {
  return `${JSON.stringify(schema.schema, null, 2)}\n`;
}

/** The keys KEY_KINDS names that the shape does not know (a unit test expects none). */
export function unknownKeyKinds(): string[] {
  return Object.entries(KEY_KINDS).flatMap(([shape, kinds]) => Object.keys(kinds ?? {}).filter((key) => !KNOWN_KEYS[shape as ShapeName].includes(key)).map((key) => `${shape}.${key}`));
}
