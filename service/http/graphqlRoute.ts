import type { Route } from './router';
import { readJsonBody } from './body';
import { badRequest } from './errors';
import { sendText } from './respond';
import { MAX_ANSWER_CHARS } from '../graphql/limits';

export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  signal?: AbortSignal;
}

export type GraphqlExecutor = (request: GraphqlRequest) => Promise<{ data?: unknown; errors?: unknown[]; extensions?: unknown }>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The answer as JSON text, or, past MAX_ANSWER_CHARS, a GraphQL error that says so and what to do. */
function boundedAnswer(answer: object): string {
  const text = JSON.stringify(answer);
  if (text.length <= MAX_ANSWER_CHARS) return text;
  const message = `The answer would be ${text.length} characters long; the local catalog sends at most ${MAX_ANSWER_CHARS} per request. Ask for fewer or smaller pages (a lower count or limit, fewer aliases, fewer raw aspects) and page through the rest with nextScrollId or start.`;
  return JSON.stringify({ data: null, errors: [{ message, extensions: { code: 400, type: 'BAD_REQUEST' } }], extensions: {} });
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
        throw badRequest('The body must be {"query": "<GraphQL document>", "variables": {...}}; "query" is missing or empty.');
      }
      if (body.variables !== undefined && body.variables !== null && !isObject(body.variables)) {
        throw badRequest('"variables" must be a JSON object such as {"urn": "urn:li:dataset:..."}; leave it out when the query has no variables.');
      }
      if (body.operationName !== undefined && body.operationName !== null && typeof body.operationName !== 'string') {
        throw badRequest('"operationName" must be a string naming one operation of the query; leave it out when the query has one operation.');
      }
      // A client that goes away (or a service that closes its connections) stops the request.
      const gone = new AbortController();
      ctx.res.once('close', () => gone.abort());
      const result = await execute({
        query: body.query,
        variables: isObject(body.variables) ? body.variables : undefined,
        operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
        signal: gone.signal,
      });
      if (ctx.res.destroyed) return;
      sendText(ctx.res, 200, boundedAnswer({ ...result, extensions: result.extensions ?? {} }));
    },
  };
}
