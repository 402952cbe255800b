import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildASTSchema, parse, validateSchema, type GraphQLSchema } from 'graphql';
import { referencePath } from './reference';

/**
 * DataHub's real GraphQL schema, built from the verbatim copies in the reference folder
 * (test/support/reference.ts) exactly as their README says: the five files concatenated, plus stubs
 * for types other upstream files define.
 */

/** The part of the reference folder this schema is built from, for testsNeedingReference. */
export const DATAHUB_GRAPHQL = 'datahub-graphql';

const FILES = ['entity.graphql', 'search.graphql', 'lineage.graphql', 'properties.graphql', 'forms.graphql'];

const STUBS = `
type CorpUserColumnViewsSettings { _stub: String }
type DataHubPageTemplate { _stub: String }
type Documentation { _stub: String }
type EntityPrivileges { _stub: String }
type LifecycleStageType { _stub: String }
type MetadataAttribution { _stub: String }
type OperationsQueryResult { _stub: String }
input OperationsStatsInput { _stub: String }
input RelatedDocumentsInput { _stub: String }
type RelatedDocumentsResult { _stub: String }
interface SavedView { urn: String! }
input SortQueriesInput { _stub: String }
`;

let built: GraphQLSchema | undefined;

/** Built once per test process: the schema is large. */
export function buildDatahubSchema(): GraphQLSchema {
  if (built) return built;
  const dir = referencePath(DATAHUB_GRAPHQL);
  const sdl = FILES.map((file) => readFileSync(path.join(dir, file), 'utf8')).join('\n') + STUBS;
  const schema = buildASTSchema(parse(sdl));
  const errors = validateSchema(schema);
  if (errors.length > 0) throw new Error(`DataHub's schema does not build: ${errors.map((e) => e.message).join('; ')}`);
  built = schema;
  return schema;
}
