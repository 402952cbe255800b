import type { ServicePropertyDefinition } from '../core/api/definitions';
import { parseUrn } from '../core/urn';

/**
 * What the URN pickers offer and accept, without VS Code (unit-tested): the catalog's structured
 * properties for Soft Delete (live ones) and Restore (soft-deleted ones), and what a typed answer
 * means (a URN, or a property's plain id).
 */
export interface UrnChoice {
  urn: string;
  label: string;
  description?: string;
  detail?: string;
}

const PROPERTY_PREFIX = 'urn:li:structuredProperty:';

/** The catalog's properties in one state (soft-deleted or live), the ones this file defines first, then by name. */
export function propertyChoices(definitions: readonly ServicePropertyDefinition[], removed: boolean, definedHere: readonly string[] = []): UrnChoice[] {
  const here = new Set(definedHere);
  return definitions
    .filter((d) => d.removed === removed)
    .map((d) => {
      const qualifiedName = typeof d.aspect.qualifiedName === 'string' ? d.aspect.qualifiedName : d.urn.slice(PROPERTY_PREFIX.length);
      const displayName = typeof d.aspect.displayName === 'string' ? d.aspect.displayName : undefined;
      const where = here.has(d.urn) ? 'defined in this file · ' : '';
      return { urn: d.urn, label: qualifiedName, ...(displayName ? { description: displayName } : {}), detail: `${where}${removed ? 'soft-deleted in the catalog' : 'live in the catalog'}`, here: here.has(d.urn) };
    })
    .sort((a, b) => Number(b.here) - Number(a.here) || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
    .map(({ here: _here, ...choice }) => choice);
}

/** A typed property: its URN, or its plain id (`io.acme.tier`) made into one; an error in words otherwise. */
export function typedProperty(text: string): { urn: string } | { problem: string } {
  const trimmed = text.trim();
  const urn = trimmed.startsWith('urn:') ? trimmed : `${PROPERTY_PREFIX}${trimmed}`;
  if (!urn.startsWith(PROPERTY_PREFIX)) return { problem: `'${trimmed}' is not a structured property: give its id (io.acme.tier) or its URN (${PROPERTY_PREFIX}io.acme.tier).` };
  const id = urn.slice(PROPERTY_PREFIX.length);
  // DataHub refuses ids with spaces (the definition.qualifiedName rule); the URN grammar decides the rest.
  if (id === '' || /\s/.test(id)) return { problem: `'${trimmed}' is not a property id: an id has no spaces (e.g. io.acme.tier).` };
  const parsed = parseUrn(urn);
  return parsed.ok ? { urn } : { problem: `'${trimmed}' is not a property id or URN: ${parsed.error.message}` };
}

/** A typed entity URN, or what is wrong with it. */
export function typedEntity(text: string): { urn: string } | { problem: string } {
  const parsed = parseUrn(text.trim());
  return parsed.ok ? { urn: text.trim() } : { problem: `Not a valid URN: ${parsed.error.message}` };
}
