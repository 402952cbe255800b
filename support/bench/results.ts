import type { Timing } from './stats';

/** One line of the results: a timing (or a plain value such as a size) of one subject in one case. */
export interface BenchRow {
  /** the case: diagnostics, completion, lineage, push, extension, service */
  group: string;
  /** what was measured, e.g. "lineage file, 10,000 lines" */
  case: string;
  /** who did it: "catalog-code", "yaml-language-server", "yaml parse (floor)" */
  subject: string;
  medianMs?: number;
  p95Ms?: number;
  runs?: number;
  /** a value that is not a duration (bundle size, memory), already formatted */
  value?: string;
  /** this row's median divided by the peer's median (below 1: faster than the peer) */
  ratios?: { to: string; ratio: number }[];
  note?: string;
  /** kept in bench-results.json, left out of the printed table (e.g. the floor rows a ratio already summarises) */
  detail?: boolean;
}

/** A target of the issue and whether this run met it; build it with reportTarget (targets.ts). */
export interface TargetCheck {
  /** stable id of the target (targets.ts ISSUE_27), when it has one */
  key?: string;
  /** the target in words, with its bound */
  target: string;
  /** the figure, in words */
  measured: string;
  met: boolean | 'not measured';
  /** what the figure was compared with in the same run */
  peer?: string;
  /** the 1-minute load average when it was measured */
  load?: number;
  /** the figure and the bound as numbers, for bench-results.json */
  figures?: { value: number; bound: number; unit: string };
  /** for a missed target: by how much, in words */
  miss?: string;
  next?: string;
}

export interface CaseResult {
  rows: BenchRow[];
  targets: TargetCheck[];
  /** facts about the run of this case (input sizes, set-up times) */
  notes: string[];
}

export function timingRow(group: string, caseName: string, subject: string, timing: Timing, extra: Partial<BenchRow> = {}): BenchRow {
  return { group, case: caseName, subject, medianMs: timing.medianMs, p95Ms: timing.p95Ms, runs: timing.samples.length, ...extra };
}

export function emptyResult(): CaseResult {
  return { rows: [], targets: [], notes: [] };
}
