import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InProcessScanReader, type ScanFileRead, type ScanFileReads, type ScanReader, type ScanReadOptions } from '../../../core/workspace/scanReader';
import { WorkspaceSession } from '../../../core/workspace/session';
import { PendingState } from '../../../core/pending/pendingState';
import { workspaceSymbols } from '../../../core/features/workspaceSymbols';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../../support/generate/metadataFiles';
import { seededRandom } from '../../../support/random';
import { PENDING_RECORD_MAKERS } from '../../../core/pending/recordMakers';
import { RecordedFile } from '../../../core/workspace/recordedFile';

/**
 * A reader as worker threads are one (server/workerScanReader.ts): a read comes back at once or
 * later, after other work has run; `between` runs before each read is handed back.
 */
class LateReader implements ScanReader {
  constructor(
    private readonly random: ReturnType<typeof seededRandom>,
    private readonly between: (read: ScanFileRead) => void = () => undefined,
    readonly makesRecords = false,
  ) {}

  read(paths: readonly string[], options: ScanReadOptions): ScanFileReads {
    const reads = new InProcessScanReader(this.makesRecords ? PENDING_RECORD_MAKERS : undefined).read(paths, options);
    return {
      take: () => {
        const read = reads.take() as ScanFileRead | undefined;
        if (read === undefined || this.random.int(3) === 0) {
          if (read) this.between(read);
          return read;
        }
        return new Promise((resolve) =>
          setTimeout(() => {
            this.between(read);
            resolve(read);
          }, 0),
        );
      },
      close: () => reads.close(),
    };
  }

  close(): void {}
}

function workspace(): string {
  const root = mkdtempSync(join(tmpdir(), 'catalog-scan-reads-'));
  const random = seededRandom(4131);
  for (let i = 0; i < 40; i++) writeFileSync(join(root, `d${String(i).padStart(2, '0')}.datasets.yaml`), datasetYaml(4, random).text);
  for (let i = 0; i < 30; i++) writeFileSync(join(root, `l${String(i).padStart(2, '0')}.lineage.yml`), lineageFile(4, random).text);
  writeFileSync(join(root, 'props.properties.yaml'), PROPERTIES_YAML);
  return root;
}

function answers(session: WorkspaceSession, pending: PendingState): unknown {
  const all = [...session.all()].sort((a, b) => (a.uri < b.uri ? -1 : 1));
  return { uris: all.map((d) => [d.uri, d.text]), symbols: workspaceSymbols(all, 'table'), created: pending.entities.index(), lineage: pending.lineageIntent(), diagnostics: all.map((d) => session.diagnosticsOf(d.uri)) };
}

test('a scan whose reader hands files back late, in chunks of any size, stores what a scan reading in process stores', async () => {
  const root = workspace();
  try {
    const fresh = new WorkspaceSession();
    const freshPending = new PendingState(fresh);
    await fresh.scan([root]);
    for (const seed of [1, 2, 3]) {
      // Texts, or (as a worker thread makes them) records with what the pending state collects of each file.
      for (const makesRecords of [false, true]) {
        const late = new WorkspaceSession({ scanReader: () => new LateReader(seededRandom(seed), undefined, makesRecords) });
        const pending = new PendingState(late);
        await late.scan([root]);
        if (makesRecords) assert.ok(late.all().filter((document) => document instanceof RecordedFile).length >= 70, 'the dataset and lineage files are kept as the records made');
        assert.deepEqual(answers(late, pending), answers(fresh, freshPending), `seed ${seed}${makesRecords ? ', records made by the reader' : ''}`);
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a file the editor opens, or the disk changes, while its read (or record) is on the way keeps that newer text', async () => {
  for (const makesRecords of [false, true]) await newerTextWins(makesRecords);
});

async function newerTextWins(makesRecords: boolean): Promise<void> {
  const root = workspace();
  try {
    const names = readdirSync(root).sort();
    const opened = pathToFileURL(join(root, names[3])).toString();
    const changed = join(root, names[50]);
    const box: { session?: WorkspaceSession } = {};
    const reader = new LateReader(seededRandom(4), (read) => {
      // Before the chunk holding the file comes back: the editor opens one, another is written anew.
      if (read.path === join(root, names[3])) box.session?.updateOpenDocument(opened, '- id: opened_in_editor\n  platform: hive\n', 1);
      if (read.path === changed) {
        writeFileSync(changed, '- id: written_meanwhile\n  platform: hive\n');
        void box.session?.fileChanged(pathToFileURL(changed).toString(), false);
      }
    }, makesRecords);
    const session = new WorkspaceSession({ scanReader: () => reader });
    box.session = session;
    await session.scan([root]);
    assert.equal(session.get(opened)?.text, '- id: opened_in_editor\n  platform: hive\n');
    assert.equal(session.get(pathToFileURL(changed).toString())?.text, '- id: written_meanwhile\n  platform: hive\n');
    assert.ok(workspaceSymbols(session.all(), 'written_meanwhile').length > 0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
