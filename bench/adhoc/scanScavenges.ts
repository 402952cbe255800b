import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateWorkspace } from '../cases/workspaceScale';
import { WorkspaceSession } from '../../core/workspace/session';
import { PendingState } from '../../core/pending/pendingState';

/**
 * What the workspace scan leaves to V8's young-generation collector (issue 41, "Round seven" in
 * docs/performance.md): `node --import tsx bench/adhoc/scanScavenges.ts [FOLDERS] [--no-pending]`
 * generates FOLDERS × 100 files (default 1000: the 100,002 of the bench's opt-in case), scans them
 * in a child process as the language server does (a session with a pending state, without
 * allocation-site pretenuring: server/heapSettings.ts) under `--trace-gc-nvp`, and prints JSON:
 * the scan's time and CPU, and per scavenge what was allocated, what survived it (copied or
 * promoted) and what was promoted, and the scavenges' pauses in all. Objects that survive one
 * scavenge and die before the next are what `survivedMB` minus `promotedMB` counts.
 */
interface Scavenge {
  allocated: number;
  survived: number;
  promoted: number;
  pause: number;
}

async function child(root: string, pending: boolean): Promise<void> {
  const session = new WorkspaceSession();
  if (pending) new PendingState(session);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const files = await session.scan([root]);
  const used = process.cpuUsage(cpu);
  process.stdout.write(`SCAN ${JSON.stringify({ files, scanMs: Math.round(performance.now() - start), cpuMs: Math.round((used.user + used.system) / 1000) })}\n`);
}

function scavengesOf(output: string): Scavenge[] {
  const out: Scavenge[] = [];
  for (const line of output.split('\n')) {
    if (!line.includes(' gc=s ')) continue;
    const field = (name: string) => Number(new RegExp(`\\b${name}=([0-9.]+)`).exec(line)?.[1] ?? 0);
    out.push({ allocated: field('allocated'), survived: field('new_space_survived'), promoted: field('promoted'), pause: field('pause') });
  }
  return out;
}

function main(): void {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    void child(args[1], args[2] !== '--no-pending');
    return;
  }
  const folders = Number(args.find((arg) => !arg.startsWith('--')) ?? 1000);
  const pending = !args.includes('--no-pending');
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-scan-scavenges-'));
  try {
    process.stderr.write(`Generating ${folders * 100} files…\n`);
    const ws = generateWorkspace(workDir, 20261122, folders);
    const script = __filename;
    const run = spawnSync(process.execPath, ['--no-allocation-site-pretenuring', '--trace-gc-nvp', '--import', 'tsx', script, '--child', ws.root, pending ? '--pending' : '--no-pending'], { encoding: 'utf8', maxBuffer: 1 << 30 });
    if (run.status !== 0) throw new Error(`the scan's process failed: ${run.stderr.slice(-2000)}`);
    const scan = /^SCAN (.*)$/m.exec(run.stdout);
    if (!scan) throw new Error('the scan printed no figures');
    const scavenges = scavengesOf(run.stdout);
    const mb = (bytes: number) => Math.round(bytes / 1e4) / 100;
    const perScavenge = (key: keyof Scavenge) => mb(scavenges.reduce((sum, s) => sum + s[key], 0) / Math.max(1, scavenges.length));
    process.stdout.write(
      `${JSON.stringify({ ...JSON.parse(scan[1]), pending, scavenges: scavenges.length, allocatedMB: perScavenge('allocated'), survivedMB: perScavenge('survived'), promotedMB: perScavenge('promoted'), pausesMs: Math.round(scavenges.reduce((sum, s) => sum + s.pause, 0)), load: os.loadavg()[0] }, null, 1)}\n`,
    );
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main();
