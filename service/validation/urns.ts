import { policyOf } from '../../core/diagnostics/policy';
import { parseUrn } from '../../core/urn/parse';
import type { ParsedUrn } from '../../core/urn/types';
import { DATA_TYPE_URN_PREFIX, ENTITY_TYPE_NAMES, ENTITY_TYPE_URN_PREFIX, isDataTypeName, splitTypeId, type DataTypeName } from '../../core/urn/vocabulary';

/**
 * URN checks as the service applies them: what DataHub's server rejects is rejected (syntax,
 * tuple arity, environment), what it accepts is accepted even when the editor would warn (a
 * platform name that is not one of the well-known ones).
 */

/**
 * URN verdicts that are advice in core/diagnostics/policy.ts (a custom platform, a self-defined
 * data type) are accepted here too. An unknown entity-type id is also stored as a URN; where the
 * registry matters (a definition's entityTypes) the definition check refuses it itself.
 */
const acceptedByDataHub = (code: string): boolean => code === 'urn.unknownType' || policyOf(code)?.authority === 'advice';

export type UrnCheck = { ok: true; urn: ParsedUrn } | { ok: false; message: string };

export function checkUrn(text: string): UrnCheck {
  // A lone UTF-16 surrogate cannot be encoded in a path or a JSON answer: such a URN could be
  // stored but never read, updated or deleted again.
  const surrogate = loneSurrogateAt(text);
  if (surrogate !== undefined) {
    return { ok: false, message: `Invalid urn: ${JSON.stringify(text.slice(0, 200))}: it holds a lone UTF-16 surrogate (\\u${text.charCodeAt(surrogate).toString(16).toUpperCase()} at position ${surrogate}), which is not a character and cannot be sent back in a URL or JSON. Fix the text of the URN` };
  }
  const result = parseUrn(text);
  if (result.ok) return { ok: true, urn: result.urn };
  if (result.urn && (result.error.severity === 'warning' || acceptedByDataHub(result.error.code))) return { ok: true, urn: result.urn };
  return { ok: false, message: `Invalid urn: ${text}: ${result.error.message}` };
}

const canonicalTypes = new Map<string, string>(ENTITY_TYPE_NAMES.map((name) => [name.toLowerCase(), name]));

/** `dataset`, `structuredproperty`, `dataJob` → the registry name; undefined when DataHub has no such entity. */
export function canonicalEntityType(name: string): string | undefined {
  return canonicalTypes.get(name.toLowerCase());
}

/** The text of the n-th key part (a nested URN is given as its text). */
export function partText(urn: ParsedUrn, index: number): string | undefined {
  const part = urn.parts[index];
  if (!part) return undefined;
  return part.kind === 'text' ? part.value : part.raw;
}

/** The id of a type URN after its `datahub.` / `service.` namespace; undefined without one. */
function typeIdName(text: string, prefix: string): string | undefined {
  if (!text.startsWith(prefix)) return undefined;
  const name = splitTypeId(text.slice(prefix.length))?.name;
  return name ? name : undefined;
}

/** `urn:li:entityType:datahub.dataset` / `service.dataset` → `dataset` (registry spelling); undefined otherwise. */
export function entityTypeOfTypeUrn(text: string): string | undefined {
  const name = typeIdName(text, ENTITY_TYPE_URN_PREFIX);
  return name === undefined ? undefined : canonicalEntityType(name);
}

export type ValueType = DataTypeName;

/** `urn:li:dataType:datahub.number` / `service.number` → `number`; undefined for anything else. */
export function valueTypeOfTypeUrn(text: string): ValueType | undefined {
  const name = typeIdName(text, DATA_TYPE_URN_PREFIX);
  return name !== undefined && isDataTypeName(name) ? name : undefined;
}

export function describe(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The index of the first unpaired surrogate code unit, or undefined when the text is well-formed. */
export function loneSurrogateAt(text: string): number | undefined {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return i;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) return i;
  }
  return undefined;
}
