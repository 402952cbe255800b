import { setFlagsFromString } from 'node:v8';
import { capAppliesOn } from './youngGeneration';

/**
 * `catalog-code validate` reads a large file once: its hot code (the JSON scanner, the fact
 * collector, the rules' loops) gets optimized by V8's TurboFan while it runs, and TurboFan's
 * working memory for inlining callees into those functions is a part of the peak that is never
 * needed again. On the 90,000-line MCP file (bench case batchValidate) turning inlining off took
 * about 4 MiB off the peak (77.2 → 73.2 MiB, six alternating runs at load ≈ 16) at no measured
 * cost in time (875 ms CPU without inlining, 990 ms with it, same runs): the run is too short for
 * inlined code to pay for its compilation. On a 60-file, 14 MB workspace the same: 1,085 ms CPU and
 * 109 MiB without inlining, 1,290 ms and 112 MiB with it (four alternating runs, load ≈ 5.5).
 * (Turning TurboFan off altogether saves 8 MiB on the one large file but costs 28 % more CPU on that
 * workspace, so it is not done.)
 *
 * What this does, exactly: V8's `turbo_inlining` is set off at run time, before any file is read,
 * for `validate` only (the language server and `serve` run for hours and keep V8's default). On
 * V8 11 to 13 (Node 20 to 24), as the young-generation cap; a user's own `--turbo-inlining` /
 * `--no-turbo-inlining` (node arguments or NODE_OPTIONS) wins.
 */
export function inlineLessInBatch(): boolean {
  if (!capAppliesOn(process.versions.v8) || !inliningIsTheDefault(process.execArgv, process.env.NODE_OPTIONS)) return false;
  setFlagsFromString('--no-turbo-inlining');
  return true;
}

/** Whether neither node's arguments nor NODE_OPTIONS choose TurboFan's inlining. */
export function inliningIsTheDefault(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  const choosesIt = (arg: string) => /^--(?:no[-_])?turbo[-_]inlining\b/.test(arg);
  return !execArgv.some(choosesIt) && !(nodeOptions ?? '').split(/\s+/).some(choosesIt);
}

/**
 * V8's interrupt budget in a batch run: how much bytecode a function runs between V8's checks of
 * whether to optimize it with TurboFan. Sixteen times the default (66 KiB on V8 11) means only the
 * functions that stay hot for the whole run are optimized, not every function that is warm for a
 * moment (the reader of one aspect, a rule's loop over a few facts): TurboFan compiles less, and
 * its working memory is part of the peak. Measured on Node 20 (V8 11.3), alternating runs at load
 * 4–7: the 90,000-line MCP file 521 → 488 ms CPU and 67.4 → 66.1 MiB peak; four copies of it (14 MB)
 * 1,140 → 1,061 ms and 102.4 → 100.8 MiB; the DataHub corpus of 133 small files
 * (test/fixtures/datahub-corpus) 575 → 417 ms and 66.1 → 62.6 MiB.
 */
export const BATCH_INTERRUPT_BUDGET = 16 * 67_584;

/**
 * Sets V8's interrupt budget to BATCH_INTERRUPT_BUDGET at run time, before any file is read, for
 * `validate` only (the language server and `serve` keep V8's default). On V8 11 (Node 20) only, where
 * it is measured; a user's own `--interrupt-budget` (node arguments or NODE_OPTIONS) wins.
 */
export function optimizeOnlyHotCodeInBatch(): boolean {
  if (Number(process.versions.v8.split('.')[0]) !== 11 || !interruptBudgetIsTheDefault(process.execArgv, process.env.NODE_OPTIONS)) return false;
  setFlagsFromString(`--interrupt-budget=${BATCH_INTERRUPT_BUDGET}`);
  return true;
}

/** Whether neither node's arguments nor NODE_OPTIONS set V8's interrupt budget. */
export function interruptBudgetIsTheDefault(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  const setsIt = (arg: string) => /^--interrupt[-_]budget(?:=|$)/.test(arg);
  return !execArgv.some(setsIt) && !(nodeOptions ?? '').split(/\s+/).some(setsIt);
}
