import assert from 'node:assert/strict';
import { markdownParser } from './markdownParser';

/**
 * Reads a plan comment the way GitHub does (a CommonMark parser: markdown-it) and checks that values
 * from data stayed data: no HTML but the comment's own `<details>`/`<summary>` blocks, no links,
 * images or emphasis but its own bold phrases, and the changes rendered plus the ones it says it
 * left out equal the changes planned.
 */

// GitHub renders raw HTML in comments (then sanitises it); markdown-it's default leaves it out.
const parser = markdownParser({ html: true });

// The summaries the plan writes: an entity's tally, an impact's title (its URNs in code), or text.
const OWN_HTML = [
  /^<details>\n<summary>(<code>[^<>]*<\/code>: \+\d+ ~\d+ -\d+|Cut by <code>[^<>]*<\/code> → <code>[^<>]*<\/code>|Invalid values of <code>[^<>]*<\/code>|[^<>]*)<\/summary>\n$/,
  /^<\/details>\n?$/,
];
const OWN_BOLD = /^(No changes\.|\d+ change\(s\) to \d+ entit(y|ies)|Warning:|… .* not shown:)$/;
const FORBIDDEN_INLINE = new Set(['html_inline', 'link_open', 'image', 'em_open', 's_open']);

export interface RenderedPlan {
  /** change lines in the `diff` blocks under each entity */
  changes: number;
  /** change lines in the "Removals" summary, which lists removals first (again under their entity) */
  removalsListed: number;
  /** changes the closing line says were left out */
  omitted: number;
  /** the inline code spans, as their text */
  codeSpans: string[];
}

export function checkPlanMarkdown(markdown: string): RenderedPlan {
  const tokens = parser.parse(markdown, {});
  const rendered: RenderedPlan = { changes: 0, removalsListed: 0, omitted: Number(/\*\*… (\d+) more change\(s\)/.exec(markdown)?.[1] ?? 0), codeSpans: [] };
  // The "Removals" section repeats, first, the removals listed again under their entities.
  let inRemovals = false;
  for (const [at, token] of tokens.entries()) {
    if (token.type === 'heading_open') inRemovals = /^Removals \(/.test(tokens[at + 1]?.content ?? '');
    if (token.type === 'html_block') assert.ok(OWN_HTML.some((own) => own.test(token.content)), `HTML from data: ${JSON.stringify(token.content)}`);
    if (token.type === 'fence') {
      assert.equal(token.info, 'diff', `a code block that is not the plan's own: ${JSON.stringify(token.content.slice(0, 200))}`);
      const lines = token.content.split('\n').filter((line) => /^[+!-] /.test(line)).length;
      if (inRemovals) rendered.removalsListed += lines;
      else rendered.changes += lines;
    }
    const children = token.children ?? [];
    children.forEach((child, index) => {
      assert.ok(!FORBIDDEN_INLINE.has(child.type), `${child.type} from data in ${JSON.stringify(token.content.slice(0, 300))}`);
      if (child.type === 'strong_open') assert.match(children[index + 1]?.content ?? '', OWN_BOLD, `bold text from data in ${JSON.stringify(token.content.slice(0, 300))}`);
      if (child.type === 'code_inline') rendered.codeSpans.push(child.content);
    });
  }
  return rendered;
}
