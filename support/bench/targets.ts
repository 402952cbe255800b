import * as os from 'node:os';
import type { CaseResult, TargetCheck } from './results';

/**
 * The one way a bench case reports a target: the figure it measured beside the bound, what the
 * figure was compared with in the same run, and the machine's load when it was measured (on the
 * shared 2-core machine the load moves every absolute time). `npm run bench` prints them all in
 * one table (report.ts); a miss prints MISS with the figure, and the bench never fails on it.
 *
 *   result.targets.push(reportTarget({ ...ISSUE_27.batchTime, measured: ratio, peer: 'jsonc-parser parseTree 96 ms' }));
 */

/** What a target is: a bound on one figure. */
export interface TargetBound {
  /** stable id of the target, e.g. `batch.time` (issue targets: see ISSUE_27) */
  key?: string;
  /** what is measured, in words a reader of the table understands */
  name: string;
  /** the bound */
  target: number;
  /** the figure's unit as printed: `ms`, `s`, `MB`, `×` (a ratio to the peer) */
  unit: string;
  /** `atMost` (default): met when measured ≤ target; `atLeast`: met when measured ≥ target */
  bound?: 'atMost' | 'atLeast';
}

export interface TargetReport extends TargetBound {
  /** the figure this run measured; undefined when it could not be measured (say why in `detail`) */
  measured: number | undefined;
  /** what the figure is relative to or compared with, measured in the same run ("jsonc-parser parseTree 96 ms") */
  peer?: string;
  /** more about the figure: p95, its parts, the input */
  detail?: string;
  /** on a miss (or when not measured): the next step */
  next?: string;
  /** the 1-minute load average when the figure was measured; default: now */
  load?: number;
  /** which part of the target this report is (`dataset YAML`, `lineage file`): added to the name */
  subject?: string;
}

/** Issue 27's targets, so every case reports them under the same names and keys. */
export const ISSUE_27 = {
  typingP50: { key: 'typing.p50', name: 'typing at 50k lines, plain stdio client, p50', target: 15, unit: 'ms' },
  typingP95: { key: 'typing.p95', name: 'typing at 50k lines, plain stdio client, p95', target: 30, unit: 'ms' },
  typingBusyP50: { key: 'typing.busyP50', name: 'typing at 50k lines with two busy loops beside it, p50', target: 30, unit: 'ms' },
  structuralP50: { key: 'structural.p50', name: 'structural edit at 50k lines (each kind), p50', target: 30, unit: 'ms' },
  openFirst: { key: 'open.first', name: 'open a 50k-line file: first diagnostics', target: 300, unit: 'ms' },
  openWhole: { key: 'open.whole', name: 'open a 50k-line file: whole-file analysis', target: 1000, unit: 'ms' },
  otherDocumentP95: { key: 'blocking.otherP95', name: 'requests about other documents while a 20 MB document is read, p95', target: 100, unit: 'ms' },
  scan100kTime: { key: 'workspace.100k.time', name: 'workspace scan of 100,000 files', target: 10, unit: 's' },
  scan100kMemory: { key: 'workspace.100k.memory', name: 'server memory with 100,000 files', target: 500, unit: 'MB' },
  scan20kTime: { key: 'workspace.20k.time', name: 'workspace scan of 20,000 files', target: 3, unit: 's' },
  scan20kMemory: { key: 'workspace.20k.memory', name: 'server memory with 20,000 files', target: 250, unit: 'MB' },
  batchTime: { key: 'batch.time', name: 'validate of a 90k-line golden MCP JSON (whole process) vs jsonc-parser parseTree of it', target: 1.5, unit: '×' },
  batchMemory: { key: 'batch.memory', name: 'validate of a 90k-line golden MCP JSON: peak memory', target: 64, unit: 'MB' },
} as const satisfies Record<string, TargetBound>;

export function isMet(bound: TargetBound, measured: number): boolean {
  return bound.bound === 'atLeast' ? measured >= bound.target : measured <= bound.target;
}

/** A figure with its unit, at a precision that fits its size. */
export function formatFigure(value: number, unit: string): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const number = value.toFixed(digits);
  return unit === '×' ? `${number}×` : `${number} ${unit}`;
}

function boundText(bound: TargetBound): string {
  return `${bound.bound === 'atLeast' ? '≥' : '≤'} ${formatFigure(bound.target, bound.unit)}`;
}

/** The row of the targets table for one measured (or unmeasured) target. */
export function reportTarget(report: TargetReport): TargetCheck {
  const name = report.subject ? `${report.name} (${report.subject})` : report.name;
  const load = report.load ?? os.loadavg()[0];
  const base = { key: report.key, target: `${name}: ${boundText(report)}`, load, peer: report.peer };
  if (report.measured === undefined || Number.isNaN(report.measured)) {
    return { ...base, measured: report.detail ?? 'not measured in this run', met: 'not measured', ...(report.next ? { next: report.next } : {}) };
  }
  const figure = formatFigure(report.measured, report.unit);
  const measured = report.detail ? `${figure} (${report.detail})` : figure;
  const met = isMet(report, report.measured);
  const figures = { value: report.measured, bound: report.target, unit: report.unit };
  if (met) return { ...base, measured, met, figures };
  const over = Math.abs(report.measured - report.target);
  return { ...base, measured, met, figures, miss: `${figure}: ${formatFigure(over, report.unit)} ${report.bound === 'atLeast' ? 'short' : 'over'}`, ...(report.next ? { next: report.next } : {}) };
}

/** Gives every target of a case that does not carry its load the load now (the case just ended). */
export function stampLoad(result: CaseResult): CaseResult {
  const load = os.loadavg()[0];
  for (const target of result.targets) target.load ??= load;
  return result;
}

/** Issue 27's targets that no case of this run reported (a run of some cases, or a case that broke). */
export function unreportedIssueTargets(reported: readonly TargetCheck[]): string[] {
  const keys = new Set(reported.map((t) => t.key).filter(Boolean));
  return Object.values(ISSUE_27)
    .filter((bound) => !keys.has(bound.key))
    .map((bound) => `${bound.name}: ${boundText(bound)}`);
}
