import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../../support/generate/metadataFiles';
import { seededRandom } from '../../../support/random';
import { WorkspaceSession } from '../../../core/workspace/session';
import { PendingState } from '../../../core/pending/pendingState';
import { RecordedFile } from '../../../core/workspace/recordedFile';
import { decodeRecords, encodeRecords, type CachedRecord, type RecordCacheKey } from '../../../core/workspace/recordCache';
import type { RecordStore } from '../../../core/workspace/closedRecords';
import { workspaceSymbols } from '../../../core/features/workspaceSymbols';
import { workspaceEntities } from '../../../core/features/workspaceUrns';
import { workspaceSchemas } from '../../../core/sql/workspaceSchemas';
import type { SessionDocument } from '../../../core/workspace/sessionTypes';

const KEY: RecordCacheKey = { build: 'test-build', associations: '{}', derivations: ['created'] };

/** A store that keeps the cache's text in memory, as server/scanRecords.ts keeps it in a file. */
class MemoryStore implements RecordStore {
  text: string | undefined;
  saves: { restored: number; total: number; unchanged: boolean }[] = [];
  load(_folders: readonly string[], key: Omit<RecordCacheKey, 'build'>): ReadonlyMap<string, CachedRecord> | undefined {
    if (this.text === undefined) return undefined;
    const decoded = decodeRecords(this.text, { ...key, build: KEY.build });
    return 'refused' in decoded ? undefined : decoded.records;
  }
  save(_folders: readonly string[], key: Omit<RecordCacheKey, 'build'>, files: () => readonly RecordedFile[], scan: { restored: number; total: number; unchanged: boolean }): void {
    this.saves.push(scan);
    if (!scan.unchanged) this.text = [...encodeRecords({ ...key, build: KEY.build }, files())].join('');
  }
}

/** A cache's text taken apart (./recordCache.ts encodeRecords: a header line, lines of entries, a line with the table of strings). */
function cacheParts(text: string): { header: Record<string, unknown>; files: unknown[][]; strings: string[] } {
  const lines = text.trimEnd().split('\n');
  const header = JSON.parse(lines[0]) as Record<string, unknown>;
  const { strings } = JSON.parse(lines[lines.length - 1]) as { strings: string[] };
  return { header, files: lines.slice(1, -1).flatMap((line) => JSON.parse(line) as unknown[][]), strings };
}

/** A cache's text put together again, its entries in parts of three. */
function cacheText(parts: { header: Record<string, unknown>; files: unknown[][]; strings: string[] }): string {
  const lines = [JSON.stringify(parts.header)];
  for (let i = 0; i < parts.files.length; i += 3) lines.push(JSON.stringify(parts.files.slice(i, i + 3)));
  lines.push(JSON.stringify({ strings: parts.strings }));
  return `${lines.join('\n')}\n`;
}

function workspace(): { root: string; uri: (name: string) => string } {
  const root = mkdtempSync(join(tmpdir(), 'catalog-records-'));
  const random = seededRandom(20261207);
  for (let i = 0; i < 6; i++) writeFileSync(join(root, `d${i}.datasets.yaml`), datasetYaml(10, random).text);
  for (let i = 0; i < 6; i++) writeFileSync(join(root, `l${i}.lineage.yml`), lineageFile(10, random).text);
  writeFileSync(join(root, 'props.properties.yaml'), PROPERTIES_YAML);
  // Whole seconds, so a test can put a file's time back exactly (utimes takes no nanoseconds).
  const time = new Date('2026-12-01T12:00:00Z');
  for (const name of readdirSync(root)) utimesSync(join(root, name), time, time);
  return { root, uri: (name) => pathToFileURL(join(root, name)).toString() };
}

function sorted(documents: SessionDocument[]): SessionDocument[] {
  return [...documents].sort((a, b) => (a.uri < b.uri ? -1 : 1));
}

async function scanned(root: string, store: RecordStore): Promise<{ session: WorkspaceSession; pending: PendingState }> {
  const session = new WorkspaceSession({ records: store });
  const pending = new PendingState(session);
  await session.scan([root]);
  return { session, pending };
}

/** What a restarted session answers across the workspace, compared with a session that read every file. */
function answers(session: WorkspaceSession, pending: PendingState): unknown {
  const all = sorted(session.all());
  return {
    symbols: ['', 'table', 'tier'].map((query) => workspaceSymbols(all, query)),
    entities: workspaceEntities(all),
    schemas: workspaceSchemas(all, 'hive'),
    created: pending.entities.index(),
    lineage: pending.lineageIntent(),
    diagnostics: all.map((document) => session.diagnosticsOf(document.uri)),
  };
}

test('a restarted session keeps unchanged files from their records, unread, and answers as one that read every file', async () => {
  const { root, uri } = workspace();
  try {
    const store = new MemoryStore();
    const first = await scanned(root, store);
    assert.ok(store.text, 'the records were kept');
    assert.deepEqual(store.saves[0], { restored: 0, total: 12, unchanged: false });

    const again = await scanned(root, store);
    assert.deepEqual(store.saves[1], { restored: 12, total: 12, unchanged: true }, 'every closed file restored, nothing written again');
    const restored = again.session.get(uri('d0.datasets.yaml'));
    assert.ok(restored instanceof RecordedFile && restored.holding() === undefined);
    assert.deepEqual(answers(again.session, again.pending), answers(first.session, first.pending));

    // A file edited (another size) is parsed; one touched back to the same time and size but different is caught when its text is read.
    writeFileSync(join(root, 'd1.datasets.yaml'), `${readFileSync(join(root, 'd1.datasets.yaml'), 'utf8')}- id: added_table\n  platform: hive\n`);
    const l2 = join(root, 'l2.lineage.yml');
    const before = statSync(l2);
    writeFileSync(l2, readFileSync(l2, 'utf8').replace(/table_0/g, 'table_9'));
    utimesSync(l2, before.atime, before.mtime);
    const third = await scanned(root, store);
    assert.deepEqual(store.saves[2], { restored: 11, total: 12, unchanged: false });
    assert.ok(workspaceSymbols(third.session.all(), 'added_table').length > 0, 'the edited file was parsed');
    const stale = third.session.get(uri('l2.lineage.yml'));
    assert.ok(stale instanceof RecordedFile);
    assert.equal(stale.text, readFileSync(l2, 'utf8'), 'a closed file\'s text is the disk\'s');
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    assert.notEqual(third.session.get(uri('l2.lineage.yml')), stale, 'the file whose text was not its record\'s was read again');
    const fresh = await scanned(root, new MemoryStore());
    assert.deepEqual(answers(third.session, third.pending), answers(fresh.session, fresh.pending));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a restart answers from the records at once, then looks at the disk: a file deleted, edited or only touched meanwhile', async () => {
  const { root, uri } = workspace();
  try {
    const store = new MemoryStore();
    await scanned(root, store);
    writeFileSync(join(root, 'd1.datasets.yaml'), `${readFileSync(join(root, 'd1.datasets.yaml'), 'utf8')}- id: added_table\n  platform: hive\n`);
    const touched = join(root, 'd2.datasets.yaml');
    utimesSync(touched, new Date('2026-12-02T12:00:00Z'), new Date('2026-12-02T12:00:00Z'));

    const session = new WorkspaceSession({ records: store });
    const pending = new PendingState(session);
    const changes: { uri: string; complete: boolean }[] = [];
    session.onDocumentChanged((changed) => {
      // A file deleted once the walk has found it: its record is kept, then found gone.
      if (changes.length === 0) rmSync(join(root, 'l0.lineage.yml'));
      changes.push({ uri: changed, complete: session.readOnce && session.scanProgress() === undefined });
    });
    const scanning = session.scan([root]);
    await scanning;
    // The files kept from their records were looked at once the answers were complete.
    const last = (name: string) => changes.filter((change) => change.uri === uri(name)).at(-1);
    assert.deepEqual([last('l0.lineage.yml'), last('d1.datasets.yaml')], [{ uri: uri('l0.lineage.yml'), complete: true }, { uri: uri('d1.datasets.yaml'), complete: true }]);
    assert.equal(changes.filter((change) => change.uri === uri('l0.lineage.yml')).length, 2, 'restored, then dropped');
    assert.equal(session.get(uri('l0.lineage.yml')), undefined, 'the deleted file is dropped');
    assert.ok(workspaceSymbols(session.all(), 'added_table').length > 0, 'the edited file was read again');
    const kept = session.get(uri('d2.datasets.yaml'));
    assert.ok(kept instanceof RecordedFile && kept.holding() === undefined, 'the touched file keeps its record, unparsed');
    assert.equal(kept.seen.stamp.mtimeMs, statSync(touched).mtimeMs, 'with its new time');
    assert.deepEqual(store.saves[1], { restored: 10, total: 11, unchanged: false });
    const fresh = await scanned(root, new MemoryStore());
    assert.deepEqual(answers(session, pending), answers(fresh.session, fresh.pending));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a damaged or hostile records cache gives no record that could break an answer', async () => {
  const { root } = workspace();
  try {
    const store = new MemoryStore();
    await scanned(root, store);
    const good = cacheParts(store.text as string);
    const refused = (text: string, key = KEY) => 'refused' in decodeRecords(text, key);
    assert.ok(refused('{"kind":'), 'cut short');
    assert.ok(refused((store.text as string).slice(0, -40)), 'its table cut short');
    assert.ok(refused('[]'), 'not an object');
    const older = decodeRecords(JSON.stringify({ ...good.header, version: 2, files: good.files, strings: good.strings }), KEY);
    assert.deepEqual(older, { refused: 'another version of Catalog Code wrote it' }, "a cache in version 2's form, one JSON object");
    assert.ok(refused('[]\n[]\n[]\n'), 'lines, not a cache');
    assert.ok(refused(cacheText({ ...good, header: { ...good.header, kind: 'other' } })));
    assert.ok(refused(cacheText({ ...good, header: { ...good.header, version: 2 } })), 'an older version');
    assert.ok(refused(store.text as string, { ...KEY, build: 'another' }), 'another build');
    assert.ok(refused(store.text as string, { ...KEY, associations: '{"*.yml":"lineageFile"}' }), 'other associations');
    assert.ok(refused(store.text as string, { ...KEY, derivations: [] }), 'other indexes');
    assert.ok(refused(cacheText({ ...good, strings: [1, 2] as unknown as string[] })), 'a table of strings that holds numbers');
    const whole = decodeRecords(store.text as string, KEY);
    const again = decodeRecords(cacheText(good), KEY);
    assert.ok(!('refused' in whole) && !('refused' in again) && whole.records.size === good.files.length && whole.records.size > 3);
    const plain = (records: Map<string, CachedRecord>) => [...records].map(([uri, { seen, record }]) => ({ uri, seen, format: record.format, urns: record.mentions.urns, rows: [...record.mentions.rows], derived: record.derived }));
    assert.deepEqual(plain(again.records), plain(whole.records), 'the same entries in more parts decode the same');
    const lines = (store.text as string).split('\n');
    assert.ok(refused([...lines.slice(0, 1), '[[1,', ...lines.slice(1)].join('\n')), 'a part that is not JSON');
    assert.ok(refused([...lines.slice(0, 1), '{"files":[]}', ...lines.slice(1)].join('\n')), 'a part that is not a list');

    const entry = good.files[0];
    const bad: unknown[][] = [
      entry.slice(0, 8),
      ['https://example.com/x.yml', ...entry.slice(1)],
      [entry[0], -1, ...entry.slice(2)],
      [...entry.slice(0, 5), 99, ...entry.slice(6)],
      [...entry.slice(0, 6), [good.strings.length], ...entry.slice(7)],
      [...entry.slice(0, 7), [999, 0, 1], entry[8]],
      [...entry.slice(0, 7), [7, 0, 1], entry[8]],
      [...entry.slice(0, 7), (entry[7] as number[]).map((value, i) => (i % 3 === 2 ? (entry[1] as number) + 1 : value)), entry[8]],
      [...entry.slice(0, 8), {}],
      [...entry.slice(0, 8), JSON.parse('{"__proto__":[0]}')],
    ];
    const decoded = decodeRecords(cacheText({ ...good, files: [...bad, entry] }), KEY);
    assert.ok(!('refused' in decoded));
    assert.equal(decoded.records.size, 1, 'only the sound entry is believed');
    assert.equal(decoded.skipped, bad.length);
    assert.equal(({} as Record<string, unknown>).created, undefined, 'nothing reached Object.prototype');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
