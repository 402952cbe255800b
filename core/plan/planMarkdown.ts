import { edgeHeadline, propertyHeadline, type PlanImpact } from './impactTypes';
import { md, mdCode, mdFence, mdHtml, mdJoin, mdText, type Markdown } from '../output/markdown';
import { boundedMarkdown, type MarkdownBlock } from '../output/markdownBudget';
import { planCounts, type PlanReportInput } from './planReportInput';
import type { PushChange, PushItem } from './pushPlanTypes';

/**
 * The plan as a pull-request comment: the summary first, then the impact and the notes to read,
 * then each entity's changes folded in `<details>` as a `diff` block. Every value from the files or
 * the service goes through core/output/markdown.ts, and the comment fits GitHub's size limit.
 */

const MARK: Record<PushChange['action'], string> = { add: '+', remove: '-', change: '!' };

export function planMarkdown(input: PlanReportInput): Markdown {
  const { plan } = input;
  const counts = planCounts(plan);
  const head: Markdown[] = [md`### Catalog Code plan`, md``];
  const service = mdCode(input.serviceUrl);
  if (plan.items.length === 0) {
    head.push(md`**No changes.** The catalog at ${service} already holds everything these files say${counts.unchanged > 0 ? md` (${counts.unchanged} item(s) checked)` : md``}.`);
  } else {
    head.push(
      md`**${counts.changes} change(s) to ${counts.entities} ${counts.entities === 1 ? md`entity` : md`entities`}** against ${service}: ${counts.add} to add, ${counts.change} to change, ${counts.remove} to remove; ${counts.unchanged} already in place.`,
    );
  }
  const impacts = input.impacts ?? [];
  const blocks = [...removalBlocks(plan.items), ...summaryBlocks(input, impacts), ...entityBlocks(plan.items), ...impactDetailBlocks(impacts)];
  return boundedMarkdown(head, blocks);
}

function textBlock(lines: Markdown[]): MarkdownBlock {
  return { lines, changes: 0, entities: 0 };
}

/** Impact lines, the impact error, the notes to read before merging, the plan's warnings. */
function summaryBlocks(input: PlanReportInput, impacts: readonly PlanImpact[]): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  impacts.forEach((impact, index) => {
    const line =
      impact.kind === 'edgeRemoved'
        ? md`- Removing ${mdCode(impact.upstream)} → ${mdCode(impact.downstream)} ${mdText(edgeHeadline(impact))}.`
        : md`- ${mdCode(impact.propertyUrn)} (${mdText(impact.changes.join('; '))}): ${mdText(propertyHeadline(impact))}.`;
    blocks.push(textBlock(index === 0 ? [md``, md`#### Impact`, md``, line] : [line]));
  });
  if (input.impactError) blocks.push(textBlock([md``, md`> Impact not computed: ${mdText(input.impactError)}`]));
  const notes = input.plan.items.flatMap((i) => i.notes.map((n) => md`- ${mdCode(i.entityUrn)}: ${mdText(n)}`));
  notes.forEach((note, index) => blocks.push(textBlock(index === 0 ? [md``, md`#### Read before merging`, md``, note] : [note])));
  for (const warning of input.plan.warnings) blocks.push(textBlock([md``, md`> **Warning:** ${mdText(warning)}`]));
  return blocks;
}

/**
 * Every removal, before anything else and unfolded: a file replaces the whole lineage or property
 * set of an entity, so what it no longer lists is deleted, and a reader must not have to open a
 * fold to find that out. A `diff` block, so GitHub and VS Code's preview colour each line red.
 */
function removalBlocks(items: readonly PushItem[]): MarkdownBlock[] {
  // The entity and what it loses on lines of their own: one line holding both URNs is wider than a
  // preview beside the editor, and a code block is cut there rather than wrapped. The entity's line
  // is a `#` line, as in the blocks by entity: the entity stays, only the lines under it are deleted.
  const removed = items.map((item) => ({ item, gone: item.changes.filter((c) => c.action === 'remove') })).filter(({ gone }) => gone.length > 0);
  const count = removed.reduce((sum, { gone }) => sum + gone.length, 0);
  if (count === 0) return [];
  const removals = removed.flatMap(({ item, gone }) => [`# ${item.entityUrn}`, ...gone.map((c) => `-   ${c.text}`)]);
  const lines = [md``, md`#### Removals (${count}) — deleted from the catalog by this push`, md``, ...mdFence('diff', removals)];
  return [textBlock(lines)];
}

/** Removals first, so the entities that lose something lead the list and their lines lead each diff. */
const ACTION_ORDER: Record<PushChange['action'], number> = { remove: 0, change: 1, add: 2 };

/** One folded block per entity: a `diff` of its changes and the files they come from. */
function entityBlocks(items: readonly PushItem[]): MarkdownBlock[] {
  const removes = (entity: string) => items.some((i) => i.entityUrn === entity && i.changes.some((c) => c.action === 'remove'));
  const entities = [...new Set(items.map((i) => i.entityUrn))].sort((a, b) => Number(removes(b)) - Number(removes(a)));
  return entities.map((entity, index) => {
    const own = items.filter((i) => i.entityUrn === entity);
    const tally = planCounts({ items: own, unchanged: [], warnings: [] });
    const ordered = (changes: readonly PushChange[]) => [...changes].sort((a, b) => ACTION_ORDER[a.action] - ACTION_ORDER[b.action]);
    const diff = own.flatMap((item) => [`# ${item.title}`, ...ordered(item.changes).map((change) => `${MARK[change.action]} ${change.text}`)]);
    const lines = [...(index === 0 ? [md``, md`#### Changes by entity`] : []), md``, md`<details>`];
    lines.push(md`<summary><code>${mdHtml(entity)}</code>: +${tally.add} ~${tally.change} -${tally.remove}</summary>`, md``, ...mdFence('diff', diff));
    const sources = [...new Set(own.flatMap((i) => i.sources))].map(displaySource);
    if (sources.length > 0) lines.push(md``, md`From ${mdJoin(sources.map((source) => mdCode(source)), md`, `)}.`);
    lines.push(md``, md`</details>`);
    return { lines, changes: tally.add + tally.change + tally.remove, entities: 1 };
  });
}

/** Folded lists of what a removed edge cuts and which entities a narrowed property leaves invalid. */
function impactDetailBlocks(impacts: readonly PlanImpact[]): MarkdownBlock[] {
  const listed = impacts.filter((i) => (i.kind === 'edgeRemoved' ? i.affected.length : i.invalid.length) > 0);
  return listed.map((impact) => {
    // URNs in <code>, as every other name of the comment: a dataset named `a @team #12` pings nobody and links nothing.
    const title =
      impact.kind === 'edgeRemoved'
        ? md`Cut by <code>${mdHtml(impact.upstream, 600)}</code> → <code>${mdHtml(impact.downstream, 600)}</code>`
        : md`Invalid values of <code>${mdHtml(impact.propertyUrn, 1_200)}</code>`;
    const lines = [md``, md`<details>`, md`<summary>${title}</summary>`, md``];
    if (impact.kind === 'edgeRemoved') for (const a of impact.affected) lines.push(md`- degree ${a.degree}: ${mdCode(a.urn)}`);
    else for (const v of impact.invalid) lines.push(md`- ${mdCode(v.urn)}: ${mdText(v.reason)}`);
    if (impact.truncated) lines.push(md`- … (more not listed)`);
    lines.push(md``, md`</details>`);
    return textBlock(lines);
  });
}

/** A file URI as a path a reviewer recognises. */
function displaySource(source: string): string {
  if (!source.startsWith('file://')) return source;
  try {
    return decodeURIComponent(source.slice('file://'.length));
  } catch {
    return source;
  }
}
