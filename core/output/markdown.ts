import { logValue } from './logText';

/**
 * Values from data written into Markdown that GitHub renders (GFM, a CommonMark superset): a
 * pull-request comment must show a dataset named ``x``<img …>`` as that name, never as an image, a
 * bold "Approved", or an HTML comment that hides the rest. Every Markdown output builds its
 * values with these functions; docs/reliability.md, "Output built from data".
 */

/** The longest value shown; the rest is counted, so a 10 MB name cannot fill a comment. */
export const MAX_MARKDOWN_VALUE_CHARS = 500;
/** The longest line of a code block (a change line quotes values). */
export const MAX_MARKDOWN_LINE_CHARS = 2_000;

/** The value with its controls escaped (logValue), cut to `max` characters plus a count of the rest. */
export function clippedValue(value: string, max = MAX_MARKDOWN_VALUE_CHARS): string {
  const text = logValue(value);
  if (text.length <= max) return text;
  // Never cut a surrogate pair in half.
  const end = /[\ud800-\udbff]/.test(text[max - 1]) ? max - 1 : max;
  return `${text.slice(0, end)}…(${text.length - end} more characters)`;
}

/**
 * Inline code showing the value exactly: the fence is one backtick longer than the longest run of
 * backticks inside, and padded with a space when the value starts or ends with a backtick or a
 * space (CommonMark strips one space from each side). Nothing inside a code span is HTML.
 */
export function mdCode(value: string): string {
  const text = clippedValue(value);
  if (text === '') return '` `';
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(text) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A value inside raw HTML (`<summary>`): `&`, `<` and `>` as entities. */
export function mdHtml(value: string, max = MAX_MARKDOWN_VALUE_CHARS): string {
  return escapeHtml(clippedValue(value, max));
}

/** A value in running text: HTML escaped and every Markdown punctuation mark backslash-escaped. */
export function mdText(value: string, max = MAX_MARKDOWN_VALUE_CHARS): string {
  return escapeHtml(clippedValue(value, max)).replace(/[\\`*_[\]{}()#+!|~-]/g, '\\$&');
}

/** A fenced code block; the fence is longer than any run of backticks in its lines. */
export function mdFence(info: string, lines: readonly string[]): string[] {
  const shown = lines.map((line) => clippedValue(line, MAX_MARKDOWN_LINE_CHARS));
  const longest = Math.max(0, ...shown.flatMap((line) => (line.match(/`+/g) ?? []).map((run) => run.length)));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}${info}`, ...shown, fence];
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
