import { setFlagsFromString } from 'node:v8';

/**
 * `catalog-code validate` is a batch run: it reads every file, checks it, prints and exits.
 * Under that allocation rate V8 doubles the young generation (the two semi-spaces new objects
 * start in) each time enough objects survive, up to 2 × 16 MB, and keeps it until the process
 * ends. On the 90,000-line MCP file that growth was about 20 of the ~100 MiB peak and bought no
 * measurable time (bench case batchValidate).
 *
 * What this does, exactly: it sets V8's `semi_space_growth_factor` to 1 at run time, before any
 * file is read. V8 grows the young generation to factor × its size, so it stays at the 1 MB
 * semi-spaces it starts with, and short-lived objects are collected every ~1 MB of allocation
 * instead of every 16 MB. (On the command line V8 raises the factor to its minimum of 2, which is
 * why this is set here and not in a node flag.) It changes no other V8 setting, nothing validate
 * computes or prints, and no other command: the language server and `serve` run for hours and
 * keep V8's default. Measured on Node 20 (V8 11.3): the MCP file in the same time with about
 * 21 MiB less; a 4,000-file workspace with about 30 MB less for about 5 % more CPU time. On Node 24
 * (V8 13.6) the MCP file peaks at 89 MB instead of 117 MB. Node 22 (V8 12) has the same setting
 * and is not measured here; V8 versions after 13 keep their default until measured.
 *
 * A young-generation size chosen by the user (`node --max-semi-space-size=…`, NODE_OPTIONS) wins.
 * With ./optimizerMemory.ts's flags, against V8's defaults in the same run (bench case handWritten,
 * issue 35, Node 20, five runs): the 90,000-line MCP file peaks at 70.5–70.8 MB instead of
 * 88.9–90.1 MB, in 0.80–0.84× the CPU time.
 */
export function keepYoungGenerationSmall(): boolean {
  if (!capAppliesOn(process.versions.v8) || !youngGenerationIsTheDefault(process.execArgv, process.env.NODE_OPTIONS)) return false;
  setFlagsFromString('--semi-space-growth-factor=1');
  return true;
}

/** V8 11 to 13 (Node 20 to 24): where the setting exists as described above. */
export function capAppliesOn(v8Version: string): boolean {
  const major = Number(v8Version.split('.')[0]);
  return major >= 11 && major <= 13;
}

/** Whether neither node's arguments nor NODE_OPTIONS size the young generation. */
export function youngGenerationIsTheDefault(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  const sizesIt = (arg: string) => /^--(?:min|max)[-_]semi[-_]space[-_]size|^--semi[-_]space[-_]growth[-_]factor/.test(arg);
  return !execArgv.some(sizesIt) && !(nodeOptions ?? '').split(/\s+/).some(sizesIt);
}
