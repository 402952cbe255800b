import type { ServiceTarget } from '../rules/target';

/**
 * What a check or a plan was made against, in the same words in every surface (each CLI verb's
 * target line, the editor's language status item), so two answers about one file can be told
 * apart: "offline (the files alone)", "the local catalog at http://127.0.0.1:8080", "DataHub at
 * https://datahub.example.com". The URL is shown as given, never with credentials or a query.
 */
export function describeTarget(target: ServiceTarget, url?: string): string {
  if (target === 'offline' || !url) return 'offline (the files alone, no catalog service)';
  const shown = shownUrl(url);
  return target === 'localCatalog' ? `the local catalog at ${shown}` : `DataHub at ${shown}`;
}

/**
 * The line every CLI verb prints on stderr before its answer ("Target: the local catalog at
 * http://127.0.0.1:8080."): stderr, so JSON, SARIF and Markdown on stdout stay as they are.
 */
export function targetLine(target: ServiceTarget, url?: string): string {
  return `Target: ${describeTarget(target, url)}.`;
}

/** scheme://host:port/path of a URL, without user:password@, query or fragment; the text as is when it is no URL. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url.trim());
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return url.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 200);
  }
}
