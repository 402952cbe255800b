import type { OffsetChange, Step } from '../support/differential/actions';
import type { Difference, DifferentialServers } from './differentialHarness';

/** A failing case: a document and the steps after which its answer differed from a fresh open's. */
export interface Counterexample {
  name: string;
  languageId: string;
  text: string;
  steps: Step[];
  difference: Difference;
}

/**
 * The smallest case found that still differs: later steps dropped, then halves, quarters … single
 * steps, then notifications and changes inside steps; then the document's lines after the last
 * edit and before the first (offsets moved with them). Each try replays the case on the real server.
 * Stops after `budget` tries.
 */
export async function shrink(servers: DifferentialServers, found: Counterexample, budget = 150): Promise<Counterexample> {
  let best: Counterexample = { ...found, steps: found.steps.slice(0, found.difference.step + 1) };
  let tries = 0;
  const attempt = async (text: string, steps: Step[]): Promise<boolean> => {
    if (tries++ >= budget) return false;
    const difference = await servers.run(best.name, best.languageId, text, steps);
    if (!difference) return false;
    best = { ...best, text, steps: steps.slice(0, difference.step + 1), difference };
    return true;
  };
  for (let size = Math.max(1, best.steps.length >> 1); size >= 1; size >>= 1) {
    for (let from = 0; from < best.steps.length; ) {
      if (!(await attempt(best.text, [...best.steps.slice(0, from), ...best.steps.slice(from + size)]))) from += size;
    }
  }
  for (let index = 0; index < best.steps.length; index++) {
    for (let n = 0; best.steps[index] && n < best.steps[index].notifications.length && best.steps[index].notifications.length > 1; ) {
      const step = best.steps[index];
      const shorter = { ...step, notifications: step.notifications.filter((_, k) => k !== n) };
      if (!(await attempt(best.text, best.steps.map((s, i) => (i === index ? shorter : s))))) n++;
    }
  }
  await shrinkText(() => best, attempt);
  return best;
}

/** Lines cut from the document's end (after every edit) and start (before every edit, the edits moved back); `attempt` keeps what still fails. */
async function shrinkText(best: () => Counterexample, attempt: (text: string, steps: Step[]) => Promise<boolean>): Promise<void> {
  const changes = () => best().steps.flatMap((step) => step.notifications.flat());
  for (let keep = 0.5; keep > 0.01; keep /= 2) {
    const { text, steps } = best();
    const last = Math.max(...changes().map((change) => change.end + change.text.length), 0);
    const lineAfter = text.indexOf('\n', Math.max(last, Math.floor(text.length * (1 - keep))));
    if (lineAfter > 0 && lineAfter + 1 < text.length) await attempt(text.slice(0, lineAfter + 1), steps);
    const now = best();
    const first = Math.min(...changes().map((change) => change.start), now.text.length);
    const cut = now.text.lastIndexOf('\n', Math.min(first - 1, Math.floor(now.text.length * keep)));
    if (cut > 0) {
      const moved = (change: OffsetChange): OffsetChange => ({ start: change.start - cut - 1, end: change.end - cut - 1, text: change.text });
      await attempt(now.text.slice(cut + 1), now.steps.map((step) => ({ ...step, notifications: step.notifications.map((notification) => notification.map(moved)) })));
    }
  }
}

/** The counterexample in words a developer can replay: the steps, the text (or its edited stretch), the difference. */
export function describeCounterexample(example: Counterexample, context: string): string {
  const lines = [`Counterexample (${context}): ${example.name}, ${example.text.split('\n').length} lines, ${example.steps.length} step(s):`];
  for (const step of example.steps) lines.push(`  ${step.what}: ${JSON.stringify(step.notifications)}`);
  lines.push(example.text.length <= 4000 ? `Text before the steps:\n${example.text}` : `Text before the steps (${example.text.length} characters; replay with the seed above)`);
  lines.push(`After step ${example.difference.step + 1} (${example.difference.what}):`);
  for (const diagnostic of example.difference.onlyEdited) lines.push(`  only after the edits: ${JSON.stringify(diagnostic)}`);
  for (const diagnostic of example.difference.onlyFresh) lines.push(`  only in a fresh open: ${JSON.stringify(diagnostic)}`);
  return lines.join('\n');
}
