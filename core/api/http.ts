import { ServiceError, detailFromBody, errorForFetchFailure, errorForRedirect, errorForStatus, isServiceError, retryAfterMs } from './errors';

/** Where the catalog service is and how to authenticate; the token is only ever sent as a header. */
export interface ServiceConnection {
  /** base URL, e.g. `http://localhost:8080` (no trailing slash needed) */
  url: string;
  token?: string | null;
  /** per-request timeout; default 10 s */
  timeoutMs?: number;
  /** how many times a read (GET, GraphQL query) is tried again after 429, 5xx, a timeout or a dropped connection; default 2 */
  readRetries?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_READ_RETRIES = 2;
/** First wait before a retry; doubled each time, with jitter. */
export const RETRY_BASE_DELAY_MS = 250;
/** No wait is longer than this, whatever Retry-After says: an editor must not stall. */
export const MAX_RETRY_DELAY_MS = 5_000;

/** The wait before retry number `attempt` (0-based): Retry-After when the service gave one, else exponential backoff; capped. */
export function retryDelayMs(error: ServiceError, attempt: number, random: () => number = Math.random): number {
  const backoff = RETRY_BASE_DELAY_MS * 2 ** attempt * (0.5 + random() / 2);
  return Math.min(MAX_RETRY_DELAY_MS, error.retry.retryAfterMs ?? backoff);
}

/**
 * Runs a read, trying again after a transient failure (429, 5xx, timeout, dropped connection).
 * Only for requests that change nothing: a write is never repeated behind the caller's back.
 */
export async function withReadRetry<T>(connection: ServiceConnection, read: () => Promise<T>): Promise<T> {
  const retries = Math.max(0, connection.readRetries ?? DEFAULT_READ_RETRIES);
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (!isServiceError(error) || !error.retry.transient || attempt >= retries) throw error;
      // A service that did not answer in time once is tried once more, not until the user gives up.
      if (error.kind === 'timeout' && attempt >= 1) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(error, attempt)));
    }
  }
}

export function baseUrl(connection: ServiceConnection): string {
  return connection.url.replace(/\/+$/, '');
}

export function authHeaders(connection: ServiceConnection): Record<string, string> {
  return connection.token ? { Authorization: `Bearer ${connection.token}` } : {};
}

export interface JsonRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'HEAD';
  /** path below the base URL, starting with `/` */
  path: string;
  body?: unknown;
  contentType?: string;
  /** extra request headers (e.g. Rest.li's protocol version on ingestProposal) */
  headers?: Record<string, string>;
}

/**
 * Sends one request and parses a JSON answer. Returns `undefined` for 404 (the service's way of
 * saying "no such entity or aspect"); every other failure becomes a ServiceError.
 */
export async function requestJson(connection: ServiceConnection, request: JsonRequest): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return withReadRetry(connection, () => requestJsonOnce(connection, request));
  return requestJsonOnce(connection, request);
}

async function requestJsonOnce(connection: ServiceConnection, request: JsonRequest): Promise<unknown> {
  const base = baseUrl(connection);
  const timeoutMs = connection.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetch(base + request.path, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.body !== undefined ? { 'content-type': request.contentType ?? 'application/json' } : {}),
        ...request.headers,
        ...authHeaders(connection),
      },
      body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
  } catch (error) {
    throw errorForFetchFailure(base, error, timeoutMs);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw errorForFetchFailure(base, error, timeoutMs);
  }
  if (response.status === 404) return undefined;
  if (response.status >= 300 && response.status < 400) throw errorForRedirect(base, `${request.method} ${request.path.split('?')[0]}`, response.status, response.headers.get('location'));
  if (!response.ok) throw errorForStatus(base, response.status, detailFromBody(text), retryAfterMs(response.headers.get('retry-after')));
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError('badResponse', `The catalog service at ${base} answered ${request.method} ${request.path.split('?')[0]} with something that is not JSON. Check that the URL points at the catalog service and not at a web page.`, response.status);
  }
}

export function encodeUrnSegment(urn: string): string {
  return encodeURIComponent(urn);
}
