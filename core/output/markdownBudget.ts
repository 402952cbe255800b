/**
 * A Markdown document that fits a GitHub comment (at most 65,536 characters): blocks are added in
 * order while they fit; the first that does not ends the document with one line saying what was
 * left out and where to read it.
 */

/** What the comment holds at most, leaving room under GitHub's 65,536 for the closing line. */
export const MAX_MARKDOWN_COMMENT_CHARS = 60_000;

export interface MarkdownBlock {
  lines: string[];
  /** plan changes this block shows */
  changes: number;
  /** entities whose changes this block shows */
  entities: number;
}

export function boundedMarkdown(head: readonly string[], blocks: readonly MarkdownBlock[], limit = MAX_MARKDOWN_COMMENT_CHARS): string {
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
  if (left.length > 0) lines.push('', omittedLine(left));
  return lines.join('\n');
}

function omittedLine(left: readonly MarkdownBlock[]): string {
  const changes = left.reduce((sum, b) => sum + b.changes, 0);
  const entities = left.reduce((sum, b) => sum + b.entities, 0);
  const others = left.filter((b) => b.changes === 0).length;
  const parts = [
    ...(changes > 0 ? [`${changes} more change(s) on ${entities} entit${entities === 1 ? 'y' : 'ies'}`] : []),
    ...(others > 0 ? [`${others} more note(s) and impact line(s)`] : []),
  ];
  return `**… ${parts.join(' and ')} not shown:** a pull-request comment holds at most 65,536 characters. See the CI log, or run \`catalog-code plan\` without \`--format markdown\` for the whole plan.`;
}
