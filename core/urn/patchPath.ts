/**
 * The URN a JSON-Patch path names after a keyed list (`/upstreams/<urn>`, `/properties/<urn>`).
 * The path is a JSON Pointer (`~1` is `/`, `~0` is `~`). Older DataHub clients URL-encoded the whole
 * key (`/upstreams/urn%3Ali%3Adataset%3A%28...%29`) and GMS applies such patches, so the key is
 * checked as the URN it encodes: a key that starts with an encoded `urn:` is URL-decoded. A key
 * written as a plain URN is left alone: its `%2C` `%28` `%29` are DataHub's own escapes inside key
 * parts (escape.ts).
 */
import { urlDecodeLeniently } from './escape';

const ENCODED_URN_PREFIX = /^urn%3a/i;

export function urnOfPatchPathKey(key: string): string {
  return decodeLegacyUrnKey(key.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A JSON-Pointer token already unescaped: URL-decoded when it is a whole URL-encoded URN, else unchanged. */
export function decodeLegacyUrnKey(token: string): string {
  return ENCODED_URN_PREFIX.test(token) ? urlDecodeLeniently(token) : token;
}
