import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The facts of the README's "The first five minutes", read from its text (whitespace folded), so a
 * test that follows them fails when the README and the product disagree. Each fact is found by a
 * pattern over the README's own words; a README rewritten so a fact is no longer there fails here,
 * naming the sentence it looked for.
 */
export interface FirstFiveMinutes {
  step1: { file: string; line: number };
  step2: { file: string; wrongValue: string; quickFixFile: string; renamed: string; renamedIn: string };
  step3: { entity: string; file: string; marked: number; mark: string; graphCommand: string };
  step4: { planCommand: string; pushCommand: string; pushFile: string; button: string };
  step5: { command: string };
}

const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4 };

function found(text: string, pattern: RegExp, what: string): RegExpExecArray {
  const match = pattern.exec(text);
  if (!match) throw new Error(`README.md's "The first five minutes" no longer says ${what} (looked for ${pattern}).`);
  return match;
}

/** The five steps' text, whitespace folded. */
export function firstFiveMinutesSteps(readme: string): string[] {
  const start = readme.indexOf('## The first five minutes');
  if (start < 0) throw new Error('README.md has no section "## The first five minutes".');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const steps = section.split(/^\d\. /m).slice(1).map((step) => step.replace(/!\[[^\]]*\]\([^)]*\)/g, '').replace(/\s+/g, ' ').trim());
  if (steps.length !== 5) throw new Error(`README.md's "The first five minutes" has ${steps.length} numbered steps, not 5.`);
  return steps;
}

export function firstFiveMinutes(readme: string): FirstFiveMinutes {
  const [one, two, three, four, five] = firstFiveMinutesSteps(readme);
  const s1 = found(one, /Open `([^`]+)`: line (\d+) is underlined/, 'which file and line step 1 underlines');
  found(one, /Ctrl\+\. there adds the missing upstream/, 'that Ctrl+. adds the missing upstream');
  const s2 = found(two, /Open `([^`]+)`: `([^`]+)` is not an allowed value/, 'which value step 2 finds not allowed');
  const fix = found(two, /`([^`]+)` has a quick fix \(Ctrl\+\.\)/, 'which file has the quick fix');
  const f2 = found(two, /\*\*F2\*\* on a property id \(`([^`]+)` in `([^`]+)`\)/, 'which property F2 renames');
  found(two, /\*\*Ctrl\+T\*\*/, 'Ctrl+T');
  const s3 = found(three, /Put the cursor on `([^`]+)` in `([^`]+)`/, 'where step 3 puts the cursor');
  const marked = found(three, /the (one|two|three|four) upstreams? the file adds .* are marked `([^`]+)`/, 'how many upstreams are marked, and how');
  const graph = found(three, /\*\*(Catalog Code: Show Lineage Graph)\*\*/, 'the graph command');
  const plan = found(four, /\*\*(Catalog Code: Plan)\*\*/, 'the plan command');
  const push = found(four, /\*\*(Catalog Code: Push File)\*\* on `([^`]+)` names the counts \("([^"]+)"\)/, 'what Push File names');
  const terminal = found(five, /integrated terminal, `([^`]+)`/, 'the command step 5 types in the terminal');
  return {
    step1: { file: s1[1], line: Number(s1[2]) },
    step2: { file: s2[1], wrongValue: s2[2], quickFixFile: fix[1], renamed: f2[1], renamedIn: f2[2] },
    step3: { entity: s3[1], file: s3[2], marked: NUMBERS[marked[1]] ?? 0, mark: marked[2], graphCommand: graph[1] },
    step4: { planCommand: plan[1], pushCommand: push[1], pushFile: push[2], button: push[3] },
    step5: { command: terminal[1] },
  };
}

/** The facts of this checkout's README.md. */
export function readmeFirstFiveMinutes(repoRoot: string): FirstFiveMinutes {
  return firstFiveMinutes(readFileSync(join(repoRoot, 'README.md'), 'utf8'));
}
