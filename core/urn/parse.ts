/** parseUrn: syntax scan, then type-level checks, then DataHub's 512-character limits. */
import { scanUrn } from './scanner';
import type { ParsedUrn, UrnError, UrnParseResult } from './types';
import { validateUrn } from './validate';

export const URN_MAX_LENGTH = 512;
/** DataHub's aspect table keys rows by `urn varchar(500)` (MySQL and Postgres setup scripts). */
export const URN_STORED_MAX_LENGTH = 500;

export function parseUrn(text: string): UrnParseResult {
  const whitespace = surroundingWhitespace(text);
  if (whitespace) return { ok: false, error: whitespace };
  const warnings: UrnError[] = [];
  const scanned = scanUrn(text, 0, text.length, warnings);
  if (!scanned.ok) return scanned;
  const urn = scanned.urn;
  const error = validateUrn(urn, warnings) ?? checkLength(urn, warnings);
  // Warnings found before the error are kept: a misspelt platform must not hide a wrong environment.
  if (error) return warnings.length > 0 ? { ok: false, error, urn, warnings } : { ok: false, error, urn };
  return warnings.length > 0 ? { ok: true, urn, warnings } : { ok: true, urn };
}

/**
 * The shape parseUrn reads (its `urn`, whether or not the type-level checks pass), without those
 * checks: what needs only the parts of a URN (a symbol's short name) asks this, at a fraction of
 * the cost (the checks look for close matches of every part).
 */
export function urnShape(text: string): ParsedUrn | undefined {
  if (surroundingWhitespace(text)) return undefined;
  const scanned = scanUrn(text, 0, text.length, []);
  return scanned.ok ? scanned.urn : undefined;
}

function surroundingWhitespace(text: string): UrnError | undefined {
  const trimmed = text.trim();
  if (trimmed === text) return undefined;
  if (trimmed === '') return { code: 'urn.syntax', message: 'The URN is empty.', offset: 0, length: text.length, candidates: [] };
  const lead = text.length - text.trimStart().length;
  const offset = lead > 0 ? 0 : trimmed.length;
  const length = lead > 0 ? lead : text.length - trimmed.length;
  return {
    code: 'urn.syntax',
    message: 'The URN has spaces or line breaks before or after it; DataHub rejects URNs with leading or trailing whitespace. Remove them.',
    offset,
    length,
    candidates: [''],
  };
}

/**
 * GMS refuses a URN over 512 characters once URL-encoded (UrnValidationUtil.URN_NUM_BYTES_LIMIT),
 * except schemaField URNs, which it does not limit (Urn.java's old raw 512 check is gone). A
 * schemaField URN over 500 characters can be referenced in lineage, but DataHub's database cannot
 * store aspects of it (`urn varchar(500)`): a warning.
 */
function checkLength(urn: ParsedUrn, warnings: UrnError[]): UrnError | undefined {
  const raw = urn.raw;
  if (urn.entityType === 'schemaField') {
    if (raw.length > URN_STORED_MAX_LENGTH) {
      warnings.push({
        code: 'urn.tooLong',
        message: `This schemaField URN is ${raw.length} characters long. DataHub accepts it in lineage, but its database keys entities by URNs of at most ${URN_STORED_MAX_LENGTH} characters, so the column cannot carry aspects of its own (descriptions, tags, structured properties). The text past character ${URN_STORED_MAX_LENGTH} is marked.`,
        offset: URN_STORED_MAX_LENGTH,
        length: raw.length - URN_STORED_MAX_LENGTH,
        candidates: [],
        severity: 'warning',
      });
    }
    return undefined;
  }
  let encoded = 0;
  let overflowAt = -1;
  for (let i = 0; i < raw.length; i++) {
    encoded += urlEncodedLength(raw, i);
    if (encoded > URN_MAX_LENGTH && overflowAt < 0) overflowAt = i;
  }
  if (overflowAt < 0) return undefined;
  return {
    code: 'urn.tooLong',
    message: `This URN is ${encoded} characters long once URL-encoded (':' ',' '(' '/' each take 3), and DataHub rejects URNs over ${URN_MAX_LENGTH} encoded characters. Shorten the name; the text past the limit is marked.`,
    offset: overflowAt,
    length: raw.length - overflowAt,
    candidates: [],
  };
}

/** Characters that Java's URLEncoder writes for the UTF-16 unit at `i`. */
function urlEncodedLength(text: string, i: number): number {
  const c = text.charCodeAt(i);
  const unreserved =
    (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d || c === 0x2a || c === 0x5f || c === 0x20;
  if (unreserved) return 1;
  if (c < 0x80) return 3;
  if (c < 0x800) return 6;
  if (c >= 0xd800 && c <= 0xdfff) return 6; // each half of a surrogate pair: 4 UTF-8 bytes for the pair
  return 9;
}
