import * as fs from 'node:fs';
import * as path from 'node:path';
import { Database, type JSValue, type RunResult, type SQLiteValue, type Statement } from 'node-sqlite3-wasm';
import { InMemoryLineageIndex } from '../lineage/lineageIndex';
import { LINEAGE_ASPECTS } from '../lineage/edgesOfAspect';
import { canonicalEntityType } from '../validation/urns';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock, type LockTiming } from './dataDirLock';
import type { AspectDelete, AspectRecord, AspectVersion, AspectWrite, CatalogStore, EntityPage, JsonObject } from './types';

/**
 * The catalog on SQLite (node-sqlite3-wasm). `aspects` holds the latest value of every aspect,
 * `aspect_versions` every value ever written (a delete is a row with a null value), `entities`
 * one row per entity with its soft-delete flag so listing never parses JSON.
 *
 * Durability: write-ahead log + synchronous=FULL, so a COMMIT that returned has been fsynced and
 * survives kill -9 (and power loss). WAL, not the rollback journal: the library's VFS reports its
 * own `.lock` directory as another process's RESERVED lock, so SQLite would never roll back the
 * hot journal a killed process leaves, and half-written pages would stay. WAL recovery replays
 * only committed frames and does not ask the VFS. The VFS has no shared memory; locking_mode=
 * EXCLUSIVE, set before WAL is entered, keeps the WAL index in heap memory instead — and a
 * single-instance service wants the database locked for its whole lifetime anyway.
 */

export const DATABASE_FILE_NAME = 'catalog.db';

/**
 * Version history retention: the newest MAX_ASPECT_VERSIONS versions of each aspect are kept (a
 * delete counts as a version), older ones are dropped as new ones are written. DataHub's default
 * retention policy is the same: `version: maxVersions: 20` for every entity and aspect
 * (metadata-service boot `retention.yaml`). Without it the history grew without bound under load.
 */
export const MAX_ASPECT_VERSIONS = 20;

/** Order matters: EXCLUSIVE before WAL, so SQLite never asks the VFS for shared memory. */
export const STORE_PRAGMAS = 'PRAGMA locking_mode=EXCLUSIVE; PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS aspects (
  urn TEXT NOT NULL, aspect TEXT NOT NULL, entity_type TEXT NOT NULL,
  version INTEGER NOT NULL, value TEXT NOT NULL, written_at INTEGER NOT NULL,
  PRIMARY KEY (urn, aspect)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS aspect_versions (
  urn TEXT NOT NULL, aspect TEXT NOT NULL, version INTEGER NOT NULL, value TEXT, written_at INTEGER NOT NULL,
  PRIMARY KEY (urn, aspect, version)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS entities (
  urn TEXT NOT NULL PRIMARY KEY, entity_type TEXT NOT NULL, removed INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS entities_by_type ON entities (entity_type, urn);
CREATE INDEX IF NOT EXISTS aspects_by_name ON aspects (aspect);
`;

/** The registry's entity type of a URN: `urn:li:corpUser:jdoe` is a `corpuser`, as GMS finds it case-insensitively. */
export function entityTypeFromUrn(urn: string): string {
  const match = /^urn:li:([^:]+):/.exec(urn);
  if (!match) return '';
  return canonicalEntityType(match[1]) ?? match[1];
}

interface AspectRow {
  urn: string;
  aspect: string;
  entity_type: string;
  version: number;
  value: string;
  written_at: number;
}

function toRecord(r: AspectRow): AspectRecord {
  return {
    urn: r.urn,
    entityType: r.entity_type,
    aspectName: r.aspect,
    value: JSON.parse(r.value) as JsonObject,
    version: Number(r.version),
    writtenAt: Number(r.written_at),
  };
}

export interface SqliteCatalogStore extends CatalogStore {
  readonly lineage: InMemoryLineageIndex;
  /** where the database file lives */
  readonly databasePath: string;
  /** every stored version of one aspect, oldest first (null value = deleted at that version) */
  history(urn: string, aspectName: string): AspectVersion[];
}

/** A row as the binding reads it: column name → SQLite value. */
type Row<R> = { [K in keyof R]: SQLiteValue };

/** A prepared statement that reads rows `R`, with its parameters `P` in order. */
interface Query<P extends JSValue[], R extends Row<R>> {
  get(params: P): R | null;
  all(params: P): R[];
}

/** A prepared statement that writes, with its parameters `P` in order. */
interface Command<P extends JSValue[]> {
  run(params: P): RunResult;
}

type Urn = string;
type AspectName = string;

/** The store's prepared statements by name: what each binds and what each reads. */
interface Statements {
  getOne: Query<[Urn, AspectName], AspectRow>;
  getAll: Query<[Urn], AspectRow>;
  entity: Query<[Urn], { removed: number }>;
  maxVersion: Query<[Urn, AspectName], { v: number | null }>;
  upsert: Command<[Urn, AspectName, entityType: string, version: number, value: string, writtenAt: number]>;
  addVersion: Command<[Urn, AspectName, version: number, value: string | null, writtenAt: number]>;
  deleteAspect: Command<[Urn, AspectName]>;
  addEntity: Command<[Urn, entityType: string]>;
  setRemoved: Command<[removed: 0 | 1, Urn]>;
  countAspects: Query<[Urn], { n: number }>;
  deleteEntity: Command<[Urn]>;
  history: Query<[Urn, AspectName], { version: number; value: string | null; written_at: number }>;
  trimVersions: Command<[Urn, AspectName, upToVersion: number]>;
}

/** `statement` read as returning rows `R`: the binding types a row only as column → value. */
function query<P extends JSValue[], R extends Row<R>>(statement: Statement): Query<P, R> {
  return {
    get: (params) => statement.get(params) as R | null,
    all: (params) => statement.all(params) as R[],
  };
}

function command<P extends JSValue[]>(statement: Statement): Command<P> {
  return { run: (params) => statement.run(params) };
}

/**
 * Opens (creating when needed) the catalog in `dataDir`. Takes the directory's single-instance
 * lock first; only while holding it does it clear the `.lock` directory a killed process left
 * behind, which would otherwise make the library answer "database is locked" forever.
 */
export function openStore(dataDir: string, lockTiming: LockTiming = {}): SqliteCatalogStore {
  const lock = acquireDataDirLock(dataDir, lockTiming);
  try {
    const databasePath = path.join(dataDir, DATABASE_FILE_NAME);
    fs.rmSync(`${databasePath}.lock`, { recursive: true, force: true });
    return new Store(databasePath, lock);
  } catch (error) {
    lock.release();
    // Two processes that took over the same stale lock at the same moment: SQLite's own exclusive
    // lock lets only one of them in; the other gets the same message as any second instance.
    if (error instanceof Error && /database is locked/i.test(error.message)) throw new DataDirLockedError(dataDir, 'another process that opened the database first');
    throw error;
  }
}

class Store implements SqliteCatalogStore {
  readonly lineage = new InMemoryLineageIndex();
  /** soft-deleted entities, kept in memory: lineage search asks for every entity it reaches */
  private readonly removed = new Set<string>();
  private readonly db: Database;
  private readonly statements: Statement[] = [];
  private readonly q: Statements;
  private closed = false;

  constructor(
    readonly databasePath: string,
    private readonly lock: DataDirLock,
  ) {
    this.db = new Database(databasePath);
    try {
      this.db.exec(STORE_PRAGMAS);
      this.db.exec(SCHEMA);
      const prep = (sql: string) => {
        const statement = this.db.prepare(sql);
        this.statements.push(statement);
        return statement;
      };
      this.q = {
        getOne: query(prep('SELECT * FROM aspects WHERE urn = ? AND aspect = ?')),
        getAll: query(prep('SELECT * FROM aspects WHERE urn = ? ORDER BY aspect')),
        entity: query(prep('SELECT removed FROM entities WHERE urn = ?')),
        maxVersion: query(prep('SELECT MAX(version) AS v FROM aspect_versions WHERE urn = ? AND aspect = ?')),
        upsert: command(prep(
          'INSERT INTO aspects (urn, aspect, entity_type, version, value, written_at) VALUES (?, ?, ?, ?, ?, ?) ' +
            'ON CONFLICT (urn, aspect) DO UPDATE SET version = excluded.version, value = excluded.value, written_at = excluded.written_at',
        )),
        addVersion: command(prep('INSERT INTO aspect_versions (urn, aspect, version, value, written_at) VALUES (?, ?, ?, ?, ?)')),
        deleteAspect: command(prep('DELETE FROM aspects WHERE urn = ? AND aspect = ?')),
        addEntity: command(prep('INSERT INTO entities (urn, entity_type, removed) VALUES (?, ?, 0) ON CONFLICT (urn) DO NOTHING')),
        setRemoved: command(prep('UPDATE entities SET removed = ? WHERE urn = ?')),
        countAspects: query(prep('SELECT COUNT(*) AS n FROM aspects WHERE urn = ?')),
        deleteEntity: command(prep('DELETE FROM entities WHERE urn = ?')),
        history: query(prep('SELECT version, value, written_at FROM aspect_versions WHERE urn = ? AND aspect = ? ORDER BY version')),
        trimVersions: command(prep('DELETE FROM aspect_versions WHERE urn = ? AND aspect = ? AND version <= ?')),
      };
      this.rebuildLineage();
    } catch (error) {
      this.finalizeAll();
      if (this.db.isOpen) this.db.close();
      throw error;
    }
  }

  private rebuildLineage(): void {
    const placeholders = [...LINEAGE_ASPECTS].map(() => '?').join(', ');
    const rows = this.db.prepare(`SELECT urn, aspect, value FROM aspects WHERE aspect IN (${placeholders})`);
    try {
      for (const row of rows.iterate([...LINEAGE_ASPECTS])) {
        this.lineage.onAspect(String(row.urn), String(row.aspect), JSON.parse(String(row.value)) as JsonObject);
      }
    } finally {
      rows.finalize();
    }
    for (const row of this.db.all("SELECT urn FROM entities WHERE entity_type = 'dataJob'")) {
      this.lineage.onEntityPresence(String(row.urn), true);
    }
    for (const row of this.db.all('SELECT urn FROM entities WHERE removed = 1')) this.removed.add(String(row.urn));
  }

  getAspect(urn: string, aspectName: string): AspectRecord | undefined {
    const row = this.q.getOne.get([urn, aspectName]);
    return row ? toRecord(row) : undefined;
  }

  getAspects(urn: string): AspectRecord[] {
    return this.q.getAll.all([urn]).map(toRecord);
  }

  entityExists(urn: string): boolean {
    return this.q.entity.get([urn]) !== null;
  }

  isSoftDeleted(urn: string): boolean {
    return this.removed.has(urn);
  }

  softDeletedCount(): number {
    return this.removed.size;
  }

  listEntities(entityType: string, options: { start?: number; count?: number; query?: string; excludeSoftDeleted?: boolean } = {}): EntityPage {
    const where: string[] = ['entity_type = ?'];
    const params: (string | number)[] = [entityType];
    const query = (options.query ?? '').trim();
    if (query && query !== '*') {
      where.push('instr(lower(urn), ?) > 0');
      params.push(query.toLowerCase());
    }
    if (options.excludeSoftDeleted) where.push('removed = 0');
    const clause = where.join(' AND ');
    const total = Number(this.db.get(`SELECT COUNT(*) AS n FROM entities WHERE ${clause}`, params)?.n ?? 0);
    const start = Math.max(0, Math.floor(options.start ?? 0));
    const count = Math.max(0, Math.floor(options.count ?? 10));
    const urns = this.db
      .all(`SELECT urn FROM entities WHERE ${clause} ORDER BY urn LIMIT ? OFFSET ?`, [...params, count, start])
      .map((row) => String(row.urn));
    return { urns, total };
  }

  apply(writes: AspectWrite[], deletes: AspectDelete[] = []): void {
    if (this.closed) throw new Error('The catalog store is closed; restart the local catalog.');
    // Another instance may have taken the data folder over while this one was stalled: never write then.
    this.lock.verify();
    const now = Date.now();
    const touched: { urn: string; aspectName: string; value: JsonObject | undefined }[] = [];
    const presence = new Map<string, boolean>();
    const removedChanges = new Map<string, boolean>();
    this.db.exec('BEGIN IMMEDIATE');
    try {
      for (const write of writes) {
        const text = JSON.stringify(write.value);
        const version = this.nextVersion(write.urn, write.aspectName);
        const entityType = entityTypeFromUrn(write.urn);
        if (this.q.addEntity.run([write.urn, entityType]).changes > 0) presence.set(write.urn, true);
        this.q.upsert.run([write.urn, write.aspectName, entityType, version, text, now]);
        this.q.addVersion.run([write.urn, write.aspectName, version, text, now]);
        this.q.trimVersions.run([write.urn, write.aspectName, version - MAX_ASPECT_VERSIONS]);
        if (write.aspectName === 'status') {
          this.q.setRemoved.run([write.value.removed === true ? 1 : 0, write.urn]);
          removedChanges.set(write.urn, write.value.removed === true);
        }
        touched.push({ urn: write.urn, aspectName: write.aspectName, value: write.value });
      }
      for (const del of deletes) {
        if (this.q.deleteAspect.run([del.urn, del.aspectName]).changes === 0) continue;
        const version = this.nextVersion(del.urn, del.aspectName);
        this.q.addVersion.run([del.urn, del.aspectName, version, null, now]);
        this.q.trimVersions.run([del.urn, del.aspectName, version - MAX_ASPECT_VERSIONS]);
        if (del.aspectName === 'status') {
          this.q.setRemoved.run([0, del.urn]);
          removedChanges.set(del.urn, false);
        }
        if (Number(this.q.countAspects.get([del.urn])?.n ?? 0) === 0) {
          this.q.deleteEntity.run([del.urn]);
          presence.set(del.urn, false);
          removedChanges.set(del.urn, false);
        }
        touched.push({ urn: del.urn, aspectName: del.aspectName, value: undefined });
      }
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
    for (const [urn, removed] of removedChanges) {
      if (removed) this.removed.add(urn);
      else this.removed.delete(urn);
    }
    for (const change of touched) this.lineage.onAspect(change.urn, change.aspectName, change.value);
    for (const [urn, exists] of presence) this.lineage.onEntityPresence(urn, exists);
  }

  private nextVersion(urn: string, aspectName: string): number {
    const row = this.q.maxVersion.get([urn, aspectName]);
    return Number(row?.v ?? 0) + 1;
  }

  history(urn: string, aspectName: string): AspectVersion[] {
    return this.q.history.all([urn, aspectName]).map((row) => ({
      version: Number(row.version),
      value: row.value === null ? null : (JSON.parse(String(row.value)) as JsonObject),
      writtenAt: Number(row.written_at),
    }));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.finalizeAll();
    this.db.close();
    this.lock.release();
  }

  private finalizeAll(): void {
    for (const statement of this.statements) if (!statement.isFinalized) statement.finalize();
  }
}
