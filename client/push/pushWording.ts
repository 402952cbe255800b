import type { PlanCounts } from '../../core/plan/planReportInput';
import type { PushPlan } from '../../core/plan/pushPlanTypes';

/**
 * The words of the push confirmation, free of `vscode` so they are unit-tested: adds, changes and
 * removes are named apart ("Push: 2 add, 1 remove"), because a file replaces an entity's whole
 * lineage or property set and a removal hidden in "3 changes" is a deletion nobody meant.
 */

/** "2 add, 1 change, 1 remove" (kinds with none left out): what the button and the result both count. */
export function countWords(counts: PlanCounts): string {
  const parts = [
    counts.add > 0 ? `${counts.add} add` : undefined,
    counts.change > 0 ? `${counts.change} change` : undefined,
    counts.remove > 0 ? `${counts.remove} remove` : undefined,
  ].filter((part): part is string => part !== undefined);
  // A plan item with no preview line (a status write) still sends something: name it as items.
  return parts.length > 0 ? parts.join(', ') : `${counts.items} item${counts.items === 1 ? '' : 's'}`;
}

/** The confirm button: "Push: 2 add, 1 change, 1 remove". */
export function pushButtonLabel(counts: PlanCounts): string {
  return `Push: ${countWords(counts)}`;
}

/** After a push that sent everything: the same counts as its button, then how many requests carried them. */
export function pushedSentence(counts: PlanCounts, where: string, requests: number): string {
  return `Catalog Code: pushed ${where}: ${countWords(counts)} (${requests} request${requests === 1 ? '' : 's'}).`;
}

/** The detail under the question: every count spelled out, removals last so they end the sentence. */
export function countsSentence(counts: PlanCounts): string {
  const entities = `${counts.entities} entit${counts.entities === 1 ? 'y' : 'ies'}`;
  return `${counts.add} to add, ${counts.change} to change, ${counts.remove} to remove on ${entities}; ${counts.unchanged} already in place.`;
}

/** Each removal as "entity: what goes", at most `max` of them and a line saying how many more. */
export function removalLines(plan: PushPlan, max = 12): string[] {
  const all = plan.items.flatMap((item) => item.changes.filter((change) => change.action === 'remove').map((change) => `${item.entityUrn}: ${change.text}`));
  const shown = all.slice(0, max);
  if (all.length > max) shown.push(`… and ${all.length - max} more (see the plan beside the editor).`);
  return shown;
}

/** The second question a push that removes anything asks, and the one button that agrees to it. */
export function removalQuestion(counts: PlanCounts, url: string): { question: string; button: string } {
  const what = `${counts.remove} removal${counts.remove === 1 ? '' : 's'}`;
  return {
    question: `This push deletes from ${url}: ${what}. The files no longer list ${counts.remove === 1 ? 'it' : 'them'}, so the catalog loses ${counts.remove === 1 ? 'it' : 'them'}. Delete and push?`,
    button: `Delete ${counts.remove} and Push`,
  };
}
