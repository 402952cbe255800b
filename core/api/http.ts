import { ServiceError, detailFromBody, errorForFetchFailure, errorForStatus } from './errors';

/** Where the catalog service is and how to authenticate; the token is only ever sent as a header. */
export interface ServiceConnection {
  /** base URL, e.g. `http://localhost:8080` (no trailing slash needed) */
  url: string;
  token?: string | null;
  /** per-request timeout; default 10 s */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

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
}

/**
 * Sends one request and parses a JSON answer. Returns `undefined` for 404 (the service's way of
 * saying "no such entity or aspect"); every other failure becomes a ServiceError.
 */
export async function requestJson(connection: ServiceConnection, request: JsonRequest): Promise<unknown> {
  const base = baseUrl(connection);
  const timeoutMs = connection.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetch(base + request.path, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.body !== undefined ? { 'content-type': request.contentType ?? 'application/json' } : {}),
        ...authHeaders(connection),
      },
      body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
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
  if (!response.ok) throw errorForStatus(base, response.status, detailFromBody(text));
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
