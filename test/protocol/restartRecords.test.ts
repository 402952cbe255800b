import { after, before, describe, it } from 'node:test';
import { execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, Location, SymbolInformation, WorkspaceDiagnosticReport } from 'vscode-languageserver-protocol';
import { seededRandom } from '../../support/random';
import { PROPERTIES_YAML, datasetYaml, lineageFile } from '../../support/generate/metadataFiles';
import { TestClient } from './lspClient';

/**
 * The restart cache (issue 41) through the real server over stdio: a server started again in a
 * workspace it read before keeps each unchanged closed file from the records the last run wrote
 * (server/scanRecords.ts), and answers exactly as a server that read every file; an edited file is
 * read again; a damaged or hostile cache is said in the log and not used; a small workspace gets no
 * cache. One server start per step, each shut down as an editor does (shutdown, then exit).
 */

const SEED = 41_041;
const DATASET_FILES = 20;
const LINEAGE_FILES = 19;
/** the files of the workspace: the properties file, the dataset files and the lineage files */
const FILES = 1 + DATASET_FILES + LINEAGE_FILES;
/** the closed files kept as records: all but the properties file (a definitions file is kept whole, read at every start) */
const RECORDED = DATASET_FILES + LINEAGE_FILES;
/** a dataset file with deliberate errors (of the seed's), its first dataset named in other files too */
const OPENED = 'datasets_03.yaml';
const EDITED = 'datasets_07.yaml';
/** a dataset file changed behind the records' back: the same size and time, another text */
const SAME_STAMP = 'datasets_09.yaml';
/** every file's modification time, a whole second (set again exactly after a change that keeps the size) */
const FILE_TIME = Math.floor(Date.now() / 1000) - 3600;
const SCAN_LINE = `Read ${FILES} YAML/JSON file(s) of the workspace.`;

/** The generated workspace, the same bytes every run. */
function workspaceFiles(): Map<string, string> {
  const random = seededRandom(SEED);
  const files = new Map<string, string>([['properties.yaml', PROPERTIES_YAML]]);
  for (let i = 0; i < DATASET_FILES; i++) files.set(`datasets_${String(i).padStart(2, '0')}.yaml`, datasetYaml(24, random).text);
  for (let i = 0; i < LINEAGE_FILES; i++) files.set(`lineage_${String(i).padStart(2, '0')}.yaml`, lineageFile(24, random).text);
  return files;
}

/** What the server answers about the workspace: everything that reads the closed files' records. */
interface Answers {
  symbols: Record<string, string[]>;
  diagnostics: string[];
  workspaceDiagnostics: string[];
  datasetReferences: string[];
  propertyReferences: string[];
}

/** How many files a cache records (core/workspace/recordCache.ts: a header line, lines of entries, a line with the table of strings). */
const cachedEntries = (file: string): number =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .slice(1, -1)
    .reduce((sum, line) => sum + (JSON.parse(line) as unknown[]).length, 0);
const sorted = (items: readonly unknown[]): string[] => items.map((item) => JSON.stringify(item)).sort();
const SYMBOL_QUERIES = ['', 'table_000001', 'tier'];

async function answersOf(client: TestClient, workspace: string): Promise<Answers> {
  const uri = pathToFileURL(join(workspace, OPENED)).toString();
  const symbols: Record<string, string[]> = {};
  for (const query of SYMBOL_QUERIES) symbols[query] = sorted((await client.connection.sendRequest('workspace/symbol', { query })) as SymbolInformation[]);
  const references = async (line: number, character: number) =>
    sorted((await client.connection.sendRequest('textDocument/references', { textDocument: { uri }, position: { line, character }, context: { includeDeclaration: true } })) as Location[]);
  const workspaceReport = (await client.connection.sendRequest('workspace/diagnostic', { previousResultIds: [] })) as WorkspaceDiagnosticReport;
  return {
    symbols,
    diagnostics: sorted(await client.pullDiagnostics(uri)),
    // the closed files' problems (result ids are the run's own)
    workspaceDiagnostics: sorted(workspaceReport.items.map((report) => ({ uri: report.uri, kind: report.kind, items: report.kind === 'full' ? report.items.map((d: Diagnostic) => d) : [] }))),
    // line 1 `- id: warehouse.table_000000`: the dataset; line 6 `    io.bench.tier: …`: the property every dataset file uses
    datasetReferences: await references(1, 8),
    propertyReferences: await references(6, 8),
  };
}

/**
 * One server start in `root` with its storage path: `body`'s answer, then the server shut down as an
 * editor closes it (`shutdown` answered — the records are written by then —, `exit`, the process
 * gone). When `body` fails, the server is stopped the test client's way (killed if it does not exit).
 */
async function withServer<T>(root: string, storagePath: string, env: Record<string, string | undefined>, body: (client: TestClient) => Promise<T>): Promise<T> {
  const { client } = await TestClient.start({ rootPath: root, pull: true, env, initializationOptions: { storagePath, refreshIntervalSeconds: 0 } });
  let answer: T;
  try {
    answer = await body(client);
  } catch (error) {
    await client.stop();
    throw error;
  }
  const exited = new Promise<void>((resolve) => (client.child.exitCode !== null ? resolve() : client.child.once('exit', () => resolve())));
  await client.connection.sendRequest('shutdown');
  await client.connection.sendNotification('exit');
  await exited;
  client.connection.dispose();
  rmSync(client.cache, { recursive: true, force: true });
  return answer;
}

describe('the restart cache: the records of the last run, over the real server (issue 41)', () => {
  let workspace: string;
  let storage: string;
  let records: string;
  let files: Map<string, string>;
  let first: Answers;

  /** One server start in the workspace: its answers once the scan is read, and its log up to its shutdown (the records are written then). */
  const run = () =>
    withServer(workspace, storage, { CATALOG_RECORDS_MIN_FILES: '1' }, async (client) => {
      await client.waitFor('the scan log line', () => client.logs.includes(SCAN_LINE));
      await client.open(pathToFileURL(join(workspace, OPENED)).toString(), files.get(OPENED) as string);
      const answers = await answersOf(client, workspace);
      // Closed again, so every file of the workspace is a closed one when the records are written.
      await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: pathToFileURL(join(workspace, OPENED)).toString() } });
      return { answers, logs: client.logs };
    });

  const cacheFiles = () => (existsSync(records) ? readdirSync(records) : []);
  const cacheFile = () => {
    const names = cacheFiles();
    assert.equal(names.length, 1, `one cache file in ${records}: ${names.join(', ')}`);
    return join(records, names[0]);
  };
  const keptLine = (kept: number) => `Workspace read: ${kept} of ${RECORDED} closed file(s) kept from the records of the last run (unchanged), the others parsed.`;
  const notUsed = (logs: readonly string[]) => logs.find((line) => line.startsWith('The records of the last run ('));

  before(() => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-code-restart-'));
    storage = mkdtempSync(join(tmpdir(), 'catalog-code-restart-storage-'));
    records = join(storage, 'workspace-records');
    files = workspaceFiles();
    for (const [name, text] of files) {
      writeFileSync(join(workspace, name), text);
      utimesSync(join(workspace, name), FILE_TIME, FILE_TIME);
    }
  });

  after(() => {
    rmSync(workspace, { recursive: true, force: true });
    rmSync(storage, { recursive: true, force: true });
  });

  it('1. a first run reads every file and writes the records at shutdown: one file, mode 0600', async () => {
    const { answers, logs } = await run();
    first = answers;
    assert.equal(logs.some((line) => line.startsWith('Workspace read:')), false, 'nothing kept: there were no records');
    assert.equal(notUsed(logs), undefined);
    // The answers are worth comparing: they reach across the closed files.
    assert.ok(first.symbols[''].length > DATASET_FILES, 'the workspace symbols of every file');
    assert.ok(first.symbols.tier.length > 0 && first.symbols.table_000001.length > 0);
    assert.ok(new Set(first.propertyReferences.map((l) => (JSON.parse(l) as Location).uri)).size > DATASET_FILES / 2, 'the property is used in the dataset files');
    assert.ok(new Set(first.datasetReferences.map((l) => (JSON.parse(l) as Location).uri)).size >= 2, 'the dataset is named in another file too');
    assert.ok(first.diagnostics.length > 0, 'the opened file has problems');
    assert.ok(first.workspaceDiagnostics.length >= FILES - 1, 'a report for each closed file');
    assert.ok(first.workspaceDiagnostics.some((report) => (JSON.parse(report) as { items: unknown[] }).items.length > 0), 'problems in closed files');
    const file = cacheFile();
    assert.match(file, /[0-9a-f]{32}\.json$/);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(statSync(records).mode & 0o777, 0o700);
    assert.equal(cachedEntries(file), RECORDED);
  });

  it('2. a restart keeps every closed file from the records, answers the same, and writes nothing again', async () => {
    const before = statSync(cacheFile());
    const { answers, logs } = await run();
    assert.ok(logs.includes(keptLine(RECORDED)), `the log says every file was kept:\n${logs.join('\n')}`);
    assert.equal(notUsed(logs), undefined);
    assert.deepEqual(answers, first);
    const after = statSync(cacheFile());
    assert.deepEqual([after.mtimeMs, after.size, after.ino], [before.mtimeMs, before.size, before.ino], 'the records were all unchanged: not written again');
  });

  it('3. a file edited on disk between runs is read again, its edit in the answers; the others are kept', async () => {
    const edited = `${files.get(EDITED)}- id: warehouse.restart_edited\n  platform: hive\n`;
    writeFileSync(join(workspace, EDITED), edited);
    try {
      const { answers, logs } = await run();
      assert.ok(logs.includes(keptLine(RECORDED - 1)), `the log says all but the edited file were kept:\n${logs.join('\n')}`);
      const symbols = answers.symbols[''].map((s) => JSON.parse(s) as SymbolInformation);
      assert.ok(
        symbols.some((s) => s.name === 'warehouse.restart_edited' && s.location.uri === pathToFileURL(join(workspace, EDITED)).toString()),
        'the dataset added on disk is a workspace symbol',
      );
      assert.deepEqual(answers.propertyReferences, first.propertyReferences);
    } finally {
      writeFileSync(join(workspace, EDITED), files.get(EDITED) as string);
    }
    // The run after: the restored file is read (its size changed back), every other one kept; the answers are the first run's.
    const { answers, logs } = await run();
    assert.ok(logs.includes(keptLine(RECORDED - 1)), `the log says all but the restored file were kept:\n${logs.join('\n')}`);
    assert.deepEqual(answers, first);
  });

  it('3b. a file touched (a new time, the same text) is read and kept from its record; one changed with its size and time kept is answered as it is once read', async () => {
    utimesSync(join(workspace, 'lineage_03.yaml'), FILE_TIME + 60, FILE_TIME + 60);
    const path = join(workspace, SAME_STAMP);
    const original = files.get(SAME_STAMP) as string;
    const changed = original.replace('warehouse.table_000000', 'warehouse.table_999999');
    assert.equal(changed.length, original.length);
    writeFileSync(path, changed);
    utimesSync(path, FILE_TIME, FILE_TIME);
    try {
      await withServer(workspace, storage, { CATALOG_RECORDS_MIN_FILES: '1' }, async (client) => {
        await client.waitFor('the scan log line', () => client.logs.includes(SCAN_LINE));
        // Neither can be told from its size and time: both are kept (the touched one after reading it).
        assert.ok(client.logs.includes(keptLine(RECORDED)), `the log says every file was kept:\n${client.logs.join('\n')}`);
        // The workspace's problems read every closed file: the changed text is not the record's, and the file is read again.
        await client.connection.sendRequest('workspace/diagnostic', { previousResultIds: [] });
        const found = await client.poll(
          'the changed dataset among the workspace symbols',
          async () => (await client.connection.sendRequest('workspace/symbol', { query: 'table_999999' })) as SymbolInformation[],
          (symbols) => symbols.length > 0,
        );
        assert.deepEqual(found.filter((s) => s.kind === 5 /* Class: a dataset */).map((s) => [s.name, s.location.uri]), [['warehouse.table_999999', pathToFileURL(path).toString()]]);
        const old = (await client.connection.sendRequest('workspace/symbol', { query: 'table_000000' })) as SymbolInformation[];
        assert.equal(old.some((s) => s.name === 'warehouse.table_000000' && s.location.uri === pathToFileURL(path).toString()), false, 'the name the record held is gone');
      });
    } finally {
      writeFileSync(path, original);
      utimesSync(path, FILE_TIME, FILE_TIME);
    }
  });

  /** A restart with the cache as `plant` leaves it: every file read, the log naming `reason`, the answers the first run's. */
  async function refused(plant: (file: string) => void, reason: RegExp): Promise<string[]> {
    const file = cacheFile();
    plant(file);
    const { answers, logs } = await run();
    const line = notUsed(logs);
    assert.ok(line, `the log says the records were not used:\n${logs.join('\n')}`);
    assert.ok(line.includes(file), 'the log names the cache file');
    assert.match(line, reason);
    assert.match(line, /Every file is read/);
    assert.equal(logs.some((l) => l.startsWith('Workspace read:')), false, 'nothing kept from it');
    assert.deepEqual(answers, first);
    // Written anew at shutdown: the next start keeps every file again.
    assert.equal(lstatSync(file).isFile(), true);
    assert.equal(cachedEntries(file), RECORDED);
    return logs;
  }

  it('4a. a cache of garbage bytes is refused as not valid JSON', async () => {
    await refused((file) => writeFileSync(file, Buffer.from([0x7b, 0x22, 0xff, 0x00, 0xfe, 0x5b, 0x0a, 0x80])), /it is not valid JSON/);
  });

  it('4b. valid JSON of another kind is refused as no records cache', async () => {
    await refused((file) => writeFileSync(file, JSON.stringify({ kind: 'something-else', files: [['file:///etc/passwd', 1, 'x', 1, 1, 0, [], [], {}]], strings: [] })), /it is not a Catalog Code records cache/);
  });

  it('4c. entries with rows past the text or string indexes out of range are left out, the others kept', async () => {
    const file = cacheFile();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const parts = lines.slice(1, -1).map((line) => JSON.parse(line) as unknown[][]);
    const cache = { files: parts.flat(), strings: (JSON.parse(lines[lines.length - 1]) as { strings: string[] }).strings };
    // files[0]: a URN at an index past the table of strings; the next entry with mentions: a row ending past its text.
    assert.ok((cache.files[0][6] as number[]).length > 0, 'the first entry has mentions');
    (cache.files[0][6] as number[])[0] = cache.strings.length + 5;
    const pastText = cache.files.findIndex((entry, i) => i > 0 && (entry[7] as number[]).length > 0);
    assert.ok(pastText > 0, 'another entry with mention rows');
    (cache.files[pastText][7] as number[])[2] = (cache.files[pastText][1] as number) + 1000;
    // The entries changed in place: their parts written back between the header and the table.
    writeFileSync(file, `${[lines[0], ...parts.map((part) => JSON.stringify(part)), lines[lines.length - 1]].join('\n')}\n`);
    const { answers, logs } = await run();
    assert.ok(logs.some((line) => line === `2 record(s) in ${file} were damaged and left out: those files are read.`), `the log says two records were left out:\n${logs.join('\n')}`);
    assert.ok(logs.includes(keptLine(RECORDED - 2)), `the log says the others were kept:\n${logs.join('\n')}`);
    assert.deepEqual(answers, first);
  });

  it('4d. a cache that is a symbolic link is refused, even to a valid cache; the file it points to is left untouched', async () => {
    const target = join(storage, 'elsewhere.json');
    const valid = readFileSync(cacheFile());
    writeFileSync(target, valid);
    await refused((file) => {
      unlinkSync(file);
      symlinkSync(target, file);
    }, /it could not be opened \(it is a symbolic link\)/);
    assert.deepEqual(readFileSync(target), valid, 'the link was replaced, not written through');
  });

  it('4e. a cache that is a named pipe is refused at once, not waited on', async () => {
    await refused((file) => {
      unlinkSync(file);
      execFileSync('mkfifo', [file]);
    }, /it is not a regular file/);
  });

  it('4f. at most 8 workspaces\' records are kept, the oldest removed; a link or folder planted under a cache\'s name is left alone', async () => {
    const file = cacheFile();
    writeFileSync(file, 'not the records');
    const others = Array.from({ length: 8 }, (_, i) => join(records, `${String(i).repeat(32)}.json`));
    others.forEach((other, i) => {
      writeFileSync(other, '{}');
      utimesSync(other, FILE_TIME + i, FILE_TIME + i);
    });
    const link = join(records, `${'a'.repeat(32)}.json`);
    const folder = join(records, `${'b'.repeat(32)}.json`);
    symlinkSync(join(storage, 'nowhere.json'), link);
    mkdirSync(folder);
    try {
      const { logs } = await run();
      assert.equal(logs.some((line) => line.startsWith('Could not keep')), false, `the records were kept:\n${logs.join('\n')}`);
      assert.equal(cachedEntries(file), RECORDED);
      assert.deepEqual(others.map((other) => existsSync(other)), [false, ...others.slice(1).map(() => true)], 'the least recently written other cache removed');
      assert.equal(lstatSync(link).isSymbolicLink(), true);
      assert.equal(lstatSync(folder).isDirectory(), true);
    } finally {
      for (const other of [link, folder, ...others]) rmSync(other, { recursive: true, force: true });
    }
  });

  it('5. a workspace of fewer closed files than the least kept (1,000 by default) gets no records', async () => {
    const small = mkdtempSync(join(tmpdir(), 'catalog-code-restart-small-'));
    const smallStorage = mkdtempSync(join(tmpdir(), 'catalog-code-restart-small-storage-'));
    try {
      for (const [name, text] of [...files].slice(0, 3)) writeFileSync(join(small, name), text);
      for (let i = 0; i < 2; i++) {
        await withServer(small, smallStorage, { CATALOG_RECORDS_MIN_FILES: undefined, CATALOG_RECORDS_SAVE_MS: undefined }, async (client) => {
          await client.waitFor('the scan log line', () => client.logs.includes('Read 3 YAML/JSON file(s) of the workspace.'));
          assert.equal(client.logs.some((line) => line.startsWith('Workspace read:')), false);
        });
        assert.equal(existsSync(join(smallStorage, 'workspace-records')), false, 'no records folder');
      }
    } finally {
      rmSync(small, { recursive: true, force: true });
      rmSync(smallStorage, { recursive: true, force: true });
    }
  });

  it('6. CATALOG_RECORDS_SAVE_MS: the records are written that long after the scan, the server still running', async () => {
    const otherStorage = mkdtempSync(join(tmpdir(), 'catalog-code-restart-soon-storage-'));
    try {
      await withServer(workspace, otherStorage, { CATALOG_RECORDS_MIN_FILES: '1', CATALOG_RECORDS_SAVE_MS: '0' }, async (client) => {
        const folder = join(otherStorage, 'workspace-records');
        const written = await client.poll(
          'the records written while the server runs',
          async () => (existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')) : []),
          (names) => names.length === 1 && cachedEntries(join(folder, names[0])) === RECORDED,
        );
        assert.equal(written[0], basename(cacheFile()), 'named by the folders, as in the other storage');
      });
    } finally {
      rmSync(otherStorage, { recursive: true, force: true });
    }
  });
});
