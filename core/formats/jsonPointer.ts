/**
 * One reference token of a JSON Pointer (RFC 6901 §4): `~` is written `~0` and `/` is written
 * `~1`, so a structured-property URN such as `urn:li:structuredProperty:io.acryl/sla~v2` addresses
 * exactly one key of `/properties/…` instead of splitting into two path segments.
 */
export function jsonPointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The inverse of jsonPointerToken: `~1` → `/`, then `~0` → `~` (in that order, per RFC 6901). */
export function readJsonPointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}
