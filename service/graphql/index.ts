import { buildSchema, execute, GraphQLError, validate, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { CatalogStore } from '../store/types';
import { rootResolvers } from './rootResolvers';
import { admitDocument } from './admission';
import { budgetedFieldResolver, RequestBudget } from './requestBudget';
import { LOCAL_SDL } from './schema';

/**
 * The local catalog's GraphQL executor (spec §4.1). The HTTP layer checks the token, then hands the
 * JSON body here; the answer is sent with status 200 whatever it holds, as DataHub does. Successful
 * answers carry `extensions: {}` like the spec's examples; resolver failures carry DataHub's
 * `extensions: {code, type}` (reference/datahub-api.md §1.9).
 */

export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  /** aborted when the client goes away or the service closes: the request stops at its next working field */
  signal?: AbortSignal;
}

export interface GraphqlResponse {
  data?: unknown;
  errors?: unknown[];
  extensions?: unknown;
}

export type GraphqlExecutor = (request: GraphqlRequest) => Promise<GraphqlResponse>;

export { LOCAL_SDL } from './schema';

export function buildLocalSchema(): GraphQLSchema {
  return buildSchema(LOCAL_SDL);
}

/** graphql-java marks parse and validation failures this way; DataHub passes them through. */
function requestErrors(errors: readonly GraphQLError[]): GraphqlResponse {
  return { errors: errors.map((error) => ({ ...error.toJSON(), extensions: { classification: 'ValidationError', ...error.extensions } })), extensions: {} };
}

/** An exception that is not one of ours is a server fault: DataHub's SERVER_ERROR. */
function resolverError(error: GraphQLError): unknown {
  if (error.path === undefined) return requestErrors([error]).errors?.[0];
  const json = error.toJSON();
  if (json.extensions && typeof json.extensions.code === 'number') return json;
  return { ...json, extensions: { ...json.extensions, code: 500, type: 'SERVER_ERROR' } };
}

export function createGraphqlExecutor(store: CatalogStore): GraphqlExecutor {
  const schema = buildLocalSchema();
  const rootValue = rootResolvers(store);
  return async (request) => {
    if (typeof request.query !== 'string' || request.query.trim() === '') {
      return requestErrors([new GraphQLError('The request has no GraphQL document: send {"query": "...", "variables": {...}} as JSON.')]);
    }
    const document = admitDocument(request);
    if (document instanceof GraphQLError) return requestErrors([document]);
    const invalid = validate(schema, document);
    if (invalid.length > 0) return requestErrors(invalid);
    const result: ExecutionResult = await execute({
      schema,
      document,
      rootValue,
      contextValue: new RequestBudget(request.signal),
      fieldResolver: budgetedFieldResolver,
      variableValues: request.variables ?? undefined,
      operationName: request.operationName ?? undefined,
    });
    const response: GraphqlResponse = {};
    if (result.errors && result.errors.length > 0) response.errors = result.errors.map(resolverError);
    if (result.data !== undefined) response.data = result.data;
    response.extensions = result.extensions ?? {};
    return response;
  };
}
