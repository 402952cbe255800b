import type { Route } from './router';
import { readJsonBody } from './body';
import { HttpError } from './errors';
import { sendJson } from './respond';

export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export type GraphqlExecutor = (request: GraphqlRequest) => Promise<{ data?: unknown; errors?: unknown[]; extensions?: unknown }>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `POST /api/graphql`: always behind the token (checked by the server before this runs). */
export function graphqlRoute(execute: GraphqlExecutor, bodyLimitBytes: number): Route {
  return {
    method: 'POST',
    pattern: '/api/graphql',
    access: 'token',
    handler: async (ctx) => {
      const body = await readJsonBody(ctx.req, ['application/json', 'application/graphql+json'], bodyLimitBytes);
      if (!isObject(body) || typeof body.query !== 'string' || body.query.trim() === '') {
        throw new HttpError(400, { error: 'Bad Request', message: 'The body must be {"query": "<GraphQL document>", "variables": {...}}; "query" is missing or empty.' });
      }
      if (body.variables !== undefined && body.variables !== null && !isObject(body.variables)) {
        throw new HttpError(400, { error: 'Bad Request', message: '"variables" must be a JSON object.' });
      }
      if (body.operationName !== undefined && body.operationName !== null && typeof body.operationName !== 'string') {
        throw new HttpError(400, { error: 'Bad Request', message: '"operationName" must be a string.' });
      }
      const result = await execute({
        query: body.query,
        variables: isObject(body.variables) ? body.variables : undefined,
        operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
      });
      sendJson(ctx.res, 200, { ...result, extensions: result.extensions ?? {} });
    },
  };
}
