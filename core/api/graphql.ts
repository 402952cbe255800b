import { readAnswerText } from './answerBody';
import { ServiceError, errorForFetchFailure, errorForRedirect, errorForStatus, isServiceError, retryAfterMs, withoutToken } from './errors';
import { DEFAULT_TIMEOUT_MS, authHeaders, baseUrl, withReadRetry, type ServiceConnection } from './http';

/** One error entry of a GraphQL answer, as DataHub shapes it (`extensions.code` is an HTTP-like number). */
interface GraphQLErrorShape {
  message?: unknown;
  extensions?: { code?: unknown; type?: unknown };
}

// graphql-request is an ES module; this CommonJS code base loads it lazily (esbuild and tsx
// both resolve the dynamic import), and every call is asynchronous anyway.
type GraphQLRequestModule = typeof import('graphql-request', { with: { 'resolution-mode': 'import' } });
let modulePromise: Promise<GraphQLRequestModule> | undefined;
function loadGraphQLRequest(): Promise<GraphQLRequestModule> {
  modulePromise ??= import('graphql-request');
  return modulePromise;
}

/**
 * Runs one GraphQL document against `POST <url>/api/graphql` and returns `data`. HTTP failures
 * (401 is a servlet error page, not a GraphQL body) and GraphQL errors become ServiceErrors.
 */
export async function graphqlRequest<T>(connection: ServiceConnection, document: string, variables: Record<string, unknown> = {}): Promise<T> {
  // A query changes nothing and may be tried again; a mutation is sent once.
  if (/^\s*(#[^\n]*\n\s*)*mutation\b/.test(document)) return graphqlRequestOnce<T>(connection, document, variables);
  return withReadRetry(connection, () => graphqlRequestOnce<T>(connection, document, variables));
}

/**
 * fetch as graphql-request should use it: redirects are not followed (the answer would come from
 * an address the user did not configure), and a 2xx answer that is not JSON is said to be so.
 */
function guardedFetch(base: string): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, { ...init, redirect: 'manual' });
    if (response.status >= 300 && response.status < 400) throw errorForRedirect(base, 'a GraphQL request', response.status, response.headers.get('location'));
    // At most MAX_ANSWER_BYTES of any answer, an error page too; graphql-request reads the copy.
    const text = await readAnswerText(response, base, `a GraphQL request (POST ${base}/api/graphql)`);
    if (!response.ok) return new Response(text, { status: response.status, statusText: response.statusText, headers: withoutEncoding(response.headers) });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ServiceError('badResponse', `The catalog service at ${base} answered a GraphQL request with something that is not JSON. Check that the URL points at the catalog service.`, response.status);
    }
    if (!isGraphQLResponse(parsed)) throw new ServiceError('badResponse', `The catalog service at ${base} answered a GraphQL request with JSON that is not a GraphQL response (no data or errors). Check that the URL points at the catalog service.`, response.status);
    return new Response(text, { status: response.status, statusText: response.statusText, headers: withoutEncoding(response.headers) });
  };
}

function isGraphQLResponse(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && ('data' in value || 'errors' in value);
}

/** The headers of an answer already read and inflated: its length and encoding no longer describe the copy. */
function withoutEncoding(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete('content-encoding');
  copy.delete('content-length');
  return copy;
}

async function graphqlRequestOnce<T>(connection: ServiceConnection, document: string, variables: Record<string, unknown>): Promise<T> {
  const base = baseUrl(connection);
  const timeoutMs = connection.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { GraphQLClient, ClientError } = await loadGraphQLRequest();
  const client = new GraphQLClient(`${base}/api/graphql`, { headers: authHeaders(connection), errorPolicy: 'all', fetch: guardedFetch(base) });
  try {
    const response = await client.rawRequest<T>({ query: document, variables, signal: AbortSignal.timeout(timeoutMs) });
    const errors = (response.errors ?? []) as GraphQLErrorShape[];
    if (errors.length > 0) throw errorForGraphQLErrors(base, errors, connection.token);
    if (response.data === undefined || response.data === null) {
      throw new ServiceError('badResponse', `The catalog service at ${base} answered a GraphQL request without data. Check that the URL points at a DataHub-compatible catalog.`);
    }
    return response.data;
  } catch (error) {
    if (isServiceError(error)) throw error;
    if (error instanceof ClientError) {
      const status = error.response.status;
      const errors = (error.response.errors ?? []) as GraphQLErrorShape[];
      if (status >= 200 && status < 300 && errors.length > 0) throw errorForGraphQLErrors(base, errors, connection.token);
      if (status >= 200 && status < 300) {
        throw new ServiceError('badResponse', `The catalog service at ${base} answered a GraphQL request with something that is not a GraphQL response. Check that the URL points at the catalog service.`);
      }
      // A GraphQL endpoint answers a request it refuses with 200 and errors: a 404 means there is none at this address.
      if (status === 404) throw new ServiceError('badResponse', `The catalog service at ${base} has no GraphQL endpoint at /api/graphql (HTTP 404). Check that the service URL is the catalog's API base — the address whose /api/graphql and /openapi/v2 it serves.`, 404);
      throw errorForStatus(base, status, withoutToken(errors.map((e) => String(e.message ?? '')).join('; '), connection.token), Boolean(connection.token), retryAfterMs(error.response.headers?.get('retry-after')));
    }
    if (error instanceof Error && /invalid json|unexpected token|not valid json/i.test(error.message)) {
      throw new ServiceError('badResponse', `The catalog service at ${base} answered a GraphQL request with something that is not JSON. Check that the URL points at the catalog service.`);
    }
    throw errorForFetchFailure(base, error, timeoutMs);
  }
}

function errorForGraphQLErrors(base: string, errors: GraphQLErrorShape[], token: string | null | undefined): ServiceError {
  const first = errors[0];
  const code = typeof first.extensions?.code === 'number' ? first.extensions.code : undefined;
  // A service may quote the request, token included: it never reaches a message.
  const message = withoutToken(typeof first.message === 'string' ? first.message : 'unknown error', token);
  const tokenSent = Boolean(token);
  if (code === 401) return errorForStatus(base, 401, message, tokenSent);
  if (code === 403) return errorForStatus(base, 403, message, tokenSent);
  return new ServiceError('rejected', `The catalog service at ${base} rejected a GraphQL request: ${message}`, code);
}
