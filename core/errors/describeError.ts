import { isServiceError } from '../api/errors';

/**
 * What went wrong, in words, from whatever was thrown: a catalog-service failure's message (which
 * already says what to do), any other Error's message, or the thrown value as text.
 */
export function describeError(error: unknown): string {
  if (isServiceError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Like describeError, with the stack trace when there is one: for logs of unexpected failures. */
export function describeErrorWithStack(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
