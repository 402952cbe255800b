import { buildSchema, execute, GraphQLError, parse, validate, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { CatalogStore } from '../store/types';
import { rootResolvers } from './rootResolvers';
import { HttpError } from '../http/errors';
import { MAX_QUERY_CHARS, MAX_QUERY_DEPTH, MAX_QUERY_TOKENS, selectionDepth } from './limits';
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

/** A request over the limits: HTTP 400, with the message also as a GraphQL error for GraphQL clients. */
function tooMuch(message: string): HttpError {
  return new HttpError(400, { error: 'Bad Request', message, errors: [{ message, extensions: { code: 400, type: 'BAD_REQUEST', classification: 'ValidationError' } }] });
}

export function createGraphqlExecutor(store: CatalogStore): GraphqlExecutor {
  const schema = buildLocalSchema();
  const rootValue = rootResolvers(store);
  return async (request) => {
    if (typeof request.query !== 'string' || request.query.trim() === '') {
      return requestErrors([new GraphQLError('The request has no GraphQL document: send {"query": "...", "variables": {...}} as JSON.')]);
    }
    if (request.query.length > MAX_QUERY_CHARS) {
      throw tooMuch(`The GraphQL document is ${request.query.length} characters long; the local catalog reads at most ${MAX_QUERY_CHARS}. Send a smaller query.`);
    }
    let document: DocumentNode;
    try {
      document = parse(request.query, { maxTokens: MAX_QUERY_TOKENS });
    } catch (error) {
      if (error instanceof GraphQLError && /more tha[nt] \d+ tokens/i.test(error.message)) {
        throw tooMuch(`The GraphQL document has more than ${MAX_QUERY_TOKENS} tokens; the local catalog reads at most ${MAX_QUERY_TOKENS}. Send a smaller query.`);
      }
      if (error instanceof GraphQLError) return requestErrors([error]);
      if (error instanceof RangeError) throw tooMuch(`The GraphQL document nests too deeply to be read; the local catalog accepts selections at most ${MAX_QUERY_DEPTH} levels deep.`);
      throw error;
    }
    const depth = selectionDepth(document);
    if (depth > MAX_QUERY_DEPTH) {
      throw tooMuch(`The GraphQL document nests selections more than ${MAX_QUERY_DEPTH} levels deep; the local catalog accepts at most ${MAX_QUERY_DEPTH}. Flatten the query.`);
    }
    const invalid = validate(schema, document);
    if (invalid.length > 0) return requestErrors(invalid);
    const result: ExecutionResult = await execute({
      schema,
      document,
      rootValue,
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
