import { graphqlRequest } from './graphql';
import type { ServiceConnection } from './http';

/** How many datasets one request asks about (one GraphQL document, one alias per dataset). */
export const SCHEMA_BATCH_SIZE = 25;

/**
 * One `dataset(urn:) { schemaMetadata { fields { fieldPath } } }` per URN, aliased `d0`, `d1`, …
 * (DataHub's entity.graphql: `Dataset.schemaMetadata(version: Long): SchemaMetadata`, null for a
 * dataset without a schema or unknown to the catalog).
 */
export function datasetSchemasDocument(count: number): string {
  const declarations = Array.from({ length: count }, (_, i) => `$u${i}: String!`).join(', ');
  const selections = Array.from({ length: count }, (_, i) => `d${i}: dataset(urn: $u${i}) {\n    schemaMetadata {\n      fields {\n        fieldPath\n      }\n    }\n  }`).join('\n  ');
  return `query catalogCodeDatasetSchemas(${declarations}) {\n  ${selections}\n}`;
}

type SchemaAnswer = Record<string, { schemaMetadata?: { fields?: { fieldPath?: unknown }[] | null } | null } | null>;

/**
 * The field paths of each dataset's schema in the catalog, by URN; null where the catalog has no
 * schema for it. At most SCHEMA_BATCH_SIZE datasets a request.
 */
export async function datasetSchemaFields(connection: ServiceConnection, urns: readonly string[]): Promise<Map<string, string[] | null>> {
  const unique = [...new Set(urns)];
  const answers = new Map<string, string[] | null>();
  for (let start = 0; start < unique.length; start += SCHEMA_BATCH_SIZE) {
    const batch = unique.slice(start, start + SCHEMA_BATCH_SIZE);
    const variables = Object.fromEntries(batch.map((urn, i) => [`u${i}`, urn]));
    const data = await graphqlRequest<SchemaAnswer>(connection, datasetSchemasDocument(batch.length), variables);
    batch.forEach((urn, i) => {
      const fields = data[`d${i}`]?.schemaMetadata?.fields;
      answers.set(urn, Array.isArray(fields) ? fields.map((field) => field.fieldPath).filter((path): path is string => typeof path === 'string') : null);
    });
  }
  return answers;
}
