/**
 * One reference token of a JSON Pointer (RFC 6901 §4): `~` is written `~0` and `/` is written
 * `~1`, so a structured-property URN such as `urn:li:structuredProperty:io.acryl/sla~v2` addresses
 * exactly one key of `/properties/…` instead of splitting into two path segments. Reading a path
 * back is core/urn/patchPath.ts (urnOfPatchPathKey).
 */
export function jsonPointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
