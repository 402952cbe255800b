import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Database } from 'node-sqlite3-wasm';
import { STORE_PRAGMAS } from '../../service/store/sqliteStore';
import { tempDir } from '../service/helpers';

/**
 * node-sqlite3-wasm's file system layer locks by creating `<db>.lock/` and answers "is anyone
 * holding RESERVED?" by checking that same directory, so a process always sees its own lock and
 * would never roll back a rollback journal a killed process left: half-written pages would stay
 * ("database disk image is malformed"). The store therefore runs in WAL mode, whose recovery
 * replays committed frames only. This test kills a process inside a transaction that has already
 * spilled pages, with the store's own settings, and checks nothing of it survives.
 */

const LIBRARY = join(process.cwd(), 'node_modules', 'node-sqlite3-wasm');

describe('the store\'s SQLite settings after a SIGKILL inside a transaction', () => {
  it('keep every committed row and none of the uncommitted change', () => {
    const dir = tempDir('hot-journal');
    const file = join(dir, 'catalog.db');
    try {
      const script = `
        const { Database } = require(${JSON.stringify(LIBRARY)});
        const db = new Database(${JSON.stringify(file)});
        db.exec(${JSON.stringify(STORE_PRAGMAS)} + ' PRAGMA cache_size=2;');
        db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
        db.exec('BEGIN');
        for (let i = 0; i < 2000; i++) db.run('INSERT INTO t (v) VALUES (?)', ['committed'.repeat(20)]);
        db.exec('COMMIT');
        db.exec('BEGIN');
        db.run("UPDATE t SET v = 'uncommitted'");
        for (let i = 0; i < 2000; i++) db.run('INSERT INTO t (v) VALUES (?)', ['uncommitted']);
        process.kill(process.pid, 'SIGKILL');`;
      const killed = spawnSync(process.execPath, ['-e', script]);
      assert.equal(killed.signal, 'SIGKILL', killed.stderr.toString());
      // What openStore does before opening: clear the lock directory of the dead process.
      rmSync(`${file}.lock`, { recursive: true, force: true });
      const db = new Database(file);
      try {
        db.exec(STORE_PRAGMAS);
        assert.deepEqual(db.all('PRAGMA integrity_check'), [{ integrity_check: 'ok' }]);
        assert.equal(Number(db.get("SELECT COUNT(*) AS n FROM t WHERE v = 'uncommitted'")?.n), 0, 'a change that never committed is visible after restart');
        assert.equal(Number(db.get('SELECT COUNT(*) AS n FROM t')?.n), 2000, 'a committed row is missing after restart');
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
