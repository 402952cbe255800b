import { badRequest } from '../http/errors';

/** Query parameters as DataHub's controllers read them, with a clear 400 for unreadable values. */

export function booleanParam(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (raw.toLowerCase() === 'true') return true;
  if (raw.toLowerCase() === 'false') return false;
  throw badRequest(`The query parameter ${name}=${raw} must be true or false.`);
}

export function integerParam(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badRequest(`The query parameter ${name}=${raw} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

/** `aspects` and `aspectNames` are both repeatable and merged (DataHub); empty = every aspect. */
export function aspectNamesParam(query: URLSearchParams): string[] {
  return [...query.getAll('aspects'), ...query.getAll('aspectNames')]
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

export function encodeScrollId(start: number): string {
  return Buffer.from(JSON.stringify({ start }), 'utf8').toString('base64url');
}

export function decodeScrollId(scrollId: string | null): number {
  if (scrollId === null || scrollId === '') return 0;
  try {
    const parsed = JSON.parse(Buffer.from(scrollId, 'base64url').toString('utf8')) as { start?: unknown };
    // A forged start (1e300) is an integer too; no real offset is beyond the safe integers.
    if (typeof parsed.start === 'number' && Number.isSafeInteger(parsed.start) && parsed.start >= 0) return parsed.start;
  } catch {
    // falls through to the error below
  }
  throw badRequest(`The scrollId "${scrollId}" was not issued by this catalog; start again without scrollId.`);
}
