import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { testSeed } from '../support/seed';
import { budgetMs } from '../support/timeScale';

/**
 * Runs one fuzz suite in its own process and watches it: a case that makes no progress for
 * `stallMs` is a hang, so the process is killed and the case that was running is reported.
 * The seed is fixed unless CATALOG_FUZZ_SEED gives one (to replay) or says `random`
 * (test/support/seed.ts); every failure names the seed.
 */

export interface FuzzOutcome {
  seed: number;
  cases: number;
  ms: number;
}

export const FUZZ_RUNS = Number(process.env.CATALOG_FUZZ_RUNS ?? 0) || undefined;

export function fuzzSeed(): number {
  return testSeed('CATALOG_FUZZ_SEED', 1_529_702_672);
}

export function runSuite(suite: string, runs: number, options: { stallMs?: number; maxOldSpaceMb?: number } = {}): Promise<FuzzOutcome> {
  const seed = fuzzSeed();
  const stallMs = budgetMs(options.stallMs ?? 30_000);
  const startMs = budgetMs(180_000);
  const started = Date.now();
  const replay = `replay with: CATALOG_FUZZ_SEED=${seed} CATALOG_FUZZ_RUNS=${runs} npm run fuzz -- language (suite ${suite})`;
  const child = spawn(process.execPath, [`--max-old-space-size=${options.maxOldSpaceMb ?? 1024}`, '--import', 'tsx', join(process.cwd(), 'test', 'fuzz', 'worker.ts'), suite, String(seed), String(runs)], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    let stderr = '';
    let lastCase = '(none started)';
    let cases = 0;
    let outcome: { done?: boolean; failure?: string } | undefined;
    // Starting the worker (tsx compiling the sources, reading the corpus) is not a case: on a loaded
    // machine it took over 30 s, so the first case gets a start-up budget of its own.
    let waited = startMs;
    let timer = setTimeout(onStall, startMs);
    function onStall() {
      child.kill('SIGKILL');
      reject(new Error(`Fuzz suite ${suite} hung: no progress for ${waited} ms in case #${cases}: ${lastCase}\nSeed ${seed}; ${replay}`));
    }
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        const message = JSON.parse(line) as { case?: number; description?: string; done?: boolean; failure?: string; cases?: number };
        if (message.case !== undefined) {
          cases = message.case;
          lastCase = message.description ?? '';
          clearTimeout(timer);
          waited = stallMs;
          timer = setTimeout(onStall, stallMs);
        } else outcome = message;
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (outcome?.done) resolve({ seed, cases, ms: Date.now() - started });
      else if (outcome?.failure) reject(new Error(`Fuzz suite ${suite} found a failing case (seed ${seed}):\n${outcome.failure}\n${replay}`));
      else reject(new Error(`Fuzz suite ${suite} crashed (exit ${code}, signal ${signal}) in case #${cases}: ${lastCase}\n${stderr.slice(-3000)}\nSeed ${seed}; ${replay}`));
    });
  });
}
