import { md, mdJoin, type Markdown } from './markdown';

/**
 * A Markdown document that fits a GitHub comment (at most 65,536 characters): blocks are added in
 * order while they fit; the first that does not ends the document with one line saying what was
 * left out and where to read it.
 */

/** What the comment holds at most, leaving room under GitHub's 65,536 for the closing line. */
export const MAX_MARKDOWN_COMMENT_CHARS = 60_000;

export interface MarkdownBlock {
  lines: Markdown[];
  /** plan changes this block shows */
  changes: number;
  /** entities whose changes this block shows */
  entities: number;
}

export function boundedMarkdown(head: readonly Markdown[], blocks: readonly MarkdownBlock[], limit = MAX_MARKDOWN_COMMENT_CHARS): Markdown {
  const lines = [...head];
  let size = lines.join('\n').length;
  let index = 0;
  for (; index < blocks.length; index++) {
    const added = blocks[index].lines.join('\n').length + 1;
    if (size + added > limit) break;
    lines.push(...blocks[index].lines);
    size += added;
  }
  const left = blocks.slice(index);
  if (left.length > 0) lines.push(md``, omittedLine(left));
  return mdJoin(lines, md`\n`);
}

function omittedLine(left: readonly MarkdownBlock[]): Markdown {
  const changes = left.reduce((sum, b) => sum + b.changes, 0);
  const entities = left.reduce((sum, b) => sum + b.entities, 0);
  const others = left.filter((b) => b.changes === 0).length;
  const parts = [
    ...(changes > 0 ? [md`${changes} more change(s) on ${entities} ${entities === 1 ? md`entity` : md`entities`}`] : []),
    ...(others > 0 ? [md`${others} more note(s) and impact line(s)`] : []),
  ];
  return md`**… ${mdJoin(parts, md` and `)} not shown:** a pull-request comment holds at most 65,536 characters. See the CI log, or run \`catalog-code plan\` without \`--format markdown\` for the whole plan.`;
}
