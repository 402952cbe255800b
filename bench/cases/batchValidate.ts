import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseTree } from 'jsonc-parser';
import { readDocument } from '../../core/formats';
import { validateDocument } from '../../core/validate';
import type { CliIo } from '../../cli/io';
import { runValidate } from '../../cli/validate/validate';
import { goldenMcpJson } from '../../support/generate/goldenMcp';
import { CLI_JS, formatCount, mib, REPO_ROOT, type BenchContext } from '../support/context';
import { emptyResult, timingRow, type CaseResult, type TargetCheck } from '../../support/bench/results';
import { nowMs, repeat, summarise, type Timing } from '../../support/bench/stats';
import { ISSUE_27, reportTarget } from '../../support/bench/targets';

/**
 * Case: `catalog-code validate` of one large metadata change proposal file shaped like DataHub's
 * golden files (90,000 lines, 3.4 MB), against jsonc-parser's parseTree of the same file in the
 * same run, each side measured the same way:
 *
 * - whole process: `node dist/cli.js validate FILE` beside a node process that reads the file and
 *   parses it with jsonc-parser (same node, same start, same cold code), wall time, CPU, peak memory;
 * - after node's start: the same processes, timed inside each from the moment node has started
 *   (a preloaded hook) to its exit, so loading the code, reading, checking and reporting count for
 *   us and loading jsonc-parser, reading and parsing for the peer, and node's own start — which
 *   neither controls and which would pull every ratio towards 1 — counts for neither. Issue 27's
 *   target is this ratio (docs/performance.md, "Batch validate");
 * - in process, warm: the CLI's code path (cli/validate/validate.ts runValidate, output captured) beside
 *   reading the file and parseTree, alternated in this process after warm-up runs.
 *
 * JSON.parse of the text is the floor no parse beats.
 */

const GROUP = 'batch validate';
const LINES = 90_000;

/**
 * Preloaded into each process timed: when it exits, its peak resident memory, CPU time and the
 * milliseconds since the hook ran (node has started by then: the main script is not loaded yet).
 * process.hrtime, not performance.now: the `performance` global loads a module of its own, memory
 * the process would not otherwise hold.
 */
const PROCESS_HOOK = `const started = process.hrtime.bigint(); process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\npeak-rss ' + u.maxRSS * 1024 + ' cpu-us ' + (u.userCPUTime + u.systemCPUTime) + ' after-start-ms ' + Number(process.hrtime.bigint() - started) / 1e6 + '\\n'); });`;

/** The peer as a process of its own: node reads the file and parses it with jsonc-parser, as the CLI reads and checks it. */
const JSONC_PROCESS = `const { parseTree } = require(process.argv[2]); parseTree(require('node:fs').readFileSync(process.argv[3], 'utf8'), []);`;

export async function batchValidateCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  const file = path.join(ctx.workDir, 'golden_mcps.json');
  const text = goldenMcpJson(LINES);
  writeFileSync(file, text);
  const hook = path.join(ctx.workDir, 'process-hook.js');
  writeFileSync(hook, PROCESS_HOOK);
  const lines = text.split('\n').length;
  const label = `MCP JSON, ${formatCount(lines)} lines (${mib(Buffer.byteLength(text))})`;
  const uri = pathToFileURL(file).toString();
  const runs = { warmup: ctx.quick ? 1 : 2, runs: ctx.quick ? 3 : 7 };

  const jsonParse = await repeat(runs, () => {
    const t0 = nowMs();
    JSON.parse(text);
    return nowMs() - t0;
  });
  const jsoncBefore = await repeat(runs, () => {
    const t0 = nowMs();
    parseTree(text, []);
    return nowMs() - t0;
  });
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
    timingRow(GROUP, label, 'jsonc-parser parseTree', jsoncBefore, { ratios: toJsonParse(jsoncBefore.medianMs) }),
    timingRow(GROUP, label, 'catalog-code read (parse + facts)', read, { ratios: toJsonParse(read.medianMs), note: `${formatCount(model.facts.length)} facts` }),
    timingRow(GROUP, label, 'catalog-code rules', check),
  );

  const warm = await warmInProcess(file, runs);
  result.rows.push(
    timingRow(GROUP, label, 'in process, warm: catalog-code validate (runValidate, output captured)', warm.validate, { ratios: [{ to: 'reading + parseTree in process', ratio: warm.validate.medianMs / warm.jsonc.medianMs }] }),
    timingRow(GROUP, label, 'in process, warm: read the file + jsonc-parser parseTree', warm.jsonc),
  );

  const processes = wholeProcessRuns(ctx, { file, hook, runs });
  const { cli, jsoncProcess } = processes;
  result.rows.push(
    timingRow(GROUP, label, 'whole process: catalog-code validate', cli.timing, {
      ratios: [{ to: 'a node process parsing it with jsonc-parser', ratio: cli.timing.medianMs / jsoncProcess.timing.medianMs }],
      note: `peak memory ${mib(cli.peak)}; CPU ${cli.cpuMs.toFixed(0)} ms`,
    }),
    timingRow(GROUP, label, 'whole process: node reads the file + jsonc-parser parseTree', jsoncProcess.timing, { note: `peak memory ${mib(jsoncProcess.peak)}; CPU ${jsoncProcess.cpuMs.toFixed(0)} ms` }),
    timingRow(GROUP, label, 'after node\'s start: catalog-code validate (load, read, check, report)', cli.afterStart, {
      ratios: [{ to: 'jsonc-parser after node\'s start', ratio: cli.afterStart.medianMs / jsoncProcess.afterStart.medianMs }],
    }),
    timingRow(GROUP, label, 'after node\'s start: load jsonc-parser, read the file, parseTree', jsoncProcess.afterStart),
    timingRow(GROUP, label, 'whole process: catalog-code validate, V8 default young generation', processes.growing.timing, { detail: true, note: `peak memory ${mib(processes.growing.peak)}` }),
    timingRow(GROUP, label, 'whole process: node -e 0 (process start floor)', processes.nodeStart.timing, { note: `peak memory ${mib(processes.nodeStart.peak)}` }),
  );
  result.targets.push(...batchTargets({ ...processes, warm }));
  result.notes.push(
    `Input: ${label}, generated like DataHub's ingestion golden files (support/generate/goldenMcp.ts); read ${readFileSync(file).length} bytes.`,
    'Issue 27\'s time target is the ratio after node\'s start: both sides cold in a process of their own, each timed from node\'s start to its exit (docs/performance.md, "Batch validate").',
  );
  return result;
}

/** An output sink for runValidate in this process: the report is built and kept, as the CLI builds and writes it. */
function capturingIo(): CliIo & { written: number } {
  const io = {
    written: 0,
    stdout: (text: string) => {
      io.written += text.length;
    },
    stderr: (text: string) => {
      io.written += text.length;
    },
    version: 'bench',
  };
  return io;
}

/**
 * The CLI's code path in this process, warm, beside the peer doing what its process does (read the
 * file, parseTree), one of each in turn so a change of load weighs on both.
 */
async function warmInProcess(file: string, runs: { warmup: number; runs: number }): Promise<{ validate: Timing; jsonc: Timing }> {
  const validate: number[] = [];
  const jsonc: number[] = [];
  for (let i = 0; i < runs.warmup + runs.runs; i++) {
    const io = capturingIo();
    const t0 = nowMs();
    const code = await runValidate([file], io);
    const t1 = nowMs();
    parseTree(readFileSync(file, 'utf8'), []);
    const t2 = nowMs();
    if (code !== 0) throw new Error(`runValidate exited ${code} on the golden file`);
    if (i < runs.warmup) continue;
    validate.push(t1 - t0);
    jsonc.push(t2 - t1);
  }
  return { validate: summarise(validate), jsonc: summarise(jsonc) };
}

interface ProcessFigures {
  /** wall time of the whole process, as the bench saw it from outside */
  timing: Timing;
  /** inside the process: from node's start (the preloaded hook) to its exit */
  afterStart: Timing;
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

interface ProcessSamples {
  times: number[];
  afterStart: number[];
  peaks: number[];
  cpu: number[];
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
  const samples = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, { times: [], afterStart: [], peaks: [], cpu: [] }])) as unknown as Record<keyof ProcessRuns, ProcessSamples>;
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
      const figures = /peak-rss (\d+) cpu-us (\d+) after-start-ms ([\d.]+)/.exec(run.stderr);
      if (!figures) throw new Error(`${kind} did not report its figures: ${run.stderr}`);
      if (i < input.runs.warmup) continue;
      samples[kind].times.push(elapsed);
      samples[kind].peaks.push(Number(figures[1]));
      samples[kind].cpu.push(Number(figures[2]) / 1000);
      samples[kind].afterStart.push(Number(figures[3]));
    }
  }
  const figures = (kind: keyof ProcessRuns): ProcessFigures => ({
    timing: summarise(samples[kind].times),
    afterStart: summarise(samples[kind].afterStart),
    peak: summarise(samples[kind].peaks).medianMs,
    cpuMs: summarise(samples[kind].cpu).medianMs,
  });
  return { cli: figures('cli'), growing: figures('growing'), jsoncProcess: figures('jsoncProcess'), nodeStart: figures('nodeStart') };
}

/** Issue 27's batch targets (and issue 16's, which they tighten). */
function batchTargets(figures: ProcessRuns & { warm: { validate: Timing; jsonc: Timing } }): TargetCheck[] {
  const { cli, jsoncProcess, nodeStart, growing, warm } = figures;
  const ms = (timing: Timing) => `${timing.medianMs.toFixed(0)} ms`;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  return [
    reportTarget({
      ...ISSUE_27.batchTime,
      name: 'validate of a 90k-line golden MCP JSON vs jsonc-parser parseTree of it, each in a node process of its own, after node\'s start',
      measured: cli.afterStart.medianMs / jsoncProcess.afterStart.medianMs,
      peer: `a node process loading jsonc-parser, reading the file and parsing it: ${ms(jsoncProcess.afterStart)} after node's start (validate ${ms(cli.afterStart)})`,
      detail: `whole process ${ratio(cli.timing.medianMs, jsoncProcess.timing.medianMs)} (${ms(cli.timing)} vs ${ms(jsoncProcess.timing)}, node -e 0 ${ms(nodeStart.timing)}); CPU ${ratio(cli.cpuMs, jsoncProcess.cpuMs)} (${cli.cpuMs.toFixed(0)} vs ${jsoncProcess.cpuMs.toFixed(0)} ms); in process, warm ${ratio(warm.validate.medianMs, warm.jsonc.medianMs)} (${ms(warm.validate)} vs ${ms(warm.jsonc)})`,
      next: 'profile `node --cpu-prof dist/cli-validate.js validate FILE`',
    }),
    reportTarget({
      ...ISSUE_27.batchMemory,
      measured: cli.peak / 1e6,
      peer: `node -e 0: ${(nodeStart.peak / 1e6).toFixed(1)} MB; jsonc-parser in a node process: ${(jsoncProcess.peak / 1e6).toFixed(1)} MB`,
      detail: `${mib(cli.peak)} peak resident; ${(growing.peak / 1e6).toFixed(1)} MB with V8's default young generation`,
      next: 'heap snapshot at the end of validateAll; node itself holds the first ~41 MB',
    }),
    reportTarget({
      key: 'issue41.batch.memoryAboveNode',
      name: `issue 41: validate of a ${formatCount(LINES)}-line MCP JSON, peak RSS above node's own (node -e 0, same run)`,
      target: 16,
      unit: 'MB',
      measured: (cli.peak - nodeStart.peak) / 1e6,
      peer: `node -e 0: ${(nodeStart.peak / 1e6).toFixed(1)} MB; validate ${(cli.peak / 1e6).toFixed(1)} MB; jsonc-parser in a node process ${((jsoncProcess.peak - nodeStart.peak) / 1e6).toFixed(1)} MB above node's`,
      next: 'the file is held as one string and as its tree: read it in chunks and keep of each aspect only what the rules read',
    }),
    reportTarget({ name: `validate of a ${formatCount(LINES)}-line MCP JSON (issue 16)`, target: 500, unit: 'ms', measured: cli.timing.medianMs, peer: `node -e 0 ${ms(nodeStart.timing)}` }),
    reportTarget({ name: `validate of a ${formatCount(LINES)}-line MCP JSON: peak memory (issue 16)`, target: 100, unit: 'MB', measured: cli.peak / 1e6 }),
  ];
}
