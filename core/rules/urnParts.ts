import { datasetKey, parseUrn, schemaFieldKey } from '../urn';
import type { ParsedUrn, UrnParseResult } from '../urn/types';

/**
 * The few things semantic rules need to know about a URN, read with core/urn's parser. Syntax
 * errors are the urn.syntax rule's to report; here an unparseable URN simply yields undefined.
 */

/**
 * The parsed URN as far as its syntax goes (what DataHub's `Urn.createFromString` accepts), also
 * when a type-level check (arity, environment) fails; undefined when it does not parse at all.
 */
export function parseUrnSyntax(urn: string): ParsedUrn | undefined {
  const result = parseUrnOnce(urn);
  return result.ok ? result.urn : result.urn;
}

/**
 * parseUrn, answered from the parses of the URNs asked about during the same check of a document
 * (withUrnParses): the URN rule and the semantic rules ask about the same URN many times (each
 * column of a fine-grained edge names its dataset; an MCP file repeats each entity per aspect), and
 * parsing it anew each time was a tenth of `validate`'s allocation on a large MCP file. parseUrn is
 * a pure function of the text and no caller changes a parse, so a kept one is the same answer.
 * Outside a check, parsed each time.
 */
export function parseUrnOnce(urn: string): UrnParseResult {
  const parsed = parsedInCheck;
  if (!parsed) return parseUrn(urn);
  let result = parsed.get(urn);
  if (!result) {
    result = parseUrn(urn);
    if (parsed.size >= RECENT_URNS) parsed.clear();
    parsed.set(urn, result);
  }
  return result;
}

/**
 * The parses of the check running now (undefined between checks). Not kept from one document to
 * the next: a memo of the process's last 4,096 URNs held each one's file text (a URN is cut from
 * it) and parse across young collections, so checking a workspace's closed files one after
 * another promoted 1.3 MB to the old generation per collection (in process, `--trace-gc-nvp`) and
 * the whole workspace's diagnostics took a 100,002-file server to 1.3 GB.
 */
let parsedInCheck: Map<string, UrnParseResult> | undefined;
/** A check of a document of many URNs parses at most this many before it starts again. */
const RECENT_URNS = 4096;

/** Runs `check` (one document's rules) with its URN parses remembered for its length; a check inside another shares the outer one's. */
export function withUrnParses<T>(check: () => T): T {
  if (parsedInCheck) return check();
  parsedInCheck = new Map();
  try {
    return check();
  } finally {
    parsedInCheck = undefined;
  }
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

/**
 * A short, readable name for messages: a dataset as `topic1 (kafka, PROD)`, a column as
 * `user_id of topic1 (kafka, PROD)`; any other URN as written.
 */
export function readableName(urn: string): string {
  const parsed = parseUrnSyntax(urn);
  if (!parsed) return urn;
  const dataset = datasetKey(parsed);
  if (dataset) return `${dataset.name} (${dataset.platform}, ${dataset.env})`;
  const field = schemaFieldKey(parsed);
  if (field) return `${field.fieldPath} of ${readableName(field.datasetUrn)}`;
  return urn;
}

/** Entities whose key names their platform as plain text first: ChartKey.dashboardTool, DashboardKey.dashboardTool, DataFlowKey.orchestrator. */
const PLATFORM_FIRST_AS_TEXT = new Set(['chart', 'dashboard', 'dataFlow']);

/**
 * The platform name an entity's URN says it is on, where the URN tells: a `dataPlatform` URN as
 * the first key part (dataset, mlModel, …), the tool of a chart or dashboard, a dataFlow's
 * orchestrator; a schema field and a dataJob take their parent's. Undefined when the URN does not
 * say (a container, a glossary term, a domain).
 */
export function platformOf(urn: string): string | undefined {
  const parsed = parseUrnSyntax(urn);
  return parsed ? platformOfParsed(parsed, 0) : undefined;
}

function platformOfParsed(urn: ParsedUrn, depth: number): string | undefined {
  const first = urn.parts[0];
  if (!first || depth > 3) return undefined;
  if (first.kind === 'urn') {
    if (first.entityType === 'dataPlatform') return first.parts[0]?.kind === 'text' ? first.parts[0].value : undefined;
    return urn.entityType === 'schemaField' || urn.entityType === 'dataJob' ? platformOfParsed(first, depth + 1) : undefined;
  }
  if (urn.entityType === 'dataPlatform') return first.value;
  return PLATFORM_FIRST_AS_TEXT.has(urn.entityType) && urn.tuple ? first.value : undefined;
}
