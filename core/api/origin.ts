/**
 * The origin a token belongs to, written once for the editor (one SecretStorage entry per origin,
 * client/connection/tokenBinding.ts) and the CLI (the local catalog's token file is bound to the
 * origin it was written for, core/api/localCatalogToken.ts).
 *
 * `https://Example.COM:443/gms` → `https://example.com`: scheme and host lower-cased, a default
 * port dropped, path and credentials ignored. Undefined for anything but http(s).
 */
export function originOf(url: string): string | undefined {
  const parsed = parseHttpUrl(url);
  if (!parsed) return undefined;
  // A trailing dot names the same host ("example.com." is "example.com").
  const host = parsed.host.replace(/\.(?=(:\d+)?$)/, '');
  return `${parsed.protocol}//${host}`;
}

/** The URL parsed, when it is http(s); undefined for anything else (or not a URL). */
export function parseHttpUrl(url: string): URL | undefined {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}
