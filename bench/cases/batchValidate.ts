import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseTree } from 'jsonc-parser';
import { readDocument } from '../../core/formats';
import { validateDocument } from '../../core/validate';
import { goldenMcpJson } from '../generate/goldenMcp';
import { CLI_JS, formatCount, mib, REPO_ROOT, type BenchContext } from '../support/context';
import { emptyResult, timingRow, type CaseResult, type TargetCheck } from '../support/results';
import { nowMs, repeat, summarise, type Timing } from '../support/stats';
import { ISSUE_27, reportTarget } from '../support/targets';

/**
 * Case: `catalog-code validate` of one large metadata change proposal file shaped like DataHub's
 * golden files (90,000 lines, 3.4 MB), against JSON.parse and jsonc-parser's parseTree of the same
 * text in the same run. In-process rows time the read and the rules; the CLI rows time the whole
 * process (start, read, check, report), its peak memory and CPU time, beside a node process that
 * reads the file and parses it with jsonc-parser. Issue 27's target compares the whole CLI process
 * with jsonc-parser's parse in process, the stricter of the two.
 */

const GROUP = 'batch validate';
const LINES = 90_000;

/** Prints the process's peak resident memory and CPU time when it exits (preloaded into each process timed). */
const PEAK_RSS_HOOK = `process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\npeak-rss ' + u.maxRSS * 1024 + ' cpu-us ' + (u.userCPUTime + u.systemCPUTime) + '\\n'); });`;

/** The peer as a process of its own: node reads the file and parses it with jsonc-parser, as the CLI reads and checks it. */
const JSONC_PROCESS = `const { parseTree } = require(process.argv[2]); parseTree(require('node:fs').readFileSync(process.argv[3], 'utf8'), []);`;

export async function batchValidateCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  const file = path.join(ctx.workDir, 'golden_mcps.json');
  const text = goldenMcpJson(LINES);
  writeFileSync(file, text);
  const hook = path.join(ctx.workDir, 'peak-rss.js');
  writeFileSync(hook, PEAK_RSS_HOOK);
  const lines = text.split('\n').length;
  const label = `MCP JSON, ${formatCount(lines)} lines (${mib(Buffer.byteLength(text))})`;
  const uri = pathToFileURL(file).toString();
  const runs = { warmup: ctx.quick ? 1 : 2, runs: ctx.quick ? 3 : 7 };

  const jsonParse = await repeat(runs, () => {
    const t0 = nowMs();
    JSON.parse(text);
    return nowMs() - t0;
  });
  // CPU time beside wall time: on the shared machine the load stretches wall times of a process far more than its CPU time.
  const jsoncCpuMs: number[] = [];
  const parseWithJsonc = (iteration: number) => {
    const t0 = nowMs();
    const cpu0 = process.cpuUsage();
    parseTree(text, []);
    const cpu = process.cpuUsage(cpu0);
    if (iteration >= runs.warmup) jsoncCpuMs.push((cpu.user + cpu.system) / 1000);
    return nowMs() - t0;
  };
  const jsoncBefore = await repeat(runs, parseWithJsonc);
  const read = await repeat(runs, () => {
    const t0 = nowMs();
    readDocument(uri, text);
    return nowMs() - t0;
  });
  const model = readDocument(uri, text);
  const check = await repeat(runs, () => {
    const t0 = nowMs();
    validateDocument({ model, text });
    return nowMs() - t0;
  });
  const toJsonParse = (median: number) => [{ to: 'JSON.parse', ratio: median / jsonParse.medianMs }];
  result.rows.push(
    timingRow(GROUP, label, 'JSON.parse (floor)', jsonParse),
    timingRow(GROUP, label, 'jsonc-parser parseTree (before the process runs)', jsoncBefore, { detail: true }),
    timingRow(GROUP, label, 'catalog-code read (parse + facts)', read, { ratios: toJsonParse(read.medianMs), note: `${formatCount(model.facts.length)} facts` }),
    timingRow(GROUP, label, 'catalog-code rules', check),
  );

  const processes = wholeProcessRuns(ctx, { file, hook, runs });
  // The peer again after the process runs, so a change of load during them weighs on both sides.
  const jsonc = summarise([...jsoncBefore.samples, ...(await repeat(runs, parseWithJsonc)).samples]);
  const cli = processes.cli;
  result.rows.push(
    timingRow(GROUP, label, 'jsonc-parser parseTree (before and after the process runs: the peer)', jsonc, { ratios: toJsonParse(jsonc.medianMs) }),
    timingRow(GROUP, label, 'catalog-code validate (whole process)', cli.timing, {
      ratios: [
        { to: 'jsonc-parser parseTree in process', ratio: cli.timing.medianMs / jsonc.medianMs },
        { to: 'a node process parsing it with jsonc-parser', ratio: cli.timing.medianMs / processes.jsoncProcess.timing.medianMs },
      ],
      note: `peak memory ${mib(cli.peak)}; CPU ${cli.cpuMs.toFixed(0)} ms`,
    }),
    timingRow(GROUP, label, 'node: read the file + jsonc-parser parseTree (whole process)', processes.jsoncProcess.timing, { note: `peak memory ${mib(processes.jsoncProcess.peak)}; CPU ${processes.jsoncProcess.cpuMs.toFixed(0)} ms` }),
    timingRow(GROUP, label, 'catalog-code validate, V8 default young generation', processes.growing.timing, { detail: true, note: `peak memory ${mib(processes.growing.peak)}` }),
    timingRow(GROUP, label, 'node -e 0 (process start floor)', processes.nodeStart.timing, { note: `peak memory ${mib(processes.nodeStart.peak)}` }),
  );
  result.targets.push(...batchTargets({ jsonc, jsoncCpuMs: summarise(jsoncCpuMs).medianMs, ...processes }));
  result.notes.push(`Input: ${label}, generated like DataHub's ingestion golden files (bench/generate/goldenMcp.ts); read ${readFileSync(file).length} bytes.`);
  return result;
}

interface ProcessFigures {
  timing: Timing;
  /** median peak resident memory, bytes */
  peak: number;
  /** median user + system CPU time, ms */
  cpuMs: number;
}

interface ProcessRuns {
  cli: ProcessFigures;
  /** the CLI with V8's default young generation (see cli/youngGeneration.ts) */
  growing: ProcessFigures;
  jsoncProcess: ProcessFigures;
  nodeStart: ProcessFigures;
}

/**
 * Whole-process runs, one of each kind in turn so a change of load hits all of them alike: the CLI,
 * the CLI with V8's default young generation (a size given to node makes the CLI leave it alone),
 * a node process parsing the file with jsonc-parser, and node doing nothing.
 */
function wholeProcessRuns(ctx: BenchContext, input: { file: string; hook: string; runs: { warmup: number; runs: number } }): ProcessRuns {
  const jsoncScript = path.join(ctx.workDir, 'jsonc-process.js');
  writeFileSync(jsoncScript, JSONC_PROCESS);
  const jsoncParser = require.resolve('jsonc-parser', { paths: [REPO_ROOT] });
  const kinds: Record<keyof ProcessRuns, string[]> = {
    cli: [CLI_JS, 'validate', input.file],
    growing: ['--semi-space-growth-factor=2', CLI_JS, 'validate', input.file],
    jsoncProcess: [jsoncScript, jsoncParser, input.file],
    nodeStart: ['-e', '0'],
  };
  const samples = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, { times: [] as number[], peaks: [] as number[], cpu: [] as number[] }])) as Record<keyof ProcessRuns, { times: number[]; peaks: number[]; cpu: number[] }>;
  const total = input.runs.warmup + input.runs.runs;
  for (let i = 0; i < total; i++) {
    ctx.log(`batch validate: whole-process run ${i + 1}/${total}`);
    for (const kind of Object.keys(kinds) as (keyof ProcessRuns)[]) {
      const args = kinds[kind];
      const script = args[0].startsWith('--') ? 1 : 0;
      const t0 = nowMs();
      const run = spawnSync(process.execPath, [...args.slice(0, script), '--require', input.hook, ...args.slice(script)], { encoding: 'utf8' });
      const elapsed = nowMs() - t0;
      if (run.status !== 0) throw new Error(`${kind} exited ${run.status}: ${run.stdout}${run.stderr}`);
      const figures = /peak-rss (\d+) cpu-us (\d+)/.exec(run.stderr);
      if (i < input.runs.warmup) continue;
      samples[kind].times.push(elapsed);
      samples[kind].peaks.push(Number(figures?.[1]));
      samples[kind].cpu.push(Number(figures?.[2]) / 1000);
    }
  }
  const figures = (kind: keyof ProcessRuns): ProcessFigures => ({ timing: summarise(samples[kind].times), peak: summarise(samples[kind].peaks).medianMs, cpuMs: summarise(samples[kind].cpu).medianMs });
  return { cli: figures('cli'), growing: figures('growing'), jsoncProcess: figures('jsoncProcess'), nodeStart: figures('nodeStart') };
}

/** Issue 27's batch targets (and issue 16's, which they tighten). */
function batchTargets(figures: ProcessRuns & { jsonc: Timing; jsoncCpuMs: number }): TargetCheck[] {
  const { cli, jsonc, jsoncCpuMs, jsoncProcess, nodeStart, growing } = figures;
  const sameKind = `a node process reading + parsing it with jsonc-parser: ${jsoncProcess.timing.medianMs.toFixed(0)} ms (validate ${(cli.timing.medianMs / jsoncProcess.timing.medianMs).toFixed(2)}× that)`;
  return [
    reportTarget({
      ...ISSUE_27.batchTime,
      measured: cli.timing.medianMs / jsonc.medianMs,
      peer: `jsonc-parser parseTree in process ${jsonc.medianMs.toFixed(0)} ms; ${sameKind}`,
      detail: `validate ${cli.timing.medianMs.toFixed(0)} ms whole process; in CPU time ${(cli.cpuMs / jsoncCpuMs).toFixed(2)}× (${cli.cpuMs.toFixed(0)} ms vs ${jsoncCpuMs.toFixed(0)} ms); node alone starts in ${nodeStart.timing.medianMs.toFixed(0)} ms, ${nodeStart.cpuMs.toFixed(0)} ms CPU`,
      next: 'profile `node --cpu-prof dist/cli.js validate FILE`; node start and loading the bundle are a fixed part no parse pays in process',
    }),
    reportTarget({
      ...ISSUE_27.batchMemory,
      measured: cli.peak / 1e6,
      peer: `node -e 0: ${(nodeStart.peak / 1e6).toFixed(1)} MB; jsonc-parser in a node process: ${(jsoncProcess.peak / 1e6).toFixed(1)} MB`,
      detail: `${mib(cli.peak)} peak resident; ${(growing.peak / 1e6).toFixed(1)} MB with V8's default young generation`,
      next: 'heap profile (`node --heap-prof`); node itself holds the first ~40 MB',
    }),
    reportTarget({ name: `validate of a ${formatCount(LINES)}-line MCP JSON (issue 16)`, target: 500, unit: 'ms', measured: cli.timing.medianMs, peer: `node -e 0 ${nodeStart.timing.medianMs.toFixed(0)} ms` }),
    reportTarget({ name: `validate of a ${formatCount(LINES)}-line MCP JSON: peak memory (issue 16)`, target: 100, unit: 'MB', measured: cli.peak / 1e6 }),
  ];
}
