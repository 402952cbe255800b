import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Runs `dist/cli.js serve` as a child process under the editor's own Node runtime, on a free
 * port, and reports the URL it listens on. No VS Code dependency, so it is tested with plain Node.
 */

export interface LocalCatalogOptions {
  /** path of dist/cli.js */
  cliPath: string;
  dataDir: string;
  /** the token the extension made and keeps in SecretStorage; passed by environment, never by argument */
  token: string;
  seeds?: readonly string[];
  /** the runtime to start; in VS Code this is the extension host's executable */
  execPath?: string;
  /** how long to wait for the service to listen */
  startTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface RunningLocalCatalog {
  url: string;
  stop(): Promise<void>;
  /** resolves when the process has exited, for whatever reason */
  exited: Promise<number | null>;
}

const LISTENING = /^Catalog Code local catalog listening on (http:\/\/\S+)$/;

export class LocalCatalogStartError extends Error {}

export function startLocalCatalog(options: LocalCatalogOptions): Promise<RunningLocalCatalog> {
  // --exit-with-parent: if the extension host dies without stopping it, the catalog stops too.
  const args = [options.cliPath, 'serve', '--host', '127.0.0.1', '--port', '0', '--data', options.dataDir, '--exit-with-parent'];
  for (const seed of options.seeds ?? []) args.push('--seed', seed);
  const child = spawn(options.execPath ?? process.execPath, args, {
    // ELECTRON_RUN_AS_NODE makes VS Code's Electron binary behave as plain Node.
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', CATALOG_TOKEN: options.token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = options.log ?? (() => undefined);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stderrTail: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    stderrTail.push(line);
    if (stderrTail.length > 20) stderrTail.shift();
    log(`[local catalog] ${line}`);
  });

  return new Promise<RunningLocalCatalog>((resolve, reject) => {
    let settled = false;
    const fail = (message: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGTERM');
      const detail = stderrTail.length > 0 ? ` ${stderrTail.join(' ').slice(-500)}` : '';
      reject(new LocalCatalogStartError(`${message}${detail}`));
    };
    const timer = setTimeout(() => fail(`it did not report a listening address within ${(options.startTimeoutMs ?? 30000) / 1000} s.`), options.startTimeoutMs ?? 30000);
    child.once('error', (error) => fail(`it could not be started (${error.message}).`));
    void exited.then((code) => fail(`it exited with code ${code ?? 'unknown'} before listening.`));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      log(`[local catalog] ${line}`);
      const match = LISTENING.exec(line.trim());
      if (!match || settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ url: match[1], exited, stop: () => stopChild(child, exited) });
    });
  });
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(forced);
}
