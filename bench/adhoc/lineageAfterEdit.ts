import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { lineageIntentIndex } from '../../core/pending/lineageIntent';
import { PendingState } from '../../core/pending/pendingState';
import { collectPushIntent } from '../../core/plan/pushIntent';
import { WorkspaceSession } from '../../core/workspace/session';
import { generateWorkspace } from '../cases/workspaceScale';

/**
 * The pending state's lineage after one edit (issues 23 and 27), in one process, outside `npm run
 * bench`: `node --import tsx bench/adhoc/lineageAfterEdit.ts [FOLDERS]` scans the workspaceScale
 * workspace (FOLDERS × 100 files, default 200), asks for the files' lineage once, then edits one
 * lineage file ten times, asking after each; beside it, collecting every file at once (how the
 * pending state answered before it kept lineage per file), twice.
 */
async function main(): Promise<void> {
  const folders = Number(process.argv[2] ?? 200);
  const root = mkdtempSync(path.join(os.tmpdir(), 'catalog-lineage-edit-'));
  try {
    generateWorkspace(root, 20261122, folders);
    const session = new WorkspaceSession();
    const pending = new PendingState(session);
    const files = await session.scan([root]);
    let started = performance.now();
    pending.lineageIntent();
    const firstMs = performance.now() - started;
    const file = path.join(root, 'domain_100', 'file_030.lineage.yml');
    const uri = pathToFileURL(file).toString();
    const text = readFileSync(file, 'utf8');
    const perFile: number[] = [];
    const atOnce: number[] = [];
    for (let version = 1; version <= 10; version++) {
      session.updateOpenDocument(uri, `${text}# edit ${version}\n`, version);
      started = performance.now();
      pending.lineageIntent();
      perFile.push(performance.now() - started);
      if (version > 2) continue;
      started = performance.now();
      lineageIntentIndex(collectPushIntent(session.all().map((document) => document.model), () => []));
      atOnce.push(performance.now() - started);
    }
    perFile.sort((a, b) => a - b);
    process.stdout.write(
      `${files} files; the first lineage request (every file): ${firstMs.toFixed(0)} ms; after one edit: median ${perFile[5].toFixed(1)} ms, max ${perFile[9].toFixed(1)} ms over 10 edits; ` +
        `every file collected at once, as before: ${atOnce.map((ms) => ms.toFixed(0)).join(' and ')} ms; load ${os.loadavg()[0].toFixed(1)}\n`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

void main();
