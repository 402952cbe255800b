import { formatOf } from '../core/mentions/fileMentions';
import { createHash } from 'node:crypto';
import { fileLabel } from '../core/output/fileLabel';
import { datahubPlatformOf, sqlDialect } from '../core/sql/dialects';
import { impliedLineageOf, type ImpliedLineage, type SqlLineageView } from '../core/sql/impliedLineage';
import { walkSqlFiles, MAX_SQL_FILES, type SqlFile, type SqlFolderWalk } from '../core/workspace/sqlFiles';
import { declaredDatasets, sqlSourceKey, sqlSourcesByDataset, type SqlSource } from '../core/sql/sqlSourceIndex';
import type { SqlDatasetsSetting } from '../core/sql/sqlSources';
import type { SqlLineageRequest, SqlLineageResult, SqlTableSchemas } from '../core/sql/sqlLineageTypes';
import { datasetPartsOf } from '../core/urn/datasetParts';
import type { WorkspaceSession } from '../core/workspace/session';

/**
 * After the workspace's files change (a keystroke changes them), the index of SQL sources is built
 * again once they have been still this long: never inside a check, so typing does not pay for it.
 */
const INDEX_AFTER_CHANGES_MS = 1_000;

type SourceIndex = { generation: number; walk: SqlFolderWalk; settings: string; sources: Map<string, SqlSource>; datasets: string[] };

/** Whether two indexes map every dataset to the same SQL (a rebuild that changes nothing re-checks nothing). */
function sameSources(a: SourceIndex | undefined, b: SourceIndex): boolean {
  if (!a || a.sources.size !== b.sources.size || a.datasets.length !== b.datasets.length || a.datasets.some((urn, i) => urn !== b.datasets[i])) return false;
  for (const [key, source] of b.sources) {
    const before = a.sources.get(key);
    if (!before || before.urn !== source.urn || before.label !== source.label || before.sql !== source.sql) return false;
  }
  return true;
}

export interface SqlDefinedLineageDeps {
  session: WorkspaceSession;
  /** the workspace folders whose .sql files are read */
  folders: () => readonly string[];
  settings: () => { sqlDialect: string; sqlDatasets: SqlDatasetsSetting };
  /** runs the parser (the language server's SQL worker) */
  run: (request: SqlLineageRequest) => Promise<SqlLineageResult>;
  /** the workspace's columns of a platform's datasets */
  schemas: (platform: string) => SqlTableSchemas;
  /** some answer changed: checks that read it are judged again */
  onAnswers: () => void;
  log: (message: string) => void;
}

interface Answer {
  /** what the answer was computed from (source, text, dialect) */
  stamp: string;
  implied: ImpliedLineage | undefined;
}

/**
 * The column lineage the SQL defining each dataset implies, as `lineage.sqlDisagrees` reads it
 * (core/rules/sqlDisagrees.ts). Like entity existence (./entityExistence.ts), nothing here blocks a
 * check: a dataset asked about whose SQL is not read yet answers `undefined` (the rule stays quiet)
 * and is read in the SQL worker; when the answer comes, `onAnswers` re-checks what asked. The
 * workspace's .sql files are walked on the first question and again when one changes (the file
 * watch) or a setting that decides them does; the parser is loaded only once some SQL defines a
 * dataset whose column edges a lineage file writes.
 */
export class SqlDefinedLineage implements SqlLineageView {
  private walk: SqlFolderWalk | undefined;
  private walking: Promise<void> | undefined;
  private stale = true;
  private index: SourceIndex | undefined;
  private rebuild: { timer: ReturnType<typeof setTimeout>; generation: number } | undefined;
  private readonly answers = new Map<string, Answer>();
  private readonly computing = new Map<string, Promise<void>>();
  private readonly digests = new WeakMap<SqlSource, string>();

  constructor(private readonly deps: SqlDefinedLineageDeps) {}

  impliedFor(datasetUrn: string): ImpliedLineage | undefined {
    const index = this.currentIndex();
    if (!index) return undefined;
    const key = sqlSourceKey(datasetUrn);
    const source = index.sources.get(key);
    if (!source) return undefined;
    const dialect = this.dialectOf(source);
    const stamp = `${source.label}\n${dialect}\n${this.digestOf(source)}`;
    const answer = this.answers.get(key);
    if (answer?.stamp !== stamp) this.compute(key, source, dialect, stamp, index.datasets);
    // A stale answer is still the best guess while the new one is on its way.
    return answer?.implied;
  }

  /** The SQL's digest, once per source (a check asks on every keystroke of a lineage file). */
  private digestOf(source: SqlSource): string {
    let digest = this.digests.get(source);
    if (digest === undefined) this.digests.set(source, (digest = createHash('sha1').update(source.sql).digest('hex')));
    return digest;
  }

  /** A .sql file changed on disk, or a setting that decides what the SQL says: read the files again (now, if anything asked before). */
  changed(): void {
    this.stale = true;
    if (this.walk) this.startWalk();
  }

  /** The generic dialect says nothing: a dataset's own platform is the better dialect then. */
  private dialectOf(source: SqlSource): string {
    const setting = this.deps.settings().sqlDialect;
    const platform = datasetPartsOf(source.urn)?.platform;
    return setting === 'ansi' && platform && sqlDialect(platform) ? platform : setting;
  }

  /**
   * The index of SQL sources. Built at once when there is none or the .sql files or the settings
   * changed; after the metadata files changed, the last one answers and a rebuild runs once they
   * have been still (checks that read a changed source are then judged again).
   */
  private currentIndex(): SourceIndex | undefined {
    if (this.stale) this.startWalk();
    const walk = this.walk;
    if (!walk) return undefined;
    const settings = JSON.stringify(this.deps.settings());
    const index = this.index;
    if (!index || index.walk !== walk || index.settings !== settings) return (this.index = this.buildIndex(walk, settings));
    if (index.generation !== this.deps.session.generation) this.scheduleRebuild();
    return index;
  }

  /** Waits for the files to be still: each new change of the workspace starts the wait again, a read (a check, a pull) does not. */
  private scheduleRebuild(): void {
    const generation = this.deps.session.generation;
    if (this.rebuild?.generation === generation) return;
    if (this.rebuild) clearTimeout(this.rebuild.timer);
    const timer = setTimeout(() => {
      this.rebuild = undefined;
      const walk = this.walk;
      if (!walk) return;
      const before = this.index;
      this.index = this.buildIndex(walk, JSON.stringify(this.deps.settings()));
      if (!sameSources(before, this.index)) this.deps.onAnswers();
    }, INDEX_AFTER_CHANGES_MS);
    timer.unref?.();
    this.rebuild = { timer, generation };
  }

  private buildIndex(walk: SqlFolderWalk, settings: string): SourceIndex {
    const generation = this.deps.session.generation;
    const documents = this.deps.session.all();
    const datasets = declaredDatasets(documents);
    const { sqlDialect: dialect, sqlDatasets } = this.deps.settings();
    const known = sqlDialect(dialect);
    const platform = known ? datahubPlatformOf(known) : undefined;
    const sources = sqlSourcesByDataset({ files: walk.files, dbtProjects: walk.dbtProjects, documents: documents.filter((document) => formatOf(document) === 'mcpJson').map((document) => ({ uri: document.uri, label: fileLabel(document.uri), model: document.model })), setting: sqlDatasets, datasets, platform });
    return { generation, walk, settings, sources, datasets };
  }

  private startWalk(): void {
    if (this.walking) return;
    this.stale = false;
    const previous = new Map<string, SqlFile>((this.walk?.files ?? []).map((file) => [`${file.folder}/${file.relativePath}`, file]));
    this.walking = walkSqlFiles(this.deps.folders(), previous)
      .then((walk) => {
        if (walk.truncated) this.deps.log(`Column lineage from SQL: read the first ${MAX_SQL_FILES} .sql files of the workspace only; name the others' datasets with catalogCode.sql.datasets, or open a smaller folder.`);
        const changed = !this.walk || this.walk.files.length !== walk.files.length || walk.files.some((file, i) => file !== this.walk?.files[i]);
        this.walk = walk;
        if (changed) this.deps.onAnswers();
      })
      .catch((error: unknown) => this.deps.log(`Column lineage from SQL: the workspace's .sql files could not be read (${String(error)}).`))
      .finally(() => {
        this.walking = undefined;
        if (this.stale) this.startWalk();
      });
  }

  private compute(key: string, source: SqlSource, dialect: string, stamp: string, datasets: readonly string[]): void {
    if (this.computing.has(key)) return;
    const platform = datasetPartsOf(source.urn)?.platform ?? '';
    const done = this.deps
      .run({ sql: source.sql, dialect, schemas: this.deps.schemas(platform) })
      .then((result) => {
        if (!result.ok) this.deps.log(`Column lineage from SQL: ${source.label} (which defines ${source.urn}) could not be read as ${dialect}: ${result.reason}`);
        this.answers.set(key, { stamp, implied: result.ok ? impliedLineageOf(result, source, datasets) : undefined });
        this.deps.onAnswers();
      })
      .finally(() => this.computing.delete(key));
    this.computing.set(key, done);
  }

  /**
   * For a lineage view (not a check, which never waits): the lineage the SQL defining the dataset
   * implies once the .sql files are walked and that SQL is read.
   */
  async impliedWhenRead(datasetUrn: string): Promise<ImpliedLineage | undefined> {
    if (!this.walk || this.stale) {
      this.startWalk();
      await this.walking;
    }
    const before = this.impliedFor(datasetUrn);
    await this.computing.get(sqlSourceKey(datasetUrn));
    return this.impliedFor(datasetUrn) ?? before;
  }
}
