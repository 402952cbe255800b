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

/** A target of the issue and whether this run met it. */
export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean | 'not measured';
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
