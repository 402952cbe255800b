import { scanUrn } from '../urn/scanner';
import type { ParsedUrn } from '../urn/types';

/**
 * The few things semantic rules need to know about a URN, read with core/urn's parser. Syntax
 * errors are the urn.syntax rule's to report; here an unparseable URN simply yields undefined.
 */

const parsedCache = new Map<string, ParsedUrn | null>();
const CACHE_LIMIT = 5000;

/** The parsed URN (syntax only: what DataHub's `Urn.createFromString` accepts), or undefined. */
export function parseUrnSyntax(urn: string): ParsedUrn | undefined {
  const cached = parsedCache.get(urn);
  if (cached !== undefined) return cached ?? undefined;
  const result = scanUrn(urn, 0, urn.length);
  const parsed = result.ok ? result.urn : null;
  // Bounded so a long editing session cannot grow it without limit; it only saves re-parsing.
  if (parsedCache.size >= CACHE_LIMIT) parsedCache.clear();
  parsedCache.set(urn, parsed);
  return parsed ?? undefined;
}

/** `urn:li:dataset:(...)` → `dataset`; undefined when the text is not a URN. */
export function entityTypeOf(urn: string): string | undefined {
  return parseUrnSyntax(urn)?.entityType;
}

/**
 * The dataset a column-level URN belongs to: the first part of a schemaField URN; a dataset URN
 * (fine-grained `DATASET` upstreams) is its own dataset. Undefined for anything else.
 */
export function datasetOfFieldUrn(urn: string): string | undefined {
  const parsed = parseUrnSyntax(urn);
  if (!parsed) return undefined;
  if (parsed.entityType === 'dataset') return parsed.raw;
  if (parsed.entityType !== 'schemaField') return undefined;
  const first = parsed.parts[0];
  return first && first.kind === 'urn' && first.entityType === 'dataset' ? first.raw : undefined;
}

/** The field path of a schemaField URN (as written), or undefined. */
export function fieldPathOf(urn: string): string | undefined {
  const parsed = parseUrnSyntax(urn);
  if (!parsed || parsed.entityType !== 'schemaField') return undefined;
  const second = parsed.parts[1];
  return second && second.kind === 'text' ? second.raw : undefined;
}

/** The same column on another dataset: `urn:li:schemaField:(<dataset>,<path>)`. */
export function schemaFieldUrn(datasetUrn: string, fieldPath: string): string {
  return `urn:li:schemaField:(${datasetUrn},${fieldPath})`;
}
