/**
 * Values by key, a key's only value kept as itself: most downstreams have one writer and most
 * columns one source, and a set of one costs some 150 bytes (at 100,000 files, tens of MB).
 */
export type ValuesByKey = Map<string, string | Set<string>>;

export function addTo(into: ValuesByKey, key: string, value: string): void {
  const known = into.get(key);
  if (known === undefined) into.set(key, value);
  else if (typeof known !== 'string') known.add(value);
  else if (known !== value) into.set(key, new Set([known, value]));
}

export function removeFrom(from: ValuesByKey, key: string, value: string): void {
  const known = from.get(key);
  if (known === undefined) return;
  if (typeof known === 'string') {
    if (known === value) from.delete(key);
    return;
  }
  known.delete(value);
  if (known.size === 0) from.delete(key);
}

/** The values of a key, in a new array. */
export function valuesOf(map: ValuesByKey, key: string): string[] {
  const known = map.get(key);
  return known === undefined ? [] : typeof known === 'string' ? [known] : [...known];
}
