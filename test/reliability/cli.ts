import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { budgetMs } from '../support/timeScale';

/** Runs the built CLI (`dist/cli.js`) as a user would, capturing everything it prints. */

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string | undefined>, timeoutMs = budgetMs(120_000)): Promise<CliRun> {
  const child = spawn(process.execPath, [join(process.cwd(), 'dist', 'cli.js'), ...args], {
    cwd: process.cwd(),
    env: { ...process.env, CATALOG_SERVICE_URL: undefined, CATALOG_TOKEN: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`catalog-code ${args.join(' ')} did not finish in ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
