import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { waitFor } from './helpers';

/**
 * Runs `serve` as its own process: the built `dist/cli.js` when it runs, otherwise the TypeScript
 * sources through tsx (the bundle needs every entry point, which other work may not have finished).
 */

const ROOT = path.resolve(__dirname, '..', '..');
export const SAMPLE_CATALOG = path.join(ROOT, 'test', 'fixtures', 'sample-catalog');

let cached: string[] | undefined;
export function serveCommand(): string[] {
  if (cached) return cached;
  const dist = path.join(ROOT, 'dist', 'cli.js');
  if (fs.existsSync(dist) && spawnSync(process.execPath, [dist, 'serve', '--help'], { timeout: 10_000 }).status === 0) cached = [dist, 'serve'];
  else cached = ['--import', 'tsx', path.join(ROOT, 'test', 'service', 'serveEntry.ts')];
  return cached;
}

export interface ServeChild {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** resolves with the URL of the first stdout line, or rejects when the process ends first */
  url: () => Promise<string>;
}

export function spawnServe(args: string[], env: Record<string, string | undefined> = {}): ServeChild {
  const child = spawn(process.execPath, [...serveCommand(), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  // A failed assertion must not leave a service running after the test process.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let out = '';
  let err = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    }),
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    url: () =>
      waitFor(
        () => {
          const first = out.split('\n')[0];
          if (out.includes('\n')) return first.slice(first.lastIndexOf(' ') + 1);
          if (exit) throw new Error(`serve exited (${JSON.stringify(exit)}) before listening: ${err}`);
          return undefined;
        },
        30_000,
        'the local catalog to listen',
      ),
  };
}
