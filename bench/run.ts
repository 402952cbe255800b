/**
 * `npm run bench [-- --quick] [--only diagnostics,lineage] [--seed N]`: builds the bundles, runs
 * every case of issue 7 and prints a Markdown table; writes bench-results.json at the repo root.
 * Benchmarks report, they never fail: the exit code is 0 unless the bench itself broke.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { batchValidateCase } from './cases/batchValidate';
import { completionCase } from './cases/completion';
import { diagnosticsCase } from './cases/diagnostics';
import { editKindsCase } from './cases/editKinds';
import { extensionCase } from './cases/extension';
import { graphCase } from './cases/graph';
import { lineageCase } from './cases/lineage';
import { pushCase } from './cases/push';
import { typingCase } from './cases/typing';
import { workspaceScaleCase } from './cases/workspaceScale';
import { renameCase } from './cases/rename';
import { keystrokeCase } from './cases/keystroke';
import { openLargeCase } from './cases/openLarge';
import { handWrittenCase } from './cases/handWritten';
import { settledCase } from './cases/settled';
import { sqlLineageCase } from './cases/sqlLineage';
import { agentToolsCase } from './cases/agentTools';
import { REPO_ROOT, type BenchContext } from './support/context';
import { DEFAULT_SEED } from '../support/random';
import { markdownReport, type RunInfo } from '../support/bench/report';
import type { CaseResult } from '../support/bench/results';
import { stampLoad } from '../support/bench/targets';

const CASES: Record<string, (ctx: BenchContext) => Promise<CaseResult>> = {
  diagnostics: diagnosticsCase,
  completion: completionCase,
  lineage: lineageCase,
  push: pushCase,
  extension: extensionCase,
  graph: graphCase,
  batchValidate: batchValidateCase,
  typing: typingCase,
  workspaceScale: workspaceScaleCase,
  rename: renameCase,
  editKinds: editKindsCase,
  keystroke: keystrokeCase,
  openLarge: openLargeCase,
  handWritten: handWrittenCase,
  settled: settledCase,
  sqlLineage: sqlLineageCase,
  agentTools: agentToolsCase,
};

const TITLES: Record<string, string> = {
  diagnostics: '1. Diagnostics over LSP',
  completion: '2. Completion with 10,000 live definitions',
  lineage: '3. Lineage queries on the local catalog',
  push: '4. Push into the local catalog',
  extension: '5. Extension bundle and activation',
  graph: '6. Lineage graph view at 2,000 entities',
  batchValidate: '7. Batch validate of a large MCP file',
  typing: '8. Typing in large files (incremental analysis)',
  workspaceScale: '9. A workspace of 20,000 files',
  rename: '10. Rename across a workspace',
  editKinds: '11. Each kind of edit in a large file (issue 27)',
  keystroke: '12. A keystroke as a plain stdio client (issue 27)',
  openLarge: '13. Opening a large file, and never blocked by one (issue 27)',
  handWritten: '14. Hand-written parts against the libraries\' own lower-level APIs (issue 35)',
  settled: '15. Settled answers: a cold server, start-up, the first keystroke, structural edits (issue 34)',
  sqlLineage: '16. Column lineage from a 200-line SQL statement (issue 38)',
  agentTools: '17. Tools for agents over MCP on a large workspace (issue 39)',
};

interface Args {
  quick: boolean;
  only: string[];
  seed: number;
  out: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { quick: false, only: Object.keys(CASES), seed: DEFAULT_SEED, out: path.join(REPO_ROOT, 'bench-results.json') };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--quick') args.quick = true;
    else if (flag === '--only') args.only = value().split(',').map((s) => s.trim()).filter(Boolean);
    else if (flag === '--seed') args.seed = Number(value());
    else if (flag === '--out') args.out = path.resolve(value());
    else throw new Error(`Unknown option ${argv[i]}. Use --quick, --only ${Object.keys(CASES).join(',')}, --seed N or --out FILE.`);
  }
  const unknown = args.only.filter((name) => !(name in CASES));
  if (unknown.length > 0) throw new Error(`No benchmark case named ${unknown.join(', ')}; the cases are ${Object.keys(CASES).join(', ')}.`);
  if (!Number.isInteger(args.seed)) throw new Error('--seed takes a whole number, e.g. --seed 42.');
  return args;
}

/** `loadAtStart` is the 1-minute load average before the first case: other work on the machine skews every number. */
function machine(loadAtStart: number): RunInfo['machine'] {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown CPU',
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: `${loadAtStart.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at end`,
  };
}

function build(): void {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`node esbuild.mjs failed, so there is nothing to measure:\n${result.stdout}\n${result.stderr}`);
  process.stderr.write(`[bench] built dist/ in ${Date.now() - started} ms\n`);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0];
  const log = (line: string) => process.stderr.write(`[bench ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)}s] ${line}\n`);
  build();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-code-bench-'));
  const ctx: BenchContext = { quick: args.quick, seed: args.seed, workDir, log };
  const results = new Map<string, CaseResult>();
  try {
    for (const name of args.only) {
      log(`case ${name}`);
      try {
        results.set(TITLES[name], stampLoad(await CASES[name](ctx)));
      } catch (error) {
        // one broken case must not hide the others' numbers
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        log(`case ${name} failed: ${message}`);
        results.set(TITLES[name], { rows: [], targets: [], notes: [`This case failed to run: ${message.split('\n')[0]}`] });
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  const info: RunInfo = {
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    startedAt: startedAt.toISOString(),
    durationS: (Date.now() - startedAt.getTime()) / 1000,
    seed: args.seed,
    quick: args.quick,
    machine: machine(loadAtStart),
  };
  process.stdout.write(markdownReport(info, results));
  const json = { ...info, cases: Object.fromEntries(results) };
  writeFileSync(args.out, `${JSON.stringify(json, null, 2)}\n`);
  log(`wrote ${path.relative(process.cwd(), args.out) || args.out}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`The benchmark run could not finish: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
