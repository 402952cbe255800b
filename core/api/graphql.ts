import { ServiceError, errorForFetchFailure, errorForStatus, isServiceError } from './errors';
import { DEFAULT_TIMEOUT_MS, authHeaders, baseUrl, type ServiceConnection } from './http';

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
  const base = baseUrl(connection);
  const timeoutMs = connection.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { GraphQLClient, ClientError } = await loadGraphQLRequest();
  const client = new GraphQLClient(`${base}/api/graphql`, { headers: authHeaders(connection), errorPolicy: 'all' });
  try {
    const response = await client.rawRequest<T>({ query: document, variables, signal: AbortSignal.timeout(timeoutMs) });
    const errors = (response.errors ?? []) as GraphQLErrorShape[];
    if (errors.length > 0) throw errorForGraphQLErrors(base, errors);
    if (response.data === undefined || response.data === null) {
      throw new ServiceError('badResponse', `The catalog service at ${base} answered a GraphQL request without data. Check that the URL points at a DataHub-compatible catalog.`);
    }
    return response.data;
  } catch (error) {
    if (isServiceError(error)) throw error;
    if (error instanceof ClientError) {
      const status = error.response.status;
      const errors = (error.response.errors ?? []) as GraphQLErrorShape[];
      if (status >= 200 && status < 300 && errors.length > 0) throw errorForGraphQLErrors(base, errors);
      if (status >= 200 && status < 300) {
        throw new ServiceError('badResponse', `The catalog service at ${base} answered a GraphQL request with something that is not a GraphQL response. Check that the URL points at the catalog service.`);
      }
      throw errorForStatus(base, status, errors.map((e) => String(e.message ?? '')).join('; '));
    }
    if (error instanceof Error && /invalid json|unexpected token|not valid json/i.test(error.message)) {
      throw new ServiceError('badResponse', `The catalog service at ${base} answered a GraphQL request with something that is not JSON. Check that the URL points at the catalog service.`);
    }
    throw errorForFetchFailure(base, error, timeoutMs);
  }
}

function errorForGraphQLErrors(base: string, errors: GraphQLErrorShape[]): ServiceError {
  const first = errors[0];
  const code = typeof first.extensions?.code === 'number' ? first.extensions.code : undefined;
  const message = typeof first.message === 'string' ? first.message : 'unknown error';
  if (code === 401) return errorForStatus(base, 401, message);
  if (code === 403) return errorForStatus(base, 403, message);
  return new ServiceError('rejected', `The catalog service at ${base} rejected a GraphQL request: ${message}`, code);
}
