// Small process helpers for the demo: run a command with its output in a log file, find a port,
// wait for a URL to answer, and stop a whole process group.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';

export function logLine(logFile: string, line: string): void {
  mkdirSync(dirname(logFile), { recursive: true });
  appendFileSync(logFile, `[${new Date().toISOString()}] ${line}\n`);
}

/** Runs a command to its end with stdout and stderr appended to `logFile`; rejects naming the log. */
export function runLogged(command: string, args: string[], logFile: string, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<void> {
  logLine(logFile, `$ ${command} ${args.join(' ')}`);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
    child.stderr.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
    child.once('error', (error) => reject(new Error(`${command} could not be started (${error.message}).`)));
    child.once('exit', (code) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`\`${command} ${args.join(' ')}\` failed with exit code ${code}; its output is in ${logFile}.`));
    });
  });
}

/** True when nothing listens on 127.0.0.1:`port`. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const server = createServer();
    server.once('error', () => resolvePromise(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolvePromise(true)));
  });
}

/** `preferred` when free, otherwise any free port the system hands out. */
export async function choosePort(preferred: number): Promise<number> {
  if (await portIsFree(preferred)) return preferred;
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePromise(address.port) : reject(new Error('The system gave no free port.'))));
    });
  });
}

/** Polls `url` until it answers 2xx; fails early when `child` exits, with the log to read. */
export async function waitForUrl(url: string, child: ChildProcess, what: string, logFile: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} stopped before it answered (exit ${child.exitCode ?? child.signalCode}); see ${logFile}.`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s; see ${logFile}.`);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}

/**
 * Stops a child started with `detached: true` and everything it started (code-server's extension
 * host, the language server, the local catalog): SIGTERM to the group, SIGKILL after 5 s.
 */
export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    signalGroup(child, 'SIGTERM');
    const forced = setTimeout(() => signalGroup(child, 'SIGKILL'), 5000);
    await exited;
    clearTimeout(forced);
  }
  // Children that outlived code-server itself are still in its group.
  signalGroup(child, 'SIGKILL');
}

/** True when `command` is an executable on PATH. */
export function onPath(command: string): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const child = spawn('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    child.once('error', () => resolvePromise(false));
    child.once('exit', (code) => resolvePromise(code === 0));
  });
}
