import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { tempDir } from '../service/helpers';

/**
 * A local catalog run as a user runs it — `node dist/cli.js serve` in its own process — so that a
 * request that stalls it cannot stall the test too: the test's own timers (its liveness timeout)
 * keep running, and the test can send it signals.
 */

export interface CliCatalog {
  url: string;
  token: string;
  child: ChildProcess;
  /** resolves with the exit code once the process has ended */
  exited: Promise<number | null>;
  stderr(): string;
  graphql(query: string, variables?: Record<string, unknown>): Promise<{ status: number; text: string; json: unknown }>;
  /** SIGKILL if still running, then the data folder is removed */
  close(): Promise<void>;
}

export async function startCliCatalog(prefix: string): Promise<CliCatalog> {
  const dataDir = tempDir(prefix);
  const token = `${prefix}-token-0123456789abcdef`;
  const child = spawn(process.execPath, [path.join(process.cwd(), 'dist', 'cli.js'), 'serve', '--host', '127.0.0.1', '--port', '0', '--data', dataDir], {
    env: { ...process.env, CATALOG_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const match = /listening on (\S+)/.exec(line);
      if (match) resolve(match[1]);
    });
    void exited.then((code) => reject(new Error(`the catalog exited (${code}) before it listened: ${stderr}`)));
  });
  return {
    url,
    token,
    child,
    exited,
    stderr: () => stderr,
    async graphql(query, variables) {
      const response = await fetch(`${url}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(text) as unknown;
      } catch {
        json = undefined;
      }
      return { status: response.status, text, json };
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
