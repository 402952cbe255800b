import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateWorkspace } from '../cases/workspaceScale';
import { WorkspaceSession } from '../../core/workspace/session';
import { PendingState } from '../../core/pending/pendingState';
import { RecordedFile } from '../../core/workspace/recordedFile';
import type { DocumentModel } from '../../core/model/facts';

/**
 * Where a scanned workspace's heap goes, in process (issue 41): `node --expose-gc --import tsx
 * bench/adhoc/scanHeap.ts [FOLDERS]` generates FOLDERS × 100 files (default 200: the 20,002 of
 * bench case workspaceScale), scans them into a session with a pending state, as the language
 * server does, and prints JSON: the heap the session holds after a full collection, the peak
 * resident memory, the scan's CPU time, then what each part frees when dropped in turn — the
 * closed files' facts listed by kind (`byKindMB`), their facts (`factsMB`; of the files that keep
 * their facts, not only their mentions), their texts and line indexes (`textsMB`), and the records the
 * others keep instead (`recordsMB`: mentions, derivations, what their text was).
 */
async function main(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('Run with node --expose-gc (the heap is measured after full collections).');
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const folders = Number(process.argv[2] ?? 200);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-scan-heap-'));
  try {
    const ws = generateWorkspace(workDir, 20261122, folders);
    const base = heap();
    const session = new WorkspaceSession();
    new PendingState(session);
    const cpu = process.cpuUsage();
    await session.scan([ws.root]);
    const used = process.cpuUsage(cpu);
    let last = heap();
    const recorded = session.all().filter((document) => document instanceof RecordedFile).length;
    const out: Record<string, number> = { files: session.all().length, keepingMentionsOnly: recorded, heapMB: mb(last - base), peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024), scanCpuMs: Math.round((used.user + used.system) / 1000) };
    const drop = (name: string, change: (document: { model: DocumentModel; text: string; lineIndex: unknown }) => void) => {
      for (const document of session.all()) if ((name === 'recordsMB') === document instanceof RecordedFile) change(document as unknown as { model: DocumentModel; text: string; lineIndex: unknown });
      const now = heap();
      out[name] = mb(last - now);
      last = now;
    };
    // A new model object drops what is kept per model (the facts by kind); an empty list, the facts.
    drop('byKindMB', (document) => (document.model = { ...document.model }));
    drop('factsMB', (document) => (document.model = { ...document.model, facts: [] }));
    drop('textsMB', (document) => {
      document.text = '';
      document.lineIndex = undefined;
    });
    // The records closed files keep instead (core/workspace/recordedFile.ts): their mentions and derivations.
    drop('recordsMB', (document) => Object.assign(document, { mentions: { urns: [], rows: [] }, derived: {}, seen: undefined }));
    process.stdout.write(`${JSON.stringify({ ...out, load: os.loadavg()[0] })}\n`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

function mb(bytes: number): number {
  return Math.round(bytes / 1e4) / 100;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
