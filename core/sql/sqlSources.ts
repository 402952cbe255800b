// Which dataset a SQL text defines (issue 38), written once: the editor's `lineage.sqlDisagrees`
// check and its quick fix read it. In order of precedence:
//  1. the setting `catalogCode.sql.datasets` (glob relative to the workspace folder → dataset name or URN);
//  2. the target of a `CREATE VIEW` / `INSERT INTO` / `CREATE TABLE … AS` in the SQL itself;
//  3. `viewLogic` of a `viewProperties` aspect in MCP JSON: its entity (./viewLogic.ts);
//  4. dbt's convention: a file under a dbt project's `models/` or `target/compiled/<project>/models/`
//     defines the model named by its file stem (the compiled file first: the source has Jinja).
// The statement targets here are a cheap pre-read of the text (no parser): the parser's answer
// (outTables) decides which columns are the dataset's once the SQL is read.
import picomatch from 'picomatch';
import { datasetPartsOf } from '../urn/datasetParts';
import { makeDatasetUrn } from '../urn/builders';

/** `catalogCode.sql.datasets`: a glob relative to the workspace folder → the dataset its files define (a name or a dataset URN). */
export type SqlDatasetsSetting = Record<string, string>;

/** How a SQL text was found to define its dataset, most certain first. */
export type SqlDefinedBy = 'setting' | 'statement' | 'viewLogic' | 'dbtCompiled' | 'dbtModel';

export const SQL_DEFINED_BY_RANK: Readonly<Record<SqlDefinedBy, number>> = { setting: 0, statement: 1, viewLogic: 2, dbtCompiled: 3, dbtModel: 4 };

/** The dataset a SQL text defines: a URN when it is known whole, else a dotted name to match against the workspace's datasets. */
export interface SqlDefinedDataset {
  by: SqlDefinedBy;
  /** a dataset URN (a setting that names one, a viewProperties aspect) */
  urn?: string;
  /** a dataset name, possibly less qualified than the workspace's (`orders` for `db.shop.orders`) */
  name?: string;
}

/** Comments and string literals blanked, so a target is never read from them. */
function code(sql: string): string {
  return sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'/g, (match) => ' '.repeat(match.length));
}

const NAME = String.raw`((?:[\w$-]+|"[^"]+"|\x60[^\x60]+\x60|\[[^\]]+\])(?:\s*\.\s*(?:[\w$-]+|"[^"]+"|\x60[^\x60]+\x60|\[[^\]]+\]))*)`;
const VIEW = new RegExp(String.raw`\bcreate\s+(?:or\s+(?:replace|alter)\s+)?(?:(?:secure|materialized|temporary|temp|recursive|force)\s+)*view\s+(?:if\s+not\s+exists\s+)?${NAME}`, 'gi');
const INSERT = new RegExp(String.raw`\binsert\s+(?:into|overwrite)\s+(?:table\s+)?${NAME}`, 'gi');
const CTAS = new RegExp(String.raw`\bcreate\s+(?:or\s+replace\s+)?(?:(?:temporary|temp|transient|global|local|volatile)\s+)*table\s+(?:if\s+not\s+exists\s+)?${NAME}\s+as\b`, 'gi');

/** A dotted name as the SQL writes it, without its quotes: `"Db".[s].t` → `Db.s.t`. */
function unquoted(name: string): string {
  return name
    .split(/\s*\.\s*/)
    .map((part) => part.replace(/^["`[]|["`\]]$/g, ''))
    .join('.');
}

/** The tables the SQL creates as views, inserts into or creates from a query, in order, each once. */
export function statementTargets(sql: string): string[] {
  const text = code(sql);
  const found: { at: number; name: string }[] = [];
  for (const pattern of [VIEW, INSERT, CTAS]) for (const match of text.matchAll(pattern)) if (match[1]) found.push({ at: match.index ?? 0, name: unquoted(match[1]) });
  return [...new Set(found.sort((a, b) => a.at - b.at).map((target) => target.name))];
}

/** The dataset the setting gives a file (its path relative to the workspace folder, `/` separators): the longest matching glob wins. */
export function settingDataset(relativePath: string, setting: SqlDatasetsSetting | undefined): string | undefined {
  let best: { glob: string; dataset: string } | undefined;
  for (const [glob, dataset] of Object.entries(setting ?? {})) {
    if (!glob || typeof dataset !== 'string' || dataset.trim() === '') continue;
    if (picomatch(glob.replace(/\\/g, '/'), { dot: true })(relativePath) && (!best || glob.length > best.glob.length)) best = { glob, dataset: dataset.trim() };
  }
  return best?.dataset;
}

/**
 * dbt's convention: the model a file under a dbt project defines (its file stem), and whether it is
 * the compiled SQL. `projectAt(folders)` answers whether the folder (path segments from the
 * workspace folder) holds a `dbt_project.yml`.
 */
export function dbtModelOf(relativePath: string, projectAt: (folders: readonly string[]) => boolean): { model: string; compiled: boolean } | undefined {
  const parts = relativePath.split('/');
  const file = parts.pop() ?? '';
  if (!/\.sql$/i.test(file)) return undefined;
  const model = file.replace(/\.sql$/i, '');
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] !== 'models') continue;
    const compiled = i >= 3 && parts[i - 3] === 'target' && parts[i - 2] === 'compiled';
    if (compiled && projectAt(parts.slice(0, i - 3))) return { model, compiled: true };
    if (projectAt(parts.slice(0, i))) return { model, compiled: false };
  }
  return undefined;
}

/** Which dataset a SQL file defines, by the rules above; undefined when none says. */
export function sqlFileDefines(relativePath: string, sql: string, setting: SqlDatasetsSetting | undefined, projectAt: (folders: readonly string[]) => boolean): SqlDefinedDataset | undefined {
  const configured = settingDataset(relativePath, setting);
  if (configured) return configured.startsWith('urn:li:') ? { by: 'setting', urn: configured } : { by: 'setting', name: configured };
  const [target] = statementTargets(sql);
  if (target) return { by: 'statement', name: target };
  const dbt = dbtModelOf(relativePath, projectAt);
  return dbt ? { by: dbt.compiled ? 'dbtCompiled' : 'dbtModel', name: dbt.model } : undefined;
}

interface NamedDataset {
  urn: string;
  platform: string;
}

/** Dataset URNs by lower-cased name and by each lower-cased dotted suffix of it (`shop.orders`, `orders` for `db.shop.orders`). */
interface DatasetNames {
  exact: Map<string, NamedDataset[]>;
  suffix: Map<string, NamedDataset[]>;
}

// Keyed by the list itself: a workspace's list is indexed once, however many names are matched against it.
const namesByList = new WeakMap<readonly string[], DatasetNames>();

function namesOf(datasets: readonly string[]): DatasetNames {
  let names = namesByList.get(datasets);
  if (names) return names;
  names = { exact: new Map(), suffix: new Map() };
  const add = (map: Map<string, NamedDataset[]>, key: string, dataset: NamedDataset) => map.set(key, [...(map.get(key) ?? []), dataset]);
  for (const urn of datasets) {
    const parts = datasetPartsOf(urn);
    if (!parts) continue;
    const dataset = { urn, platform: parts.platform.toLowerCase() };
    const name = parts.name.toLowerCase();
    add(names.exact, name, dataset);
    for (let dot = name.indexOf('.'); dot >= 0; dot = name.indexOf('.', dot + 1)) add(names.suffix, name.slice(dot + 1), dataset);
  }
  namesByList.set(datasets, names);
  return names;
}

/**
 * A table name as the SQL (or a file's stem) gives it → the workspace's dataset it names: the one
 * whose name equals it, else the unique one whose name ends with `.<name>` (letter case ignored,
 * on `platform` when given). Undefined when none or several match.
 */
export function matchWorkspaceDataset(name: string, datasets: readonly string[], platform?: string): string | undefined {
  const names = namesOf(datasets);
  const wanted = name.toLowerCase();
  const on = (list: NamedDataset[] | undefined) => (list ?? []).filter((dataset) => !platform || dataset.platform === platform.toLowerCase());
  const exact = on(names.exact.get(wanted));
  if (exact.length > 0) return exact.length === 1 ? exact[0]?.urn : undefined;
  const suffix = on(names.suffix.get(wanted));
  return suffix.length === 1 ? suffix[0]?.urn : undefined;
}

/**
 * The dataset URN a definition names: a URN as given; a name matched to the workspace's datasets;
 * failing that, a statement's or a setting's name on `platform` (env PROD). A dbt model's stem is
 * never guessed into a URN: it names a dataset of the workspace or none.
 */
export function definedDatasetUrn(defined: SqlDefinedDataset, datasets: readonly string[], platform: string | undefined): string | undefined {
  if (defined.urn) return defined.urn;
  if (!defined.name) return undefined;
  const matched = matchWorkspaceDataset(defined.name, datasets, platform);
  if (matched) return matched;
  const guessable = defined.by === 'statement' || defined.by === 'setting';
  return guessable && platform ? makeDatasetUrn(platform, defined.name) : undefined;
}
