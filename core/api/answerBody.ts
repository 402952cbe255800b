import { ServiceError } from './errors';

/**
 * The most Catalog Code reads of one answer from a service: 64 MiB, counted after
 * decompression (fetch inflates gzip and deflate as it reads, so a gzip bomb counts at its
 * inflated size). Far above any answer a catalog gives a page at a time (a page of 1,000
 * definitions is a few MiB); an answer larger than that is a wrong URL or a hostile service, and
 * holding it until the timeout took gigabytes. Not configurable: nothing honest needs more.
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** "64 MiB" */
function inMiB(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
}

/** The error for an answer over the limit: never retried (the same request would bring the same answer). */
export function answerTooLargeError(base: string, what: string, maxBytes: number, status?: number): ServiceError {
  return new ServiceError(
    'badResponse',
    `The catalog service at ${base} answered ${what} with more than ${inMiB(maxBytes)}, the most Catalog Code reads of one answer; it stopped reading and used nothing of it. Check that the URL points at the catalog service (not a file server or a proxy streaming something else); if it does, ask for less at once (e.g. a narrower pull selection).`,
    status,
  );
}

/**
 * The text of an answer, read at most `maxBytes` (after decompression): once more arrives the
 * stream is cancelled (the connection closes) and an error naming `base` and `what` is thrown.
 */
export async function readAnswerText(response: Response, base: string, what: string, maxBytes = MAX_ANSWER_BYTES): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  if (!encoded && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw answerTooLargeError(base, what, maxBytes, response.status);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw answerTooLargeError(base, what, maxBytes, response.status);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  // As response.text() does: UTF-8, a leading byte-order mark dropped.
  return new TextDecoder().decode(bytes);
}
