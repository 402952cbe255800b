import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CLI_JS, REPO_ROOT } from './context';
import { nowMs } from '../../support/bench/stats';

/** The local catalog as its own process (`node dist/cli.js serve`), so its memory and start-up can be measured. */
export interface ServiceProcess {
  url: string;
  token: string;
  /** ms from spawn to the "listening on" line */
  startupMs: number;
  child: ChildProcess;
  /** resident memory now and at its peak, in bytes, from /proc */
  memory(): { rss: number; peakRss: number };
  stop(): Promise<void>;
}

export async function startServiceProcess(dataDir: string, token: string, timeoutMs = 600_000): Promise<ServiceProcess> {
  const started = nowMs();
  const child = spawn(process.execPath, [CLI_JS, 'serve', '--port', '0', '--data', dataDir], { cwd: REPO_ROOT, env: { ...process.env, CATALOG_TOKEN: token }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`The local catalog did not say it was listening within ${timeoutMs / 1000} s. Its output:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill();
      reject(error);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`The local catalog exited with code ${code} before listening. Its output:\n${output}`)));
  });
  const startupMs = nowMs() - started;
  child.removeAllListeners('exit');
  return {
    url,
    token,
    startupMs,
    child,
    memory: () => processMemory(child.pid ?? 0),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function processMemory(pid: number): { rss: number; peakRss: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kib('VmRSS'), peakRss: kib('VmHWM') };
}
