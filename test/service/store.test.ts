import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openStore, DATABASE_FILE_NAME } from '../../service/store/sqliteStore';
import { DataDirLockedError, LOCK_FILE_NAME } from '../../service/store/dataDirLock';
import { seedCatalog } from '../../service/seed';
import { datasetUrn, tempDir } from './helpers';

const SAMPLE = path.resolve(__dirname, '..', 'fixtures', 'sample-catalog');

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  assert.ok(child.pid);
  return child.pid;
}

describe('SQLite store', () => {
  it('keeps every version of an aspect and applies a batch all or nothing', () => {
    const dir = tempDir('store');
    const store = openStore(dir);
    try {
      const urn = datasetUrn('db.t');
      store.apply([{ urn, aspectName: 'status', value: { removed: false } }]);
      store.apply([{ urn, aspectName: 'status', value: { removed: true } }]);
      assert.equal(store.getAspect(urn, 'status')?.version, 2);
      assert.deepEqual(store.getAspect(urn, 'status')?.value, { removed: true });
      assert.equal(store.isSoftDeleted(urn), true);
      assert.deepEqual(store.history(urn, 'status').map((h) => h.value), [{ removed: false }, { removed: true }]);
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      assert.throws(() =>
        store.apply([
          { urn: datasetUrn('db.new'), aspectName: 'status', value: { removed: false } },
          { urn, aspectName: 'datasetProperties', value: circular },
        ]),
      );
      assert.equal(store.entityExists(datasetUrn('db.new')), false, 'the first write of the failed batch was rolled back');
      store.apply([], [{ urn, aspectName: 'status' }]);
      assert.equal(store.entityExists(urn), false);
      assert.equal(store.history(urn, 'status').length, 3, 'a delete is a version too');
      assert.equal(store.listEntities('dataset').total, 0);
    } finally {
      store.close();
    }
  });

  it('lists entities by type with paging, query and soft-delete filter', () => {
    const dir = tempDir('store');
    const store = openStore(dir);
    try {
      for (const name of ['a', 'b', 'c', 'd']) store.apply([{ urn: datasetUrn(`db.${name}`), aspectName: 'status', value: { removed: name === 'c' } }]);
      assert.deepEqual(store.listEntities('dataset', { start: 1, count: 2 }), { urns: [datasetUrn('db.b'), datasetUrn('db.c')], total: 4 });
      assert.equal(store.listEntities('dataset', { excludeSoftDeleted: true }).total, 3);
      assert.deepEqual(store.listEntities('dataset', { query: 'DB.D' }).urns, [datasetUrn('db.d')]);
      assert.equal(store.listEntities('chart').total, 0);
    } finally {
      store.close();
    }
  });

  it('refuses a second open of the same data directory, naming the pid and the directory', () => {
    const dir = tempDir('lock');
    const store = openStore(dir);
    try {
      assert.throws(
        () => openStore(dir),
        (error: unknown) => error instanceof DataDirLockedError && error.message.includes(String(process.pid)) && error.message.includes(dir),
      );
    } finally {
      store.close();
    }
    openStore(dir).close();
  });

  it("takes over a lock whose process is gone, and only then clears the library's stale lock directory", () => {
    const dir = tempDir('lock');
    openStore(dir).close();
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `${deadPid()}\n`);
    fs.mkdirSync(path.join(dir, `${DATABASE_FILE_NAME}.lock`));
    const store = openStore(dir);
    try {
      assert.equal((JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number }).pid, process.pid);
      store.apply([{ urn: datasetUrn('db.after'), aspectName: 'status', value: { removed: false } }]);
    } finally {
      store.close();
    }
    assert.equal(fs.existsSync(path.join(dir, LOCK_FILE_NAME)), false, 'close releases the lock');
  });
});

describe('lineage index', () => {
  it('follows aspect writes and deletes, counting an edge held by two aspects once', () => {
    const store = openStore(tempDir('lineage'));
    try {
      const a = datasetUrn('a');
      const b = datasetUrn('b');
      const flow = 'urn:li:dataFlow:(airflow,f,prod)';
      const job = `urn:li:dataJob:(${flow},j)`;
      store.apply([
        { urn: b, aspectName: 'upstreamLineage', value: { upstreams: [{ dataset: a, type: 'COPY' }] } },
        { urn: job, aspectName: 'dataJobInputOutput', value: { inputDatasets: [a], outputDatasets: [b] } },
      ]);
      assert.deepEqual([...store.lineage.upstreamsOf(b)].sort(), [a, job].sort());
      assert.deepEqual([...store.lineage.downstreamsOf(job)].sort(), [b, flow].sort(), 'job → outputs and job → its flow');
      assert.equal(store.lineage.edgeCount(), 4);
      store.apply([{ urn: b, aspectName: 'upstreamLineage', value: { upstreams: [] } }]);
      assert.deepEqual(store.lineage.upstreamsOf(b), [job]);
      store.apply([], [{ urn: job, aspectName: 'dataJobInputOutput' }, { urn: job, aspectName: 'dataJobKey' }]);
      assert.deepEqual(store.lineage.upstreamsOf(b), []);
      assert.equal(store.lineage.edgeCount(), 0);
    } finally {
      store.close();
    }
  });

  it('is rebuilt at start; the sample catalog seeds without problems and holds an 8-hop path', async () => {
    const dir = tempDir('sample');
    let store = openStore(dir);
    const report = await seedCatalog(store, [SAMPLE]);
    assert.deepEqual(report.problems, []);
    assert.equal(report.files, 6);
    const edges = store.lineage.edgeCount();
    store.close();
    store = openStore(dir);
    try {
      assert.equal(store.lineage.edgeCount(), edges);
      const start = 'urn:li:dataset:(urn:li:dataPlatform:kafka,raw.orders,PROD)';
      const depth = new Map<string, number>([[start, 0]]);
      const queue = [start];
      while (queue.length > 0) {
        const urn = queue.shift() as string;
        for (const next of store.lineage.downstreamsOf(urn)) {
          if (!depth.has(next)) {
            depth.set(next, (depth.get(urn) ?? 0) + 1);
            queue.push(next);
          }
        }
      }
      assert.equal(depth.get('urn:li:dashboard:(looker,executive_overview)'), 8);
      assert.equal(Math.max(...depth.values()), 8);
      assert.ok(store.lineage.upstreamsOf('urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,warehouse.orders_clean,PROD),amount_eur)').length === 2);
    } finally {
      store.close();
    }
  });
});
