/**
 * What went wrong, in words, from whatever was thrown: a catalog-service failure's message (which
 * already says what to do; a ServiceError is an Error), any other Error's message, or the thrown
 * value as text. A leaf: every room may use it.
 */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Like describeError, with the stack trace when there is one: for logs of unexpected failures. */
export function describeErrorWithStack(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
