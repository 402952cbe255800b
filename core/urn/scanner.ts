/**
 * The URN syntax scanner: one pass over the characters, no regular expressions, following DataHub's
 * `Urn.java` / `TupleKey.java` (reference/datahub-api.md §3.1) plus the server-side checks of §3.2
 * that concern characters (raw `,` `(` `)` inside parts). Type-specific rules live in validate.ts.
 */
import { unescapeUrnPart } from './escape';
import type { ParsedUrn, UrnError, UrnPart } from './types';

export type ScanResult = { ok: true; urn: ParsedUrn } | { ok: false; error: UrnError };

const NESTED_PREFIX = 'urn:li:';
const MAX_NESTING = 16;
const OPEN = 0x28;
const CLOSE = 0x29;
const COMMA = 0x2c;
const COLON = 0x3a;
const UNIT_SEPARATOR_SYMBOL = 0x241f; // '␟', reserved by DataHub

function fail(offset: number, length: number, message: string, candidates: string[] = []): ScanResult {
  return { ok: false, error: { code: 'urn.syntax', message, offset, length, candidates } };
}

function isTypeChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
}

function isLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0xa0 || c === 0x3000;
}

function startsWithAt(text: string, prefix: string, at: number, end: number): boolean {
  return end - at >= prefix.length && text.startsWith(prefix, at);
}

/**
 * Scans the URN occupying text[start, end). Findings DataHub accepts but that are probably slips
 * (spaces at the edge of a key part) go to `warnings`.
 */
export function scanUrn(text: string, start: number, end: number, warnings: UrnError[] = [], nesting = 0): ScanResult {
  if (nesting > MAX_NESTING) return fail(start, end - start, `URNs are nested more than ${MAX_NESTING} levels deep here; DataHub URNs nest at most a few levels.`);
  if (!startsWithAt(text, 'urn:', start, end)) {
    if (end - start >= 4 && text.slice(start, start + 4).toLowerCase() === 'urn:') {
      return fail(start, 3, `A URN starts with lower-case 'urn:'; found '${text.slice(start, start + 3)}'.`, ['urn']);
    }
    return fail(start, end - start, "Not a URN: a DataHub URN starts with 'urn:li:', e.g. urn:li:dataset:(urn:li:dataPlatform:hive,db.table,PROD).");
  }
  const namespaceStart = start + 4;
  let i = namespaceStart;
  while (i < end && text.charCodeAt(i) !== COLON) i++;
  if (i >= end) return fail(namespaceStart, end - namespaceStart, "The URN has no entity type: write 'urn:li:<entityType>:<key>'.");
  const namespace = text.slice(namespaceStart, i);
  if (namespace !== 'li') {
    return fail(namespaceStart, i - namespaceStart, `DataHub URNs use the namespace 'li' (urn:li:...); found '${namespace}'.`, ['li']);
  }
  const typeStart = i + 1;
  i = typeStart;
  while (i < end && isTypeChar(text.charCodeAt(i))) i++;
  const entityType = text.slice(typeStart, i);
  if (i >= end) {
    if (entityType === '') return fail(typeStart, 0, "The URN stops after 'urn:li:': write 'urn:li:<entityType>:<key>'.");
    return fail(typeStart, i - typeStart, `The URN has no key: write urn:li:${entityType}:<key>.`);
  }
  if (text.charCodeAt(i) !== COLON) {
    const what = entityType === '' ? 'an entity type' : `the entity type '${entityType}'`;
    return fail(i, 1, `'${text[i]}' cannot appear in ${what}; after 'urn:li:' comes a name of letters, digits and '_', then ':' and the key.`);
  }
  if (entityType === '') return fail(typeStart, 1, "The entity type is missing between 'urn:li:' and ':'.");
  if (!isLetter(text.charCodeAt(typeStart))) {
    return fail(typeStart, i - typeStart, `An entity type starts with a letter; found '${entityType}'.`);
  }
  const keyStart = i + 1;
  if (keyStart >= end) return fail(i, 1, `The URN has an empty key after 'urn:li:${entityType}:'; DataHub does not allow that.`);

  const parts: UrnPart[] = [];
  const tuple = text.charCodeAt(keyStart) === OPEN;
  const result = tuple ? scanTuple(text, keyStart, end, nesting, parts, warnings) : scanPart(text, keyStart, end, nesting, parts, warnings);
  if (result) return result;
  return { ok: true, urn: { kind: 'urn', entityType, parts, tuple, raw: text.slice(start, end), start, end } };
}

/** Splits `(p1,p2,...)` at depth-1 commas; the closing paren must be the last character of the URN. */
function scanTuple(text: string, open: number, end: number, nesting: number, parts: UrnPart[], warnings: UrnError[]): ScanResult | undefined {
  const opens: number[] = [open];
  let partStart = open + 1;
  for (let i = open + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === OPEN) opens.push(i);
    else if (c === CLOSE) {
      opens.pop();
      if (opens.length > 0) continue;
      const failure = scanPart(text, partStart, i, nesting, parts, warnings);
      if (failure) return failure;
      if (i !== end - 1) {
        return fail(i + 1, end - i - 1, `Unexpected '${text.slice(i + 1, Math.min(end, i + 21))}' after the ')' that closes the key; the URN should end there.`);
      }
      return undefined;
    } else if (c === COMMA && opens.length === 1) {
      const failure = scanPart(text, partStart, i, nesting, parts, warnings);
      if (failure) return failure;
      partStart = i + 1;
    }
  }
  const unclosed = opens[opens.length - 1];
  return fail(unclosed, 1, "This '(' is never closed: add ')' at the end, or write parentheses inside names as %28 and %29.");
}

/**
 * A balanced raw parenthesis inside a name: GMS parses the URN, and UrnValidationUtil only logs
 * the illegal component unless STRICT_URN_VALIDATION_ENABLED is set (it is off by default,
 * ValidationApiUtils), so a default DataHub stores it; DataHub's Python SDK then cannot read the
 * URN back (datahub-project/datahub#19086, PR #19374). Said as a warning with the fix.
 */
function rawParenthesisWarning(text: string, start: number, end: number, at: number): UrnError {
  // The fix escapes every parenthesis of the part at once: escaping one would unbalance the rest.
  const part = text.slice(start, end);
  return {
    code: 'urn.syntax',
    message: `A raw '${text[at]}' inside the URN part '${part}': a default DataHub stores it (GMS only logs it; with STRICT_URN_VALIDATION_ENABLED it refuses the write), but DataHub's Python SDK cannot read this URN back. Write parentheses inside names as %28 and %29.`,
    offset: start,
    length: end - start,
    candidates: [part.replace(/\(/g, '%28').replace(/\)/g, '%29')],
    severity: 'warning',
    strictOnly: true,
  };
}

/** One key part in text[start, end): a nested URN or plain text. */
function scanPart(text: string, start: number, end: number, nesting: number, parts: UrnPart[], warnings: UrnError[]): ScanResult | undefined {
  if (start === end) {
    return fail(start - 1, 2, 'Empty part in the URN key: DataHub does not allow empty parts; remove the extra comma or fill in the value.');
  }
  if (isSpace(text.charCodeAt(start)) || isSpace(text.charCodeAt(end - 1))) {
    // GMS checks whitespace only around the whole URN; inside, the spaces become part of the name.
    const raw = text.slice(start, end);
    warnings.push({
      code: 'urn.syntax',
      message: `'${raw}' has spaces at its start or end; DataHub keeps them as part of the name, so this names a different entity than '${raw.trim()}'. Remove them.`,
      offset: start,
      length: end - start,
      candidates: [raw.trim()],
      severity: 'warning',
    });
  }
  if (startsWithAt(text, NESTED_PREFIX, start, end)) {
    const nested = scanUrn(text, start, end, warnings, nesting + 1);
    if (!nested.ok) return nested;
    parts.push(nested.urn);
    return undefined;
  }
  let rawParenthesis = false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if ((c === OPEN || c === CLOSE) && !rawParenthesis) {
      rawParenthesis = true;
      warnings.push(rawParenthesisWarning(text, start, end, i));
    }
    // A raw comma splits a tuple key into parts (so it is refused inside a tuple part by the split
    // itself); in a single-part key GMS keeps it (UrnValidationUtilTest.testSimpleUrnComma).
    if (c === UNIT_SEPARATOR_SYMBOL) return fail(i, 1, "DataHub reserves the '␟' character; it cannot appear in a URN.");
    if (c < 0x20 || c === 0x7f) return fail(i, 1, 'A control character (line break, tab, ...) cannot appear in a URN; remove it.');
  }
  const raw = text.slice(start, end);
  parts.push({ kind: 'text', value: unescapeUrnPart(raw), raw, start, end });
  return undefined;
}
