import { readAnswerText } from './answerBody';
import { ServiceError, detailFromBody, errorForFetchFailure, errorForRedirect, errorForStatus, isServiceError, retryAfterMs, withoutToken } from './errors';

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

/**
 * `CATALOG_TIMEOUT_SECONDS`, the per-request timeout a slow service needs (the CLI and a language
 * server started from the environment): milliseconds, undefined when unset, or what is wrong.
 */
export function timeoutFromEnvironment(env: Readonly<Record<string, string | undefined>>): number | { problem: string } | undefined {
  const text = env.CATALOG_TIMEOUT_SECONDS?.trim();
  if (!text) return undefined;
  const seconds = Number(text);
  if (Number.isFinite(seconds) && seconds > 0) return seconds * 1000;
  return { problem: `CATALOG_TIMEOUT_SECONDS is "${text}"; it must be a number of seconds above 0, e.g. 30.` };
}
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

/** The service's address, without a user name or password written into it (it names the service in every message). */
export function baseUrl(connection: ServiceConnection): string {
  return withoutUserInfo(connection.url).replace(/\/+$/, '');
}

const USER_INFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i;

/**
 * `url` without `user:password@`, the rest as written (unlike targetDescription's shownUrl, which
 * rebuilds a parsed URL: requests are made from this, and a URL without a scheme is quoted as given).
 */
export function withoutUserInfo(url: string): string {
  return url.replace(USER_INFO, '$1');
}

export function authHeaders(connection: ServiceConnection): Record<string, string> {
  // fetch refuses such a URL with an error that reads like a network failure, and the password would reach the message.
  if (USER_INFO.test(connection.url)) {
    throw new ServiceError('unauthorized', `The service URL ${baseUrl(connection)} was given with a user name or password before '@', which Catalog Code never sends (the token goes in a header), so no request was sent. Remove them from the URL, and give the token as CATALOG_TOKEN (VS Code: "Catalog Code: Sign In").`);
  }
  if (!connection.token) return {};
  // fetch refuses such a header with an error that reads like a network failure ("could not be reached").
  if (/[^\x21-\x7e]/.test(connection.token)) {
    throw new ServiceError('unauthorized', `The token for ${baseUrl(connection)} holds a character an HTTP header cannot carry (a space, a line break or a letter outside ASCII), so no request was sent. Copy the token again exactly (CLI and other editors: CATALOG_TOKEN or the token file; VS Code: "Catalog Code: Sign In").`);
  }
  return { Authorization: `Bearer ${connection.token}` };
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
 * Sends one request and parses a JSON answer. For a read (GET, HEAD) returns `undefined` for 404
 * (the service's way of saying "no such entity or aspect"); every other failure — and for a write
 * every non-2xx, 404 included — becomes a ServiceError.
 */
export async function requestJson(connection: ServiceConnection, request: JsonRequest): Promise<unknown> {
  if (isRead(request)) return withReadRetry(connection, () => requestJsonOnce(connection, request));
  return writeOnce(connection, request);
}

/** One write: a timeout says the write may have been applied all the same (the service may have finished it after we stopped waiting). */
async function writeOnce(connection: ServiceConnection, request: JsonRequest): Promise<unknown> {
  try {
    return await requestJsonOnce(connection, request);
  } catch (error) {
    if (isServiceError(error) && error.kind === 'timeout') {
      throw new ServiceError('timeout', `${error.message} The ${request.method} to ${endpointOf(connection, request)} may have been applied all the same: run plan to see what the catalog holds now before pushing again.`, error.status, error.retry);
    }
    throw error;
  }
}

/** The answer a write must bring for Catalog Code to say it was written. */
export interface ExpectedAnswer {
  /** the shape in words, for the message, e.g. `{"urn": ..., "aspects": {...}}` */
  shape: string;
  matches(body: unknown): boolean;
}

/**
 * Sends one write (POST, PATCH) and returns its answer only when it is a 2xx carrying the expected
 * body. Anything else — a 404 from a wrong base path, an empty 200 from a proxy or a web server —
 * is a failure whose message names the URL: a push must never report a write it cannot confirm.
 */
export async function requestWrite(connection: ServiceConnection, request: JsonRequest, expected: ExpectedAnswer): Promise<unknown> {
  const body = await writeOnce(connection, request);
  if (!expected.matches(body)) {
    const answered = body === null ? 'an empty body' : `a body of another shape (${withoutToken(JSON.stringify(body), connection.token).slice(0, 120)})`;
    throw new ServiceError(
      'badResponse',
      `${request.method} ${endpointOf(connection, request)} answered with ${answered} instead of ${expected.shape}, so Catalog Code cannot confirm that anything was written. Check that the service URL is the catalog's API base (the address whose /openapi/v2 and /api/graphql it serves) and push again.`,
    );
  }
  return body;
}

function isRead(request: JsonRequest): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

/** The full URL of a request without its query string (which may carry nothing secret, but is noise). */
function endpointOf(connection: ServiceConnection, request: JsonRequest): string {
  return baseUrl(connection) + request.path.split('?')[0];
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
    // At most MAX_ANSWER_BYTES: an endless answer or a gzip bomb fails at once, and is not retried.
    text = await readAnswerText(response, base, `${request.method} ${endpointOf(connection, request)}`);
  } catch (error) {
    throw errorForFetchFailure(base, error, timeoutMs);
  }
  if (response.status === 404) {
    if (isRead(request)) return undefined;
    throw new ServiceError(
      'rejected',
      `${request.method} ${endpointOf(connection, request)} answered HTTP 404 (no such endpoint or entity), so nothing was written. Check that the service URL is the catalog's API base — the address whose /openapi/v2 and /api/graphql it serves — and push again.`,
      404,
    );
  }
  if (response.status >= 300 && response.status < 400) throw errorForRedirect(base, `${request.method} ${request.path.split('?')[0]}`, response.status, response.headers.get('location'));
  // Hidden before the detail is cut: a token cut in half would still be half a token.
  if (!response.ok) throw errorForStatus(base, response.status, detailFromBody(withoutToken(text, connection.token)), Boolean(connection.token), retryAfterMs(response.headers.get('retry-after')));
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
