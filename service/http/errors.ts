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

/** DataHub's OpenAPI shape for a rejected write: 400 `{"error": "Validation Error", "message": ...}`. */
export function validationError(message: string): HttpError {
  return new HttpError(400, { error: 'Validation Error', message });
}

export function badRequest(message: string): HttpError {
  return new HttpError(400, { error: 'Bad Request', message });
}

/** DataHub answers a missing entity or aspect with an empty 404 and this header. */
export function notFoundEntity(): HttpError {
  return new HttpError(404, undefined, { 'Not-Found-Reason': 'ENTITY' });
}
