import { parseAssociations, type Associations } from '../formats/associations';
import { parseDataHubVersion } from '../datahub/versions';
import { parseSeverityOverrides, type SeverityOverrides } from '../diagnostics/severityOverrides';
import { knownSqlDialects, sqlDialect } from '../sql/dialects';
import type { SqlDatasetsSetting } from '../sql/sqlSources';

/**
 * Every `catalogCode.*` setting (package.json `contributes.configuration`), its type and default,
 * written once. The client, the language server and the CLI read settings through this module
 * only: the editor hands the server the `catalogCode` section (workspace/configuration), the CLI
 * reads the workspace's `.vscode/settings.json`; both become the same typed value.
 */
export interface CatalogCodeSettings {
  /** `catalogCode.formats.associations`: glob → format id */
  associations: Associations;
  /** `catalogCode.service.url`: the catalog's base URL; empty for the local catalog */
  serviceUrl: string;
  /** `catalogCode.localCatalog.autoStart` */
  localCatalogAutoStart: boolean;
  /** `catalogCode.definitions.refreshIntervalSeconds` (0: only on start and on Refresh Definitions) */
  refreshIntervalSeconds: number;
  /** `catalogCode.diagnostics.severity`: code (or family `lineage.*`) → level */
  severity: SeverityOverrides;
  /** `catalogCode.service.uiUrl`: DataHub's web address for links; empty: derived from the service URL (core/links/catalogUi.ts) */
  uiUrl: string;
  /** `catalogCode.inlayHints.propertyNames`: a property's display name, type and cardinality after each use */
  inlayHintsPropertyNames: boolean;
  /** `catalogCode.inlayHints.catalogChanges`: after each property value, what a push changes in the catalog (`+ new`, `catalog: "x"`) */
  inlayHintsCatalogChanges: boolean;
  /** `catalogCode.datahub.version`: the DataHub version whose rules apply (`auto`: what the service reports, else the newest modelled) */
  datahubVersion: string;
  /** `catalogCode.localCatalog.dataLocation`: the extension's storage for the workspace (default), or `.catalog/` in the workspace folder */
  localCatalogDataLocation: LocalCatalogDataLocation;
  /** `catalogCode.trace.server`: the language client logs the LSP messages (read by vscode-languageclient itself) */
  traceServer: TraceLevel;
  /** `catalogCode.sql.dialect`: the SQL dialect of `.sql` files, for their column lineage (core/sql/dialects.ts) */
  sqlDialect: string;
  /** `catalogCode.sql.datasets`: a glob relative to the workspace folder → the dataset (name or URN) its SQL files define (core/sql/sqlSources.ts) */
  sqlDatasets: SqlDatasetsSetting;
}

export const LOCAL_CATALOG_DATA_LOCATIONS = ['extensionStorage', 'workspaceFolder'] as const;
export type LocalCatalogDataLocation = (typeof LOCAL_CATALOG_DATA_LOCATIONS)[number];
export const TRACE_LEVELS = ['off', 'messages', 'verbose'] as const;
export type TraceLevel = (typeof TRACE_LEVELS)[number];

/**
 * VS Code's setting scopes (package.json `scope`). `window`: one value for the whole window, from
 * user or workspace settings — in a multi-root workspace VS Code ignores it in a folder's
 * `.vscode/settings.json`, and so does the CLI (cli/settings.ts). `machine`: user settings only.
 * `resource`: may differ per folder and file. Every Catalog Code setting is read once for the
 * window (the language server keeps one workspace session), so each says `window`, or `machine`
 * where a workspace must not choose it.
 */
export type SettingScope = 'application' | 'machine' | 'window' | 'resource' | 'language-overridable' | 'machine-overridable';

export type SettingName = keyof CatalogCodeSettings;

/** One setting: its key in settings files and how a value read from one becomes typed (or why not). */
interface SettingSpec<K extends SettingName> {
  key: string;
  default: CatalogCodeSettings[K];
  scope: SettingScope;
  read: (raw: unknown, where: string) => { value?: CatalogCodeSettings[K]; problems: string[] };
}

type SettingSpecs = { [K in SettingName]: SettingSpec<K> };

export const CATALOG_SETTINGS: SettingSpecs = {
  associations: {
    key: 'catalogCode.formats.associations',
    default: {},
    scope: 'window',
    read: (raw, where) => {
      const parsed = parseAssociations(raw, where);
      return { value: parsed.associations, problems: parsed.problems };
    },
  },
  serviceUrl: {
    key: 'catalogCode.service.url',
    default: '',
    scope: 'window',
    read: (raw, where) => (typeof raw === 'string' ? { value: raw.trim().replace(/\/+$/, ''), problems: [] } : { problems: [`${where} must be a URL in quotes, e.g. "http://localhost:8080"; it was ignored.`] }),
  },
  localCatalogAutoStart: {
    key: 'catalogCode.localCatalog.autoStart',
    default: true,
    scope: 'window',
    read: (raw, where) => (typeof raw === 'boolean' ? { value: raw, problems: [] } : { problems: [`${where} must be true or false; it was ignored.`] }),
  },
  refreshIntervalSeconds: {
    key: 'catalogCode.definitions.refreshIntervalSeconds',
    default: 300,
    scope: 'window',
    read: (raw, where) =>
      typeof raw === 'number' && Number.isFinite(raw) && raw >= 0 ? { value: raw, problems: [] } : { problems: [`${where} must be a number of seconds, 0 or more; it was ignored.`] },
  },
  severity: {
    key: 'catalogCode.diagnostics.severity',
    default: {},
    scope: 'window',
    read: (raw, where) => {
      const parsed = parseSeverityOverrides(raw, where);
      return { value: parsed.overrides, problems: parsed.problems };
    },
  },
  uiUrl: {
    key: 'catalogCode.service.uiUrl',
    default: '',
    scope: 'window',
    read: (raw, where) =>
      typeof raw === 'string' ? { value: raw.trim().replace(/\/+$/, ''), problems: [] } : { problems: [`${where} must be DataHub's web address in quotes, e.g. "https://datahub.example.com"; it was ignored.`] },
  },
  inlayHintsPropertyNames: {
    key: 'catalogCode.inlayHints.propertyNames',
    default: true,
    scope: 'window',
    read: (raw, where) => (typeof raw === 'boolean' ? { value: raw, problems: [] } : { problems: [`${where} must be true or false; it was ignored.`] }),
  },
  inlayHintsCatalogChanges: {
    key: 'catalogCode.inlayHints.catalogChanges',
    default: true,
    scope: 'window',
    read: (raw, where) => (typeof raw === 'boolean' ? { value: raw, problems: [] } : { problems: [`${where} must be true or false; it was ignored.`] }),
  },
  datahubVersion: {
    key: 'catalogCode.datahub.version',
    default: 'auto',
    scope: 'window',
    read: (raw, where) =>
      typeof raw === 'string' && (raw.trim() === 'auto' || parseDataHubVersion(raw) !== undefined)
        ? { value: raw.trim(), problems: [] }
        : { problems: [`${where} must be 'auto' or a DataHub version such as "1.2.0"; it was ignored, so files are judged by the version the service reports, else the newest Catalog Code models.`] },
  },
  localCatalogDataLocation: {
    key: 'catalogCode.localCatalog.dataLocation',
    default: 'extensionStorage',
    scope: 'window',
    read: (raw, where) => oneOf(raw, LOCAL_CATALOG_DATA_LOCATIONS, where),
  },
  traceServer: {
    key: 'catalogCode.trace.server',
    default: 'off',
    scope: 'window',
    read: (raw, where) => oneOf(raw, TRACE_LEVELS, where),
  },
  sqlDialect: {
    key: 'catalogCode.sql.dialect',
    default: 'ansi',
    scope: 'window',
    read: (raw, where) =>
      typeof raw === 'string' && sqlDialect(raw) ? { value: raw.trim(), problems: [] } : { problems: [`${where} must be a SQL dialect: one of ${knownSqlDialects().join(', ')}; it was ignored.`] },
  },
  sqlDatasets: {
    key: 'catalogCode.sql.datasets',
    default: {},
    scope: 'window',
    read: (raw, where) => readSqlDatasets(raw, where),
  },
};

/** `{"sql/orders.sql": "mart.orders", "models/**\/*.sql": "urn:li:dataset:(…)"}`: each entry a glob and a dataset name or URN; others are named and left out. */
function readSqlDatasets(raw: unknown, where: string): { value?: SqlDatasetsSetting; problems: string[] } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { problems: [`${where} must be an object: a glob relative to the workspace folder → the dataset its SQL files define (a name or a dataset URN); it was ignored.`] };
  const value: SqlDatasetsSetting = {};
  const problems: string[] = [];
  for (const [glob, dataset] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof dataset === 'string' && dataset.trim() !== '' && glob.trim() !== '') value[glob] = dataset.trim();
    else problems.push(`${where}: the entry "${glob.slice(0, 80)}" must map a glob to a dataset name or URN in quotes; it was ignored.`);
  }
  return { value, problems };
}

function oneOf<T extends string>(raw: unknown, allowed: readonly T[], where: string): { value?: T; problems: string[] } {
  return typeof raw === 'string' && (allowed as readonly string[]).includes(raw) ? { value: raw as T, problems: [] } : { problems: [`${where} must be one of ${allowed.map((value) => `"${value}"`).join(', ')}; it was ignored.`] };
}

export const SETTING_NAMES = Object.keys(CATALOG_SETTINGS) as SettingName[];

/** Every setting at its default. */
export function defaultSettings(): CatalogCodeSettings {
  const settings = {} as Record<SettingName, unknown>;
  for (const name of SETTING_NAMES) settings[name] = CATALOG_SETTINGS[name].default;
  return settings as CatalogCodeSettings;
}

/**
 * The settings a whole source gives, over `base`: what `read` found, and `base` for every setting
 * it does not hold — so a key removed from the source returns to `base` (the defaults, or what
 * started the session), never keeps the value it last had.
 */
export function settingsOver(base: CatalogCodeSettings, read: ReadSettings): CatalogCodeSettings {
  const settings = { ...base } as Record<SettingName, unknown>;
  for (const name of read.present) settings[name] = read.settings[name];
  return settings as CatalogCodeSettings;
}

export interface ReadSettings {
  /** every setting: the value found, else its default */
  settings: CatalogCodeSettings;
  /** the settings a value was found (and read) for, in CATALOG_SETTINGS order */
  present: SettingName[];
  /** values that could not be read, each in words with where it was and what to write */
  problems: string[];
}

/**
 * The settings in a plain object: either a settings file (`{"catalogCode.formats.associations": …}`,
 * VS Code's flat keys; nested objects are read too) or the `catalogCode` section an editor answers
 * to workspace/configuration (`{formats: {associations: …}}`, `section: true`). `where` names the
 * source in problems ("… in /repo/.vscode/settings.json").
 */
export function readSettings(source: unknown, options: { section?: boolean; where?: string } = {}): ReadSettings {
  const settings = defaultSettings() as Record<SettingName, unknown>;
  const present: SettingName[] = [];
  const problems: string[] = [];
  if (typeof source !== 'object' || source === null) return { settings: settings as CatalogCodeSettings, present, problems };
  for (const name of SETTING_NAMES) {
    const spec = CATALOG_SETTINGS[name] as SettingSpec<SettingName>;
    const path = options.section ? spec.key.split('.').slice(1) : spec.key.split('.');
    const found = lookUp(source as Record<string, unknown>, path);
    if (!found.found) continue;
    const read = spec.read(found.value, options.where ? `${spec.key} in ${options.where}` : spec.key);
    problems.push(...read.problems);
    if (read.value === undefined) continue;
    settings[name] = read.value;
    present.push(name);
  }
  return { settings: settings as CatalogCodeSettings, present, problems };
}

/** A value by its dotted path: the flat key first (`a.b.c`), then each split of it into nested objects. */
function lookUp(object: Record<string, unknown>, path: readonly string[]): { found: boolean; value?: unknown } {
  for (let head = path.length; head >= 1; head--) {
    const key = path.slice(0, head).join('.');
    if (!Object.prototype.hasOwnProperty.call(object, key) || object[key] === undefined) continue;
    const value = object[key];
    if (head === path.length) return { found: true, value };
    if (typeof value === 'object' && value !== null) {
      const inner = lookUp(value as Record<string, unknown>, path.slice(head));
      if (inner.found) return inner;
    }
  }
  return { found: false };
}
