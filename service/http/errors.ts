import type { JsonObject } from '../store/types';

/** A request that ends with a status and a JSON body (or none); thrown by handlers, sent by the server. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: JsonObject | undefined,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body?.message === 'string' ? body.message : typeof body?.error === 'string' ? body.error : `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/**
 * The JSON body of every error answer of the local catalog (DataHub's shape): `error` names the kind
 * of failure (the HTTP reason, or DataHub's "Validation Error"), `message` says what was wrong and
 * what to do about it.
 */
export function errorBody(error: string, message: string): JsonObject {
  return { error, message };
}

/** An error answer with the body of errorBody. */
export function httpError(status: number, error: string, message: string, headers: Record<string, string> = {}): HttpError {
  return new HttpError(status, errorBody(error, message), headers);
}

/** DataHub's OpenAPI shape for a rejected write: 400 `{"error": "Validation Error", "message": ...}`. */
export function validationError(message: string): HttpError {
  return httpError(400, 'Validation Error', message);
}

export function badRequest(message: string): HttpError {
  return httpError(400, 'Bad Request', message);
}

/** DataHub answers a missing entity or aspect with an empty 404 and this header. */
export function notFoundEntity(): HttpError {
  return new HttpError(404, undefined, { 'Not-Found-Reason': 'ENTITY' });
}
