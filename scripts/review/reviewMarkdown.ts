import type { FileDiagnostic } from '../../cli/report';
import { codeDoc } from '../../core/diagnostics/codeDocs';
import { md, mdCode, mdJoin, mdLink, mdText, type Markdown } from '../../core/output/markdown';
import type { IssueComment } from './githubComments';

/**
 * What the review Action writes as Markdown: the job summary (every problem) and the one pull
 * request comment (the plan), found again on the next run by a hidden marker. Values from files
 * (names, messages) go through core/output/markdown.ts, so a file named `<img …>` or a message
 * holding `<!--` shows as text.
 */

/** The hidden first line of the Action's comment; a constant, never built from data. */
export const REVIEW_MARKER = md`<!-- catalog-code-review -->`;
/** GitHub refuses a comment over 65,536 characters. */
export const MAX_COMMENT_CHARS = 65_536;
/** GitHub takes at most 1 MiB of job summary per step, counted in bytes (UTF-8); the list stops well before. */
const MAX_SUMMARY_BYTES = 900_000;

/** The Action's own earlier comment: the marker AND written by the Action's account (never someone else's comment quoting the marker). */
export function ownReviewComment(comments: readonly IssueComment[], author: string): IssueComment | undefined {
  return comments.find((c) => c.user?.login === author && typeof c.body === 'string' && c.body.startsWith(REVIEW_MARKER));
}

export function countsLine(problems: readonly FileDiagnostic[]): Markdown {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.filter((p) => p.severity === 'warning').length;
  const others = problems.length - errors - warnings;
  return md`${errors} error(s), ${warnings} warning(s)${others > 0 ? md`, ${others} note(s)` : md``}`;
}

/** Every problem, as a list (a table would let a `|` in a file name split its cells). */
export function jobSummary(problems: readonly FileDiagnostic[], docsUrl: string, settingsNote?: string): Markdown {
  const lines = [md`## Catalog Code: validate`, md``, md`${countsLine(problems)}.`, md``, ...(settingsNote ? [md`> ${mdText(settingsNote, 2_000)}`, md``] : [])];
  let size = Buffer.byteLength(lines.join('\n'));
  for (let i = 0; i < problems.length; i++) {
    const p = problems[i];
    const where = `${p.file}:${p.range.start.line + 1}:${p.range.start.character + 1}`;
    const line = md`- **${mdText(p.severity)}** ${mdCode(where)} ${mdLink(mdText(p.code), codeDoc(p.code, docsUrl).helpUri)}: ${mdText(p.message)}`;
    const bytes = Buffer.byteLength(line);
    if (size + bytes + 1 > MAX_SUMMARY_BYTES) {
      lines.push(md``, md`${problems.length - i} more problem(s) not listed here (the job summary's size limit): run catalog-code validate to see them all.`);
      break;
    }
    lines.push(line);
    size += bytes + 1;
  }
  return md`${mdJoin(lines, md`\n`)}\n`;
}

export interface CommentInput {
  problems: readonly FileDiagnostic[];
  /** the plan's Markdown (core/plan/planMarkdown.ts, already escaped and bounded), or why there is none */
  plan: { markdown: Markdown } | { missing: string };
  /** a link to this run, where the annotations and the job summary are */
  runUrl?: string;
  /** which settings judged the files, when a reviewer should know (the branch changes them) */
  settingsNote?: string;
}

/** The comment: marker, the validate line, then the plan; never over GitHub's limit. */
export function reviewComment(input: CommentInput): string {
  const where = input.runUrl && input.problems.length > 0 ? md` — every problem is in the ${mdLink(md`job summary`, input.runUrl)}` : md``;
  const head = [REVIEW_MARKER, md`**Catalog Code validate:** ${countsLine(input.problems)}${where}.`, md``, ...(input.settingsNote ? [md`> ${mdText(input.settingsNote, 2_000)}`, md``] : [])];
  const body = planSection(input.plan);
  const text = md`${mdJoin(head, md`\n`)}\n${body}\n`;
  if (text.length <= MAX_COMMENT_CHARS) return text;
  // The plan is bounded already; this only guards the sum.
  const cut = MAX_COMMENT_CHARS - 200;
  return `${text.slice(0, /[\ud800-\udbff]/.test(text[cut - 1]) ? cut - 1 : cut)}\n\n…(the comment was cut at GitHub's size limit; the job summary has the rest)\n`;
}

/** The plan's Markdown as `plan` wrote it, or why there is none (text from the CLI, so escaped). */
export function planSection(plan: CommentInput['plan']): Markdown {
  return 'markdown' in plan ? plan.markdown : md`### Catalog Code plan\n\n${mdText(plan.missing, 2_000)}`;
}
