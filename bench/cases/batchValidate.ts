import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseTree } from 'jsonc-parser';
import { readDocument } from '../../core/formats';
import { validateDocument } from '../../core/validate';
import { goldenMcpJson } from '../generate/goldenMcp';
import { CLI_JS, formatCount, mib, type BenchContext } from '../support/context';
import { emptyResult, timingRow, type CaseResult } from '../support/results';
import { nowMs, repeat, summarise } from '../support/stats';

/**
 * Case: `catalog-code validate` of one large metadata change proposal file shaped like DataHub's
 * golden files (90,000 lines, 3.4 MB), against JSON.parse and jsonc-parser's parseTree of the same
 * text in the same run. In-process rows time the read and the rules; the CLI rows time the whole
 * process (start, read, check, report) and its peak memory.
 */

const GROUP = 'batch validate';
const LINES = 90_000;
const TARGET_MS = 500;
/** the 100 MB, in bytes */
const TARGET_BYTES = 100_000_000;

/** Prints the process's peak resident memory when it exits (preloaded into the CLI). */
const PEAK_RSS_HOOK = `process.on('exit', () => process.stderr.write('\\npeak-rss ' + process.resourceUsage().maxRSS * 1024 + '\\n'));`;

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
  const jsonc = await repeat(runs, () => {
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
    timingRow(GROUP, label, 'jsonc-parser parseTree', jsonc, { ratios: toJsonParse(jsonc.medianMs) }),
    timingRow(GROUP, label, 'catalog-code read (parse + facts)', read, { ratios: toJsonParse(read.medianMs), note: `${formatCount(model.facts.length)} facts` }),
    timingRow(GROUP, label, 'catalog-code rules', check),
  );

  /** Whole-process runs of the CLI: times and peak memory; `nodeArgs` go before the script. */
  const runCli = (what: string, nodeArgs: readonly string[]) => {
    const times: number[] = [];
    const peaks: number[] = [];
    for (let i = 0; i < runs.warmup + runs.runs; i++) {
      ctx.log(`batch validate: ${what} run ${i + 1}/${runs.warmup + runs.runs}`);
      const t0 = nowMs();
      const run = spawnSync(process.execPath, [...nodeArgs, '--require', hook, CLI_JS, 'validate', file], { encoding: 'utf8' });
      const elapsed = nowMs() - t0;
      if (run.status !== 0) throw new Error(`catalog-code validate exited ${run.status}: ${run.stdout}${run.stderr}`);
      const peak = Number(/peak-rss (\d+)/.exec(run.stderr)?.[1]);
      if (i < runs.warmup) continue;
      times.push(elapsed);
      peaks.push(peak);
    }
    return { times, peak: summarise(peaks).medianMs };
  };
  const { times: cliTimes, peak } = runCli('CLI', []);
  // The same with V8's default young generation: a size given to node makes the CLI leave it alone
  // (cli/youngGeneration.ts), so this row shows what the reading and checking alone cost.
  const growing = runCli('CLI with V8 default young generation', ['--semi-space-growth-factor=2']);
  const cli = summarise(cliTimes);
  const nodeStart = await repeat(runs, () => {
    const t0 = nowMs();
    spawnSync(process.execPath, ['-e', '0']);
    return nowMs() - t0;
  });
  result.rows.push(
    timingRow(GROUP, label, 'catalog-code validate (whole process)', cli, { ratios: toJsonParse(cli.medianMs), note: `peak memory ${mib(peak)}` }),
    timingRow(GROUP, label, 'catalog-code validate, V8 default young generation', summarise(growing.times), { detail: true, note: `peak memory ${mib(growing.peak)}` }),
    timingRow(GROUP, label, 'node -e 0 (process start floor)', nodeStart, { detail: true }),
  );
  const timeMet = cli.medianMs <= TARGET_MS;
  result.targets.push({
    target: `validate of a ${formatCount(LINES)}-line MCP JSON: ≤ ${TARGET_MS} ms`,
    measured: `${cli.medianMs.toFixed(0)} ms (median of ${runs.runs}; node itself starts in ${nodeStart.medianMs.toFixed(0)} ms)`,
    met: timeMet,
    ...(timeMet ? {} : { miss: `${(cli.medianMs - TARGET_MS).toFixed(0)} ms over`, next: 'half of it is process start and cold code (compare node -e 0); run the per-element rules inside the read pass and cache the compiled bundle (node --experimental-compile-cache / v8-compile-cache)' }),
  });
  const memoryMet = peak <= TARGET_BYTES;
  result.targets.push({
    target: `validate of a ${formatCount(LINES)}-line MCP JSON: ≤ 100 MB`,
    measured: `${(peak / 1e6).toFixed(1)} MB (${mib(peak)}) peak resident memory; ${(growing.peak / 1e6).toFixed(1)} MB (${mib(growing.peak)}) with V8's default young generation`,
    met: memoryMet,
    ...(memoryMet
      ? {}
      : {
          miss: `${((peak - TARGET_BYTES) / 1e6).toFixed(1)} MB over`,
          next: 'load only the code of the validate command (a bundle of its own: about 5 MiB less) and keep a smaller model (facts with offsets instead of range objects)',
        }),
  });
  result.notes.push(`Input: ${label}, generated like DataHub's ingestion golden files (bench/generate/goldenMcp.ts); read ${readFileSync(file).length} bytes.`);
  return result;
}
