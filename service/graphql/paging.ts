import { createHash } from 'node:crypto';
import { badRequest } from './errors';

/**
 * Paging arguments shared by the search fields: `count` defaults to 10 and is capped, and a
 * `scrollId` is an opaque token holding the next offset and a fingerprint of the search it belongs
 * to, so a token is never applied to a different search by mistake.
 */

export const DEFAULT_COUNT = 10;
export const MAX_COUNT = 10000;

export function checkedCount(count: number | null | undefined): number {
  if (count === null || count === undefined) return DEFAULT_COUNT;
  if (count < 0) throw badRequest(`count must be 0 or more; got ${count}.`);
  if (count > MAX_COUNT) throw badRequest(`count ${count} is over the maximum of ${MAX_COUNT}; ask for at most ${MAX_COUNT} results and page through the rest with nextScrollId (or start).`);
  return count;
}

export function checkedStart(start: number | null | undefined): number {
  if (start === null || start === undefined) return 0;
  if (start < 0) throw badRequest(`start must be 0 or more; got ${start}.`);
  return start;
}

/** A short fingerprint of everything that defines a search (not the page). */
export function searchFingerprint(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

export function encodeScrollId(offset: number, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprint })).toString('base64url');
}

/** The offset a scrollId continues from; 0 without one. */
export function decodeScrollId(scrollId: string | null | undefined, fingerprint: string): number {
  if (scrollId === null || scrollId === undefined || scrollId === '') return 0;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(scrollId, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const record = typeof decoded === 'object' && decoded !== null ? (decoded as { o?: unknown; f?: unknown }) : {};
  if (typeof record.o !== 'number' || !Number.isSafeInteger(record.o) || record.o < 0 || typeof record.f !== 'string') {
    throw badRequest(`The scrollId "${scrollId}" was not issued by this service; repeat the search without scrollId to start from the first page.`);
  }
  if (record.f !== fingerprint) {
    throw badRequest('The scrollId belongs to a different search (the start entity, direction, query, types or filters changed); repeat the search without scrollId to start from the first page.');
  }
  return record.o;
}
