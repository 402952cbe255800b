// The demo's sample workspace: a fresh copy of the e2e fixture workspace (files with deliberate
// mistakes, lineage and property definitions) whose local catalog (`.catalog/`) is already loaded
// with the sample catalog, so the extension's own local catalog starts populated.
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

export const repoRoot = resolve(__dirname, '..', '..');
export const fixtureWorkspace = join(repoRoot, 'test', 'e2e', 'fixtures', 'workspace');
export const sampleCatalog = join(repoRoot, 'test', 'fixtures', 'sample-catalog');
const SEED_TIMEOUT_MS = 60_000;

/**
 * Loads the sample catalog into `<workspace>/.catalog` by starting the CLI's local catalog on that
 * folder once and stopping it as soon as it listens. The extension later starts its local catalog
 * on the same folder with its own token; the data stays.
 */
export function seedLocalCatalog(workspace: string, logFile: string): Promise<void> {
  const cli = join(repoRoot, 'dist', 'cli.js');
  const args = [cli, 'serve', '--port', '0', '--data', join(workspace, '.catalog'), '--seed', sampleCatalog];
  return new Promise((resolvePromise, reject) => {
    // The token only guards this short-lived run; the extension brings its own.
    const child = spawn(process.execPath, args, { env: { ...process.env, CATALOG_TOKEN: 'demo-seed-only' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Loading the sample catalog into ${workspace}/.catalog did not finish within ${SEED_TIMEOUT_MS / 1000} s; see ${logFile}.`));
    }, SEED_TIMEOUT_MS);
    child.stderr.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
    createInterface({ input: child.stdout }).on('line', (line) => {
      appendFileSync(logFile, `${line}\n`);
      if (line.includes('listening on')) child.kill('SIGTERM');
    });
    child.once('error', (error) => reject(new Error(`Node could not start ${cli} (${error.message}).`)));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0 || signal === 'SIGTERM') resolvePromise();
      else reject(new Error(`Loading the sample catalog failed (exit ${code}); see ${logFile}.`));
    });
  });
}

/** Replaces `target` with a fresh copy of the sample workspace and seeds its local catalog. */
export async function prepareWorkspace(target: string, logFile: string): Promise<void> {
  rmSync(target, { recursive: true, force: true, maxRetries: 3 });
  mkdirSync(target, { recursive: true });
  cpSync(fixtureWorkspace, target, { recursive: true });
  await seedLocalCatalog(target, logFile);
}
