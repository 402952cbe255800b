import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InProcessScanReader, allReads, type ScanFileRead, type ScanReader, type ScanReadOptions } from '../../core/workspace/scanReader';
import { MIN_FILES_FOR_WORKERS, WorkerScanReader, scanWorkerPlan } from '../../server/workerScanReader';
import { WorkspaceSession } from '../../core/workspace/session';
import { PendingState } from '../../core/pending/pendingState';
import { workspaceSymbols } from '../../core/features/workspaceSymbols';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { seededRandom } from '../../support/random';
import { PENDING_RECORD_MAKERS } from '../../core/pending/recordMakers';

// Issue 41: the language server reads a scan's files on a worker thread (dist/scanReadWorker.js,
// built by the test runner) while its own thread parses; what it reads is what the scan reads in
// process, and a worker that cannot start or stops midway loses no file.

const WORKER = join(__dirname, '..', '..', 'dist', 'scanReadWorker.js');

/** A workspace of every kind of file a scan meets: datasets, lineage, definitions, a FIFO, a folder named like a file, one too large. */
function workspace(): { root: string; paths: string[] } {
  const root = mkdtempSync(join(tmpdir(), 'catalog-scan-worker-'));
  const random = seededRandom(4130);
  for (let i = 0; i < 150; i++) writeFileSync(join(root, `d${String(i).padStart(3, '0')}.datasets.yaml`), datasetYaml(4, random).text);
  for (let i = 0; i < 100; i++) writeFileSync(join(root, `l${String(i).padStart(3, '0')}.lineage.yml`), lineageFile(4, random).text);
  writeFileSync(join(root, 'props.properties.yaml'), PROPERTIES_YAML);
  writeFileSync(join(root, 'huge.datasets.yaml'), `- id: big\n  platform: hive\n  description: "${'x'.repeat(11 * 1024 * 1024)}"\n`);
  mkdirSync(join(root, 'folder.yaml'));
  execFileSync('mkfifo', [join(root, 'pipe.yaml')]);
  const paths = readdirSync(root).sort().map((name) => join(root, name));
  return { root, paths: [...paths, join(root, 'gone.yaml')] };
}

function readAll(reader: ScanReader, paths: readonly string[], options: ScanReadOptions): Promise<ScanFileRead[]> {
  return allReads(reader.read(paths, options));
}

const PASSES: ScanReadOptions[] = [
  { sniff: true, textBudget: 24 * 1024 * 1024 },
  { sniff: true, textBudget: 20_000 },
  { sniff: false, textBudget: 0 },
  // The second pass of a reader that makes records: records with the pending state's parts.
  { sniff: false, textBudget: 0, records: { associations: {}, derivations: ['created'], collections: ['lineage'] } },
];

test('workers read what the scan reads in process: texts, times, which may write definitions, the text budget, records, and why a file cannot be read', async () => {
  const { root, paths } = workspace();
  const logs: string[] = [];
  const one = new WorkerScanReader((line) => logs.push(line), { workers: 1, mode: 'read' }, WORKER);
  const two = new WorkerScanReader((line) => logs.push(line), { workers: 2, mode: 'records' }, WORKER);
  try {
    const texts = new Map((await readAll(new InProcessScanReader(), paths, { sniff: false, textBudget: 0 })).map((read) => [read.path, read.text]));
    for (const options of PASSES) {
      const inProcess = await readAll(new InProcessScanReader(PENDING_RECORD_MAKERS), paths, options);
      assert.deepEqual(await readAll(one, paths, options), inProcess, JSON.stringify(options));
      // Two workers share the text budget, each keeping texts up to its own share: past it a text is left to the next pass.
      const shared = await readAll(two, paths, options);
      const withoutTexts = (reads: ScanFileRead[]) => reads.map((read) => (read.definitions === false ? { path: read.path, definitions: false } : read));
      assert.deepEqual(withoutTexts(shared), withoutTexts(inProcess), `two workers, ${JSON.stringify(options)}`);
      for (const read of shared) if (read.text !== undefined) assert.equal(read.text, texts.get(read.path));
      assert.ok(shared.reduce((sum, read) => sum + (read.definitions === false ? (read.text?.length ?? 0) : 0), 0) <= options.textBudget || !options.sniff);
      assert.ok(inProcess.some((read) => read.problem?.includes('FIFO') || read.problem?.includes('pipe')), 'the FIFO is said');
      assert.ok(inProcess.some((read) => read.problem !== undefined && read.path.endsWith('gone.yaml')));
      if (options.records) assert.equal(inProcess.filter((read) => read.record !== undefined).length, 250, 'every dataset and lineage file is made a record');
    }
    assert.deepEqual(logs, []);
  } finally {
    one.close();
    two.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('a worker that cannot start, or stops midway, loses no file: the rest are read in process, and the log says so', async () => {
  const { root, paths } = workspace();
  const options = PASSES[0];
  try {
    const expected = await readAll(new InProcessScanReader(), paths, options);
    // Answers one chunk, then dies.
    const dying = join(root, 'dying-worker.js');
    writeFileSync(dying, `const { parentPort } = require('node:worker_threads');\nlet seen = 0;\nparentPort.on('message', () => { if (++seen === 2) process.exit(3); });\nrequire(${JSON.stringify(WORKER)});\n`);
    for (const script of [join(root, 'missing-worker.js'), dying]) {
      const logs: string[] = [];
      const reader = new WorkerScanReader((line) => logs.push(line), { workers: 2, mode: 'records' }, script);
      try {
        assert.deepEqual(await readAll(reader, paths, options), expected, script);
        assert.equal(logs.length, 1, script);
        assert.match(logs[0], /A worker reading the workspace's files stopped \(.+\); the rest are read on the server's own thread\./);
      } finally {
        reader.close();
      }
    }
    // One core: no worker at all, nothing to say.
    const logs: string[] = [];
    const single = new WorkerScanReader((line) => logs.push(line), { workers: 0, mode: 'read' }, WORKER);
    assert.deepEqual(await readAll(single, paths, options), expected);
    assert.deepEqual(logs, []);
    single.close();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a session scanning through workers (reading, or parsing records) answers as one that read in process', async () => {
  const { root } = workspace();
  try {
    const sessions = [
      new WorkspaceSession({ scanReader: () => new WorkerScanReader(() => undefined, { workers: 2, mode: 'records' }, WORKER) }),
      new WorkspaceSession({ scanReader: () => new WorkerScanReader(() => undefined, { workers: 1, mode: 'read' }, WORKER) }),
      new WorkspaceSession(),
    ];
    const pending = sessions.map((session) => new PendingState(session));
    for (const session of sessions) await session.scan([root]);
    const answers = sessions.map((session, i) => {
      const all = [...session.all()].sort((a, b) => (a.uri < b.uri ? -1 : 1));
      return { uris: all.map((document) => document.uri), symbols: workspaceSymbols(all, 'table'), created: pending[i].entities.index(), lineage: pending[i].lineageIntent(), diagnostics: all.map((document) => session.diagnosticsOf(document.uri)) };
    });
    assert.deepEqual(answers[0], answers[2], 'workers parsing records');
    assert.deepEqual(answers[1], answers[2], 'a worker reading');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('workers start only where they pay: four cores or more, a scan of 2,000 files or more; CATALOG_SCAN_WORKERS chooses for measuring', () => {
  assert.deepEqual(scanWorkerPlan(20_000, 2, ''), { workers: 0, mode: 'read' });
  assert.deepEqual(scanWorkerPlan(20_000, 4, ''), { workers: 3, mode: 'records' });
  assert.deepEqual(scanWorkerPlan(20_000, 16, ''), { workers: 3, mode: 'records' });
  assert.deepEqual(scanWorkerPlan(MIN_FILES_FOR_WORKERS - 1, 16, ''), { workers: 0, mode: 'read' });
  assert.deepEqual(scanWorkerPlan(10, 2, 'records'), { workers: 1, mode: 'records' });
  assert.deepEqual(scanWorkerPlan(10, 2, 'read'), { workers: 1, mode: 'read' });
  assert.deepEqual(scanWorkerPlan(20_000, 16, 'off'), { workers: 0, mode: 'read' });
  assert.deepEqual(scanWorkerPlan(20_000, 1, 'records'), { workers: 0, mode: 'read' });
});
