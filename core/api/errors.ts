import { isLoopbackUrl } from './transportSecurity';

/**
 * Failures of calls to the catalog service, classified so the editor can say in words what went
 * wrong and what to do. Messages never contain the token.
 */
export type ServiceErrorKind =
  | 'unreachable' // no connection could be made (refused, DNS, reset)
  | 'unauthorized' // 401: the token is missing, wrong or expired
  | 'forbidden' // 403: the token is valid but lacks the privilege
  | 'timeout' // no answer in time
  | 'badResponse' // an answer we cannot read (HTML, wrong JSON shape, 5xx)
  | 'rejected'; // the service understood the request and refused it (400, GraphQL error)

/** What a read may do after this failure: try again (a transient fault), and after how long the service asked for. */
export interface RetryHint {
  transient: boolean;
  /** from a `Retry-After` header, in milliseconds */
  retryAfterMs?: number;
}

export class ServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    readonly status?: number,
    readonly retry: RetryHint = { transient: false },
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

/**
 * Builds the message for an HTTP status that is not success. `tokenSent` says whether the request
 * carried a token: a 401 without one means "sign in", with one means "that token was refused". The
 * message names what to do in every surface (CLI, VS Code, other editors), since core cannot know
 * which one shows it.
 */
export function errorForStatus(url: string, status: number, detail: string, tokenSent: boolean, retryAfter?: number): ServiceError {
  const where = `The catalog service at ${url}`;
  if (status === 429) {
    const wait = retryAfter !== undefined ? `wait ${Math.max(1, Math.ceil(retryAfter / 1000))} s` : 'wait a moment';
    return new ServiceError('rejected', `${where} is receiving too many requests and asked to slow down (HTTP 429). Nothing was changed by this request; ${wait} and try again.`, 429, { transient: true, retryAfterMs: retryAfter });
  }
  const because = detail ? `: ${detail}` : '';
  if (status === 401) {
    const local = isLoopbackUrl(url) ? ` ${LOCAL_CATALOG_TOKEN}` : '';
    const message = tokenSent
      ? `${where} refused the token (HTTP 401); it is wrong or has expired. ${SUPPLY_TOKEN_VALID}${local}`
      : `${where} needs a token and none was sent (HTTP 401). ${SUPPLY_TOKEN}${local}`;
    return new ServiceError('unauthorized', message, 401);
  }
  if (status === 403) {
    const message = tokenSent
      ? `${where} says the token may not do this (HTTP 403${because}). Ask a catalog administrator for the privilege, or use another token (CLI and other editors: CATALOG_TOKEN; VS Code: "Catalog Code: Sign In").`
      : `${where} refused a request sent without a token (HTTP 403${because}). ${SUPPLY_TOKEN}`;
    return new ServiceError('forbidden', message, 403);
  }
  if (status >= 500) {
    return new ServiceError('badResponse', `${where} failed with HTTP ${status}${detail ? ` (${detail})` : ''}. Try again later; if it persists, check the service's logs.`, status, { transient: true, retryAfterMs: retryAfter });
  }
  return new ServiceError('rejected', `${where} rejected the request with HTTP ${status}${detail ? `: ${detail}` : ''}.`, status);
}

const TOKEN_PLACES =
  'the CLI and other editors: set CATALOG_TOKEN in the environment the CLI or language server starts in; VS Code: run "Catalog Code: Sign In"';
const SUPPLY_TOKEN = `Supply a personal access token (${TOKEN_PLACES}).`;
const SUPPLY_TOKEN_VALID = `Supply a valid personal access token (${TOKEN_PLACES}).`;
/** A service on this machine may be a local catalog, whose token the CLI reads from its token file (core/api/localCatalogToken.ts). */
const LOCAL_CATALOG_TOKEN =
  'If it is a Catalog Code local catalog, the CLI reads its token from the .catalog/connection.json it writes while running: run the CLI inside that workspace (or set CATALOG_TOKEN_FILE to that file) and give the exact URL it listens on.';

/** Turns whatever `fetch` threw into a ServiceError. */
export function errorForFetchFailure(url: string, error: unknown, timeoutMs: number): ServiceError {
  if (isServiceError(error)) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    const seconds = timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`;
    return new ServiceError('timeout', `The catalog service at ${url} did not answer within ${seconds}. Check that it is running and not overloaded; a slow service can be given longer with CATALOG_TIMEOUT_SECONDS (e.g. 60) in the environment the CLI or the language server starts in.`, undefined, { transient: true });
  }
  const code = causeCode(error);
  if (code && DROPPED_CONNECTION_CODES.has(code)) {
    return new ServiceError('unreachable', `The connection to the catalog service at ${url} broke before the answer was complete (${code}). Try again; if it keeps happening, check the network or a proxy between you and the service.`, undefined, { transient: true });
  }
  const reason = code ? ` (${code})` : '';
  return new ServiceError('unreachable', `The catalog service at ${url} could not be reached${reason}. Check that it is running and that the URL is right.`);
}

/** The connection was made and then lost: worth one more try, unlike a refused connection. */
const DROPPED_CONNECTION_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED']);

/** The address a redirect points to, for a message that must not carry credentials or query strings. */
function originOf(location: string | null, base: string): string {
  if (!location) return 'an unnamed address';
  try {
    return new URL(location, base).origin;
  } catch {
    return 'an address that is not a valid URL';
  }
}

/** A 3xx answer: never followed, so neither the token nor a write goes anywhere but the configured address. */
export function errorForRedirect(url: string, what: string, status: number, location: string | null): ServiceError {
  return new ServiceError(
    'badResponse',
    `The catalog service at ${url} answered ${what} with a redirect (HTTP ${status}) to ${originOf(location, url)}. Catalog Code does not follow redirects, so nothing was sent there; if the service has moved, set the service URL to its new address.`,
    status,
  );
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (typeof current === 'object' && current !== null) {
      const code = (current as { code?: unknown }).code;
      if (typeof code === 'string') return code;
      current = (current as { cause?: unknown }).cause;
    } else break;
  }
  return undefined;
}

/** `text` with every occurrence of the token replaced: a service's error may quote the request it refused. */
export function withoutToken(text: string, token: string | null | undefined): string {
  return token && token.length >= 4 && text.includes(token) ? text.split(token).join('[token hidden]') : text;
}

/** A short reason from an error body: `{"error": ...}`, `{"message": ...}`, or the first line of text. */
export function detailFromBody(body: string): string {
  const trimmed = body.trim();
  if (!trimmed) return '';
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (parsed && typeof parsed === 'object') {
      const record = parsed as Record<string, unknown>;
      const parts = [record.error, record.message].filter((part): part is string => typeof part === 'string' && part.length > 0);
      if (parts.length) return parts.join(': ').slice(0, 300);
    }
  } catch {
    // not JSON: fall through to plain text
  }
  if (trimmed.startsWith('<')) return '';
  return trimmed.split(/\r?\n/)[0].slice(0, 300);
}
