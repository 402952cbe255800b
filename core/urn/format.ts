import { escapeUrnPart, unescapeUrnPart } from './escape';
import type { ParsedUrn, UrnPart } from './types';

/**
 * Writes a URN back as text. Parsed parts keep their original spelling (so format(parse(x)) === x);
 * a text part whose `value` was changed, or built by hand without `raw`, is escaped as DataHub does.
 */
export function formatUrn(urn: ParsedUrn): string {
  const key = urn.parts.map(formatPart).join(',');
  const tuple = urn.tuple || urn.parts.length !== 1;
  return `urn:li:${urn.entityType}:${tuple ? `(${key})` : key}`;
}

function formatPart(part: UrnPart): string {
  if (part.kind === 'urn') return formatUrn(part);
  if (typeof part.raw === 'string' && unescapeUrnPart(part.raw) === part.value) return part.raw;
  return escapeUrnPart(part.value);
}
