import type { JsonObject } from '../api/pushClient';

/**
 * True when `current` holds everything `desired` says: every key of a desired object has a
 * matching value (extra keys in `current`, such as audit stamps or defaults the service adds, are
 * fine); arrays match element by element in order. This is how a re-plan sees that an earlier
 * write already landed.
 */
export function containsJson(current: unknown, desired: unknown): boolean {
  if (desired === null || typeof desired !== 'object') {
    if (typeof desired === 'number' && typeof current === 'number') return Math.abs(desired - current) < 1e-9;
    return current === desired;
  }
  if (Array.isArray(desired)) {
    if (!Array.isArray(current) || current.length !== desired.length) return false;
    return desired.every((item, index) => containsJson(current[index], item));
  }
  if (current === null || typeof current !== 'object' || Array.isArray(current)) return false;
  const currentRecord = current as JsonObject;
  return Object.entries(desired as JsonObject).every(([key, value]) => (value === undefined ? true : containsJson(currentRecord[key], value)));
}

/** JSON with object keys sorted: two values are equal exactly when their canonical texts are. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as JsonObject)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function asRecord(value: unknown): JsonObject | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
