import { parse as parseYaml } from 'yaml';
import type { SourceRange } from '../model/range';
import { hasControls } from '../output/logText';

/**
 * Writing a new string where a file holds one, in the way that string is written there: a JSON
 * string or YAML double-quoted scalar (`"…"`, JSON escapes), JSON serialised inside such a string
 * (`\"…\"`, the MCP `aspect.value` form: escaped twice), a YAML single-quoted scalar (`'…'`, `''`
 * for a quote) or a YAML plain scalar. A value a style cannot hold (a quote in a plain scalar, a
 * line break in a single-quoted one) is written double-quoted instead. Used by rename, whose
 * edits must leave every file parsing to exactly the new value (checked again after, in rename.ts).
 */

type Style = 'plain' | 'double' | 'single' | 'jsonInString';

/** A string scalar found at a range: how it is written and what it says. */
export interface ScalarAt {
  style: Style;
  /** the value as the file means it (escapes decoded) */
  value: string;
}

function decodeJsonString(raw: string): string | undefined {
  try {
    const value: unknown = JSON.parse(`"${raw}"`);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

function quoted(text: string, range: SourceRange, open: string, close = open): boolean {
  return text.startsWith(open, range.start - open.length) && text.startsWith(close, range.end);
}

/**
 * The scalar whose value text is exactly `range` (inside the quotes for a quoted one), or
 * undefined when the range is not a whole string written in one of the styles above (a part of a
 * string, an alias, a block scalar, a YAML-only escape).
 */
export function scalarAt(text: string, range: SourceRange): ScalarAt | undefined {
  const raw = text.slice(range.start, range.end);
  if (quoted(text, range, '\\"')) {
    const once = decodeJsonString(raw);
    const value = once === undefined ? undefined : decodeJsonString(once);
    return value === undefined ? undefined : { style: 'jsonInString', value };
  }
  if (quoted(text, range, '"')) {
    const value = decodeJsonString(raw);
    return value === undefined ? undefined : { style: 'double', value };
  }
  if (quoted(text, range, "'")) return /[\r\n]/.test(raw) ? undefined : { style: 'single', value: raw.replace(/''/g, "'") };
  const before = range.start === 0 ? '\n' : text[range.start - 1];
  const after = range.end >= text.length ? '\n' : text[range.end];
  const plainStart = /[\s[{,]/.test(before);
  const plainEnd = /[\s\]},:]/.test(after);
  if (!plainStart || !plainEnd || /[\r\n]/.test(raw) || raw.length === 0 || /^["'&*!|>%@`]/.test(raw)) return undefined;
  return { style: 'plain', value: raw };
}

/** Whether `value` reads back as the same string when written as a YAML plain scalar. */
function plainSafe(value: string, flow: boolean): boolean {
  if (value.length === 0 || value !== value.trim() || /[\r\n\t"'\\#]/.test(value) || /^[-?:,[\]{}&*!|>%@`]/.test(value)) return false;
  if (/: |:$/.test(value) || (flow && /[,[\]{}]/.test(value))) return false;
  // The common shapes without a parse (a rename may write thousands): ids and URNs of safe characters.
  if (/^[A-Za-z_][A-Za-z0-9_.\-/]*$/.test(value) && !/^(true|false|null|yes|no|on|off|y|n)$/i.test(value)) return true;
  if (/^urn:li:[A-Za-z0-9_.\-/():,%@+=~$;!*]*$/.test(value)) return true;
  try {
    return parseYaml(value) === value;
  } catch {
    return false;
  }
}

/**
 * The edit that writes `next` over the scalar at `range` (as found by scalarAt): the range to
 * replace and its new text. `flow`: the scalar sits inside `[…]`/`{…}` (a plain comma would end it).
 */
export function rewriteScalar(scalar: ScalarAt, range: SourceRange, next: string, flow: boolean): { range: SourceRange; text: string } {
  const json = JSON.stringify(next).slice(1, -1);
  switch (scalar.style) {
    case 'jsonInString':
      return { range, text: JSON.stringify(json).slice(1, -1) };
    case 'double':
      return { range, text: json };
    case 'single':
      if (!hasControls(next)) return { range, text: next.replace(/'/g, "''") };
      return { range: { start: range.start - 1, end: range.end + 1 }, text: `"${json}"` };
    case 'plain':
      return plainSafe(next, flow) ? { range, text: next } : { range, text: `"${json}"` };
  }
}

/** Characters a new name may bring into any quoted or plain string without an escape. */
const NEEDS_NO_ESCAPE = /^[A-Za-z0-9_.\-:/()%,=+@~$;!*]*$/;

/** Whether `text` may replace part of a string as is, in any style (used where only part of a string is renamed). */
export function writableInsideAnyString(text: string): boolean {
  return NEEDS_NO_ESCAPE.test(text);
}

/** Whether the scalar at `offset` is inside a YAML flow collection or JSON (`[`/`{` still open on its line or before). */
export function inFlowContext(text: string, offset: number): boolean {
  // A cheap look back along the line: a plain scalar after `[`, `{` or `, ` on the same line is in flow.
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const head = text.slice(lineStart, offset);
  return /[[{]/.test(head) && !/^\s*-\s*$/.test(head);
}
