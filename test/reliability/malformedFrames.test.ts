import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt } from '../protocol/lspClient';
import { budgetMs } from '../support/timeScale';

/**
 * Malformed LSP frames over the real server's stdio. Each attack follows an honest `initialize`
 * that is answered; after the bad frame the server must say on stderr what was wrong and exit with
 * a non-zero code (so the editor restarts it), never stay alive and silent. A new server then
 * answers as before. Before the fix each of these left the server running without ever
 * answering again (a declared 99 GB length made it buffer forever).
 */

/** Liveness only: a hang is what fails, not a slow machine. */
const EXIT_BUDGET_MS = budgetMs(120_000);

const ATTACKS: { name: string; bytes: string; says: RegExp }[] = [
  { name: 'a non-numeric Content-Length', bytes: 'Content-Length: abc\r\n\r\n{}', says: /Content-Length "abc" is not a number of bytes/ },
  { name: 'no Content-Length', bytes: 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}', says: /no Content-Length/ },
  { name: 'a negative Content-Length', bytes: 'Content-Length: -5\r\n\r\n{"jsonrpc":"2.0"}', says: /Content-Length "-5" is not a number of bytes/ },
  { name: 'a 99 GB Content-Length', bytes: 'Content-Length: 99999999999\r\n\r\n{"jsonrpc":', says: /over the 67108864-byte \(64 MiB\) limit/ },
  { name: 'a header block without its blank line', bytes: 'Content-Length: 17\r\n{"jsonrpc":"2.0"}', says: /does not start a header line/ },
  { name: 'garbage before a header', bytes: 'hello\r\nContent-Length: 2\r\n\r\n{}', says: /"hello" is not a header line/ },
  { name: 'a header that never ends', bytes: `X-Padding: ${'a'.repeat(10_000)}`, says: /no blank line \("\\r\\n\\r\\n"\) within 8192 bytes/ },
  { name: 'line breaks without \\r', bytes: 'Content-Length: 2\n\n{}', says: /ends in "\\n" alone/ },
];

function frame(message: object): string {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

class RawServer {
  stdout = Buffer.alloc(0);
  stderr = '';
  readonly exited: Promise<number | null>;
  private constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (chunk: Buffer) => (this.stdout = Buffer.concat([this.stdout, chunk])));
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  static start(cwd: string): RawServer {
    return new RawServer(spawn(process.execPath, [join(process.cwd(), 'dist', 'server.js'), '--stdio'], { cwd, env: { ...process.env, CATALOG_SERVICE_URL: undefined, CATALOG_TOKEN: undefined } }));
  }

  /** Sends `initialize` and waits until its answer is on stdout. */
  async initialize(root: string): Promise<void> {
    const uri = pathToFileURL(root).toString();
    this.child.stdin.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: uri, workspaceFolders: [{ uri, name: 'w' }], capabilities: {} } }));
    const deadline = Date.now() + EXIT_BUDGET_MS;
    while (!this.stdout.toString().includes('"capabilities"')) {
      assert.ok(Date.now() < deadline, `initialize was not answered; stderr: ${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The exit code, or 'still running' when the budget ran out (the server is then killed). */
  async exitCode(): Promise<number | null | 'still running'> {
    let timer: NodeJS.Timeout | undefined;
    const budget = new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), EXIT_BUDGET_MS)));
    const code = await Promise.race([this.exited, budget]);
    clearTimeout(timer);
    if (code === 'still running') this.child.kill('SIGKILL');
    return code;
  }
}

describe('language server: malformed frames over stdio', { timeout: 10 * EXIT_BUDGET_MS }, () => {
  for (const attack of ATTACKS) {
    it(`${attack.name}: says so on stderr and exits with code 1; a new server answers`, async () => {
      await ensureServerBuilt();
      const root = mkdtempSync(join(tmpdir(), 'catalog-code-frames-'));
      try {
        const server = RawServer.start(root);
        await server.initialize(root);
        server.child.stdin.write(attack.bytes);
        const code = await server.exitCode();
        assert.equal(code, 1, `the server should exit with code 1 after ${attack.name}; it ${code === 'still running' ? 'kept running silently' : `exited with ${code}`}. stderr: ${server.stderr}`);
        assert.match(server.stderr, /malformed LSP message at byte \d+ of its input/);
        assert.match(server.stderr, attack.says);
        // The honest path: the editor starts a new server, which answers.
        const next = RawServer.start(root);
        await next.initialize(root);
        next.child.kill();
        await next.exited;
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  }
});
