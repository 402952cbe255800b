import { scanUrn } from '../../core/urn/scanner';
import type { ParsedUrn, UrnPart } from '../../core/urn/types';
import { toGraphqlEntityType } from '../../core/urn/vocabulary';

/**
 * What the GraphQL answers and search filters read from a URN alone: its entity type, a display
 * name, the platform and the environment (origin). The local catalog derives them from the URN key
 * as DataHub's key aspects do (reference/datahub-api.md §3.5), so they exist even for entities that
 * only appear in lineage (schema fields of column-level edges).
 */
export interface UrnFacts {
  urn: string;
  /** DataHub entity type name as in the URN: `dataset`, `dataJob`, ... */
  entityType: string;
  /** the key parts: decoded text, or the nested URN as written */
  parts: string[];
  /** the entity's short name (dataset name, job id, field path, qualified name ...) */
  name: string;
  /** platform name (`hive`), for datasets, schema fields, jobs, flows, charts, dashboards */
  platform?: string;
  /** environment (`PROD`), for datasets, schema fields, jobs and flows */
  origin?: string;
}

/** The entity type name of a URN without a full parse (hot in search filters); '' when not a URN. */
export function entityTypeOf(urn: string): string {
  if (!urn.startsWith('urn:li:')) return '';
  const end = urn.indexOf(':', 7);
  return end > 7 ? urn.slice(7, end) : '';
}

/**
 * Platform and environment read with one regular expression for the common key shapes (filters
 * run this for every entity a lineage walk reaches); anything unusual takes the full parse.
 * Commas, parentheses inside key parts are escaped in DataHub URNs, so the splits are safe.
 */
const FAST_KEYS: readonly [RegExp, number, number][] = [
  [/^urn:li:dataset:\(urn:li:dataPlatform:([^,()]+),[^()]*,([^,()]+)\)$/, 1, 2],
  [/^urn:li:schemaField:\(urn:li:dataset:\(urn:li:dataPlatform:([^,()]+),[^()]*,([^,()]+)\),[^()]*\)$/, 1, 2],
  [/^urn:li:dataFlow:\(([^,()]+),[^()]*,([^,()]+)\)$/, 1, 2],
  [/^urn:li:dataJob:\(urn:li:dataFlow:\(([^,()]+),[^()]*,([^,()]+)\),[^()]*\)$/, 1, 2],
  [/^urn:li:(?:chart|dashboard):\(([^,()]+),[^()]*\)$/, 1, 0],
];

export function platformAndOrigin(urn: string): { platform?: string; origin?: string } {
  for (const [pattern, platformGroup, originGroup] of FAST_KEYS) {
    const match = pattern.exec(urn);
    if (match) return { platform: match[platformGroup], origin: originGroup ? match[originGroup] : undefined };
  }
  const facts = urnFacts(urn);
  return { platform: facts.platform, origin: facts.origin };
}

/** `DATASET`, `DATA_JOB` ...; `OTHER` for types DataHub's GraphQL has no value for. */
export function graphqlTypeOf(urn: string): string {
  return toGraphqlEntityType(entityTypeOf(urn)) ?? 'OTHER';
}

export function isUrnSyntax(text: string): boolean {
  return scanUrn(text, 0, text.length).ok;
}

function partText(part: UrnPart): string {
  return part.kind === 'text' ? part.value : part.raw;
}

function nested(part: UrnPart | undefined): ParsedUrn | undefined {
  return part && part.kind === 'urn' ? part : undefined;
}

/** `urn:li:dataPlatform:hive` (or a bare `hive`) → `hive`. */
function platformName(part: UrnPart | undefined): string | undefined {
  if (!part) return undefined;
  const urn = nested(part);
  if (!urn) return partText(part);
  return urn.parts.length > 0 ? partText(urn.parts[urn.parts.length - 1]) : undefined;
}

function factsOfParsed(urn: string, parsed: ParsedUrn): UrnFacts {
  const parts = parsed.parts;
  const texts = parts.map(partText);
  const facts: UrnFacts = { urn, entityType: parsed.entityType, parts: texts, name: texts[texts.length - 1] ?? '' };
  switch (parsed.entityType) {
    case 'dataset':
      facts.name = texts[1] ?? facts.name;
      facts.platform = platformName(parts[0]);
      facts.origin = texts[2];
      break;
    case 'schemaField': {
      const dataset = nested(parts[0]);
      if (dataset) {
        const parent = factsOfParsed(dataset.raw, dataset);
        facts.platform = parent.platform;
        facts.origin = parent.origin;
      }
      break;
    }
    case 'dataJob': {
      const flow = nested(parts[0]);
      if (flow) {
        const parent = factsOfParsed(flow.raw, flow);
        facts.platform = parent.platform;
        facts.origin = parent.origin;
      }
      break;
    }
    case 'dataFlow':
      facts.name = texts[1] ?? facts.name;
      facts.platform = texts[0];
      facts.origin = texts[2];
      break;
    case 'chart':
    case 'dashboard':
      facts.platform = texts[0];
      break;
    default:
      break;
  }
  return facts;
}

/** Facts of a URN; a URN that does not scan still gets its type and the text after it as name. */
export function urnFacts(urn: string): UrnFacts {
  const scanned = scanUrn(urn, 0, urn.length);
  if (scanned.ok) return factsOfParsed(urn, scanned.urn);
  const entityType = entityTypeOf(urn);
  const name = entityType ? urn.slice(`urn:li:${entityType}:`.length) : urn;
  return { urn, entityType, parts: [name], name };
}
