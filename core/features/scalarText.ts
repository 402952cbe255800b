import { createScanner } from 'jsonc-parser';
import type { SourceRange } from '../model/range';
import { isJsonDocument, type WorkspaceDocument } from '../workspace/workspaceDocument';

/**
 * How a replacement value is written where it goes: escaped inside existing quotes, quoted when a
 * plain YAML scalar would change meaning, as a JSON string or number in JSON.
 */
export function formatScalar(document: WorkspaceDocument, target: SourceRange | undefined, value: string): string {
  const quote = target ? quoteAround(document.text, target) : '';
  if (/^".*"$/.test(value) && !quote) return value; // already a literal, e.g. a number to be quoted
  if (isJsonDocument(document)) {
    // Part of a string (a URN's environment, its platform): escaped, never quoted again.
    if (quote === '"' || (target && insideJsonString(document.text, target))) return JSON.stringify(value).slice(1, -1);
    return /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value) ? value : JSON.stringify(value);
  }
  if (quote === '"') return JSON.stringify(value).slice(1, -1);
  if (quote === "'") return value.replace(/'/g, "''");
  if (needsYamlQuotes(value)) return JSON.stringify(value);
  // Inside `[...]` or `{...}` a comma or bracket ends a plain scalar: a URN there must be quoted.
  return target && /[,[\]{}]/.test(value) && insideYamlFlow(document.text, target.start) ? JSON.stringify(value) : value;
}

/** Whether the offset sits inside a YAML flow collection opened earlier on its line. */
function insideYamlFlow(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let depth = 0;
  let quote = '';
  for (let i = lineStart; i < offset; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') depth++;
    else if ((c === ']' || c === '}') && depth > 0) depth--;
    else if (c === '#' && /\s/.test(text[i - 1] ?? ' ')) break;
  }
  return depth > 0;
}

/** The quote of the quoted scalar the range lies in: right around it, or open earlier on its line (part of a quoted value). */
function quoteAround(text: string, range: SourceRange): string {
  const before = text[range.start - 1];
  if ((before === '"' || before === "'") && text[range.end] === before) return before;
  return quoteOpenAt(text, range.start);
}

/**
 * Which quote is open at the offset, reading its line from the start ('' when none). A quote opens
 * a quoted scalar only where a value starts (line start, after `: `, `- `, `[`, `{` or `,`); an
 * apostrophe inside a plain value (`don't`) is just a character.
 */
function quoteOpenAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let quote = '';
  let previous = '';
  for (let i = lineStart; i < offset; i++) {
    const c = text[i];
    if (quote === '"') {
      if (c === '\\') i++;
      else if (c === '"') quote = '';
    } else if (quote === "'") {
      // A doubled '' inside single quotes is one quote character, not the end.
      if (c === "'" && text[i + 1] === "'" && i + 1 < offset) i++;
      else if (c === "'") quote = '';
    } else if ((c === '"' || c === "'") && (previous === '' || ':-[{,'.includes(previous))) quote = c;
    else if (c === '#' && /\s/.test(text[i - 1] ?? ' ')) return '';
    if (!/\s/.test(c)) previous = quote ? '' : c;
  }
  return quote;
}

function needsYamlQuotes(value: string): boolean {
  if (value === '') return true;
  if (/^[\s]|[\s]$/.test(value)) return true;
  if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(value)) return !/^-\d/.test(value);
  return /: |\s#/.test(value) || /:$/.test(value);
}

// jsonc-parser's SyntaxKind is an ambient const enum, which isolated modules cannot read.
const STRING_LITERAL = 10; // SyntaxKind.StringLiteral
const END_OF_FILE = 17; // SyntaxKind.EOF

/** Whether the range lies inside one JSON string literal (jsonc-parser's scanner, comments allowed). */
function insideJsonString(text: string, range: SourceRange): boolean {
  const scanner = createScanner(text, false);
  for (let kind = scanner.scan(); kind !== END_OF_FILE; kind = scanner.scan()) {
    const start = scanner.getTokenOffset();
    const end = start + scanner.getTokenLength();
    if (start >= range.end) return false;
    if (end <= range.start) continue;
    return kind === STRING_LITERAL && start < range.start && range.end < end;
  }
  return false;
}
