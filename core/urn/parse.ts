/** parseUrn: syntax scan, then type-level checks, then DataHub's 512-character limits. */
import { scanUrn } from './scanner';
import type { ParsedUrn, UrnError, UrnParseResult } from './types';
import { validateUrn } from './validate';

export const URN_MAX_LENGTH = 512;

export function parseUrn(text: string): UrnParseResult {
  const whitespace = surroundingWhitespace(text);
  if (whitespace) return { ok: false, error: whitespace };
  const warnings: UrnError[] = [];
  const scanned = scanUrn(text, 0, text.length, warnings);
  if (!scanned.ok) return scanned;
  const urn = scanned.urn;
  const error = validateUrn(urn, warnings) ?? checkLength(urn);
  // Warnings found before the error are kept: a misspelt platform must not hide a wrong environment.
  if (error) return warnings.length > 0 ? { ok: false, error, urn, warnings } : { ok: false, error, urn };
  return warnings.length > 0 ? { ok: true, urn, warnings } : { ok: true, urn };
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

/** DataHub's parser limits the raw URN to 512 characters; its ingest check limits the URL-encoded form too (not for schemaField URNs). */
function checkLength(urn: ParsedUrn): UrnError | undefined {
  const raw = urn.raw;
  if (raw.length > URN_MAX_LENGTH) {
    return {
      code: 'urn.tooLong',
      message: `This URN is ${raw.length} characters long; DataHub's limit is ${URN_MAX_LENGTH}. Shorten the name; the text past character ${URN_MAX_LENGTH} is marked.`,
      offset: URN_MAX_LENGTH,
      length: raw.length - URN_MAX_LENGTH,
      candidates: [],
    };
  }
  if (urn.entityType === 'schemaField') return undefined;
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
