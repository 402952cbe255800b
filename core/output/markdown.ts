import { logValue } from './logText';

/**
 * The one way to put data into Markdown. Everything the language server, the client, the CLI and
 * the review Action render as Markdown (hover cards, completion documentation, the plan, the review
 * comment and job summary) is a `Markdown` value built here: the code's own constant text (the `md`
 * template tag, whose holes take only `Markdown`), and data escaped as text (`mdText`), as a code
 * span sized to its content (`mdCode`), as a fenced block (`mdFence`), inside raw HTML (`mdHtml`) or
 * as a link target checked and encoded (`mdLink`). A plain string cannot be passed where Markdown
 * is expected, so the compiler refuses a value spliced in unescaped. GitHub (GFM, a CommonMark
 * superset with autolinks), VS Code's hovers and its Markdown preview (linkify on) then render a
 * dataset named ``x``<img …>``, a description holding `https://evil.example/p.png` or a key holding
 * `[k](https://…)` as that text: never as an image, a link, a bold "Approved" or an HTML comment
 * that hides the rest. docs/reliability.md, "Output built from data".
 */

declare const MARKDOWN: unique symbol;
/** Markdown the code built: its own constant syntax, data only as escaped by this module. */
export type Markdown = string & { readonly [MARKDOWN]: true };

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

function trusted(text: string): Markdown {
  return text as Markdown;
}

/**
 * The code's own Markdown: constant text written in the source, with holes that take only Markdown
 * (a value escaped here) or a number. `md\`**${mdText(name)}** ${count} item(s)\``.
 */
export function md(constant: TemplateStringsArray, ...holes: readonly (Markdown | number)[]): Markdown {
  let text = constant[0];
  holes.forEach((hole, index) => (text += String(hole) + constant[index + 1]));
  return trusted(text);
}

/** Markdown pieces joined by a separator of the code's own. */
export function mdJoin(pieces: readonly Markdown[], separator: Markdown | '' = ''): Markdown {
  return trusted(pieces.join(separator));
}

/**
 * Inline code showing the value exactly: the fence is one backtick longer than the longest run of
 * backticks inside, and padded with a space when the value starts or ends with a backtick or a
 * space (CommonMark strips one space from each side). Nothing inside a code span is HTML, a link or
 * an autolink.
 */
export function mdCode(value: string): Markdown {
  const text = clippedValue(value);
  if (text === '') return trusted('` `');
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(text) ? ' ' : '';
  return trusted(`${fence}${pad}${text}${pad}${fence}`);
}

/** A value inside raw HTML (`<summary>`): `&`, `<` and `>` as entities. */
export function mdHtml(value: string, max = MAX_MARKDOWN_VALUE_CHARS): Markdown {
  return trusted(escapeHtml(clippedValue(value, max)));
}

const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * A value in running text: `&`, `<`, `>` as entities and every ASCII punctuation mark Markdown
 * gives a meaning backslash-escaped (emphasis, code, links, images, headings, lists, tables,
 * strikethrough, GitHub's `$` math). Escaping `.`, `:`, `/` and `@` too is what keeps a bare URL, a
 * domain or an e-mail address in the value from being autolinked: GitHub's autolinks and
 * markdown-it's linkify only match within one run of plain text, and each escape ends that run
 * (VS Code's hover renderer matches `https://` and `www.` in the source, where the backslashes
 * are). A value is one line (clippedValue escapes line breaks), so no line of it starts a block.
 */
export function mdText(value: string, max = MAX_MARKDOWN_VALUE_CHARS): Markdown {
  return trusted(clippedValue(value, max).replace(/[\\`*_[\]{}()#+!|~$.:/@&<>-]/g, (mark) => HTML_ENTITIES[mark] ?? `\\${mark}`));
}

/** A fenced code block; the fence is longer than any run of backticks (or tildes) in its lines. */
export function mdFence(info: 'diff' | '', lines: readonly string[]): Markdown[] {
  const shown = lines.map((line) => clippedValue(line, MAX_MARKDOWN_LINE_CHARS));
  const longest = Math.max(0, ...shown.flatMap((line) => (line.match(/`+/g) ?? []).map((run) => run.length)));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}${info}`, ...shown, fence].map(trusted);
}

/** What could end a `<…>` link target or the line: angle brackets, a backslash, white space, controls. */
// eslint-disable-next-line no-control-regex -- the controls are what is matched
const LINK_BREAKERS = /[<>\\\s\u0000-\u001f\u007f-\u009f]/gu;

/** Schemes a link built from data may have: a web page, or one of the client's own commands. */
const LINK_SCHEMES = new Set(['http:', 'https:', 'command:']);

/**
 * A link whose label is the code's own and whose target came from data (a settings URL, a page
 * address built from a URN). The target must parse as a URL of an allowed scheme, without a user or
 * password; it is placed in `<…>` with every character that could end it (`<`, `>`, a line break,
 * a backslash, a space) percent-encoded. Anything else gives the label alone, as text.
 */
export function mdLink(label: Markdown, target: string): Markdown {
  const href = safeLinkTarget(target);
  return href === undefined ? label : trusted(`[${label}](<${href}>)`);
}

/** The target as written into a link, or undefined when it is not one to link to. */
export function safeLinkTarget(target: string): string | undefined {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return undefined;
  }
  if (!LINK_SCHEMES.has(url.protocol) || url.username !== '' || url.password !== '') return undefined;
  return target.replace(LINK_BREAKERS, (ch) => encodeURIComponent(ch));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (mark) => HTML_ENTITIES[mark]);
}
