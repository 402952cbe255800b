import type { BenchRow, CaseResult, TargetCheck } from './results';
import { unreportedIssueTargets } from './targets';

/** The Markdown that `npm run bench` prints, and the JSON it writes next to it. */

function ms(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '';
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  return `${value.toFixed(2)} ms`;
}

function ratios(row: BenchRow): string {
  return (row.ratios ?? []).map((r) => `${r.ratio < 10 ? r.ratio.toFixed(2) : r.ratio.toFixed(0)}× ${r.to}`).join('; ');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

export function rowsTable(rows: readonly BenchRow[]): string {
  const lines = ['| case | subject | median | p95 | runs | vs peer / floor | note |', '|---|---|---:|---:|---:|---|---|'];
  for (const row of rows) {
    if (row.detail) continue;
    const median = row.value ?? ms(row.medianMs);
    lines.push(`| ${cell(row.case)} | ${cell(row.subject)} | ${median} | ${ms(row.p95Ms)} | ${row.runs ?? ''} | ${cell(ratios(row))} | ${cell(row.note ?? '')} |`);
  }
  return lines.join('\n');
}

/** One row per target: the bound, the figure, what it was compared with, the load, and met or MISS (never a failure). */
export function targetsTable(targets: readonly TargetCheck[]): string {
  const lines = ['| target | measured | peer / floor (same run) | load | verdict | next step |', '|---|---|---|---:|---|---|'];
  for (const t of targets) {
    const verdict = t.met === 'not measured' ? 'not measured' : t.met ? 'met' : `**MISS**${t.miss ? ` (${cell(t.miss)})` : ''}`;
    const load = t.load === undefined ? '' : t.load.toFixed(1);
    lines.push(`| ${cell(t.target)} | ${cell(t.measured)} | ${cell(t.peer ?? '')} | ${load} | ${verdict} | ${t.met === true ? '' : cell(t.next ?? '')} |`);
  }
  return lines.join('\n');
}

export interface RunInfo {
  command: string;
  startedAt: string;
  durationS: number;
  seed: number;
  quick: boolean;
  machine: { cpus: number; cpuModel: string; memory: string; node: string; platform: string; loadAverage: string };
}

export function markdownReport(info: RunInfo, results: ReadonlyMap<string, CaseResult>): string {
  const all = [...results.values()];
  const parts = [
    '## Performance',
    '',
    'Measured with `npm run bench` (bench/): generated inputs from a fixed seed, several runs after a warm-up, median and p95, each subject next to what a user would pick instead or the floor nothing can beat. `npm run bench -- --quick` runs the small sizes in under two minutes. Benchmarks report; they never fail the test suite. Raw numbers: `bench-results.json`.',
    '',
    `Last run: \`${info.command}\` (${info.quick ? 'quick' : 'full'} run, seed ${info.seed}, ${info.durationS.toFixed(0)} s, ${info.startedAt.slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    `Machine: ${info.machine.cpus} × ${info.machine.cpuModel}, ${info.machine.memory} RAM, Node ${info.machine.node}, ${info.machine.platform}; load average ${info.machine.loadAverage}`,
    '',
    '### Targets',
    '',
    'Each target beside the figure this run measured, what that figure was compared with in the same run, and the 1-minute load average when it was measured (2 shared cores: absolute times follow the load, ratios much less). A missed target says MISS with its figure; the bench never fails on it.',
    '',
    targetsTable(all.flatMap((r) => r.targets)),
  ];
  const unreported = unreportedIssueTargets(all.flatMap((r) => r.targets));
  if (unreported.length > 0) parts.push('', `Issue 27 targets no case of this run reported: ${unreported.join('; ')}.`);
  for (const [name, result] of results) {
    parts.push('', `### ${name}`, '', rowsTable(result.rows));
    if (result.notes.length > 0) parts.push('', ...result.notes.map((n) => `- ${n}`));
  }
  return `${parts.join('\n')}\n`;
}
