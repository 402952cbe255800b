import { entitiesExist } from '../core/api/entities';
import type { ServiceConnection } from '../core/api/http';
import { probeServiceTarget } from '../core/api/serviceTarget';
import { describeTarget, targetLine } from '../core/api/targetDescription';
import { markDescription } from '../core/lineage/markLabels';
import { shortestPath, type LineagePath } from '../core/lineage/path';
import { expandTree, lineageToJson, renderLineageTable, renderLineageText } from '../core/lineage/render';
import { LineageTree } from '../core/lineage/tree';
import type { LineageFetcher, TreeDirection } from '../core/lineage/types';
import { PendingState } from '../core/pending/pendingState';
import type { PendingMark } from '../core/common/pendingTypes';
import type { ServiceTarget } from '../core/rules/target';
import { entityTypeOfUrn, parseUrn, schemaFieldKey } from '../core/urn';
import { WorkspaceSession } from '../core/workspace/session';
import { serviceLineageFetcher } from '../core/lineage/serviceFetcher';
import { parseCommandLine } from './args';
import { describeError, serviceConnection } from './connection';
import { loadMetadataDocuments } from './documents';
import { exitWith, proceed, type OrExit } from './exit';
import type { CliIo } from './io';
import { serviceUrlFrom } from './serviceUrl';

export const LINEAGE_USAGE = `Usage: catalog-code lineage [URN] [PATH...] [--urn URN] [--column NAME]
                            [--direction upstream|downstream|both] [--hops N | --degree 1|2|3+]
                            [--format text|json|table] [--service URL]
       catalog-code lineage path --from URN --to URN [--from-column NAME] [--to-column NAME]
                            [PATH...] [--hops N] [--format text|json|table] [--service URL]
       catalog-code lineage from-sql FILE --dialect D [--schema SCHEMA.json] [--format json|yaml]

Prints the lineage of one entity as a tree: what it is derived from (upstream) and what depends
on it (downstream), hop by hop, with each entity's degree, a dataset's column-level edges, and
cycles marked ↺ (shown once, not followed). 'lineage path' prints the shortest path between two
entities, or two columns (--from-column/--to-column, or schemaField URNs). 'lineage from-sql'
prints the column lineage a SQL file implies (see 'catalog-code lineage from-sql --help').

With PATH (files or folders of metadata files) the lineage is shown as the files will make it
once pushed, as the editor shows it: an edge a file adds is marked "+ added in FILE", one it
removes "− removed by FILE" (shown, not followed). Without --service (and CATALOG_SERVICE_URL)
the files alone are shown.

Options:
  --urn URN        the entity (or give it as the first argument)
  --column NAME    start at this column of the dataset (column-to-column lineage)
  --direction      upstream, downstream or both (default: both)
  --hops N         how many hops to follow (default 3, as 'datahub lineage'; at most 500 entities)
  --degree         the same as DataHub's degree filter: 1, 2 or 3+ (all hops)
  --format         text (a tree), json, or table (one row per entity)
  --service URL    the catalog's base URL (default: $CATALOG_SERVICE_URL)

The token is read from $CATALOG_TOKEN. The first line on stderr names the target: the local
catalog, DataHub at URL, or offline (the files alone).`;

const DEGREE_HOPS: Record<string, number> = { '1': 1, '2': 2, '3+': Infinity };
const DEFAULT_HOPS = 3;
const FORMATS = ['text', 'json', 'table'] as const;
type LineageFormat = (typeof FORMATS)[number];

const OPTIONS = {
  service: { type: 'string' },
  urn: { type: 'string' },
  column: { type: 'string' },
  direction: { type: 'string' },
  hops: { type: 'string' },
  degree: { type: 'string' },
  format: { type: 'string', default: 'text' },
  from: { type: 'string' },
  to: { type: 'string' },
  'from-column': { type: 'string' },
  'to-column': { type: 'string' },
} as const;

/** Where the lineage comes from: the pending state of the files under PATH (none: the catalog alone) over the catalog, if any. */
interface LineageSource {
  fetcher: LineageFetcher;
  pending: PendingState;
  connection?: ServiceConnection;
  target: ServiceTarget;
  /** what could not be read from the catalog (the files alone answered instead) */
  failures: string[];
}

export async function runLineage(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === 'from-sql') return (await import('./lineageFromSql.js')).runLineageFromSql(argv.slice(1), io);
  const isPath = argv[0] === 'path';
  const commandLine = parseCommandLine(isPath ? argv.slice(1) : argv, OPTIONS, LINEAGE_USAGE, io);
  if (!commandLine.ok) return commandLine.exit;
  const { values, positionals } = commandLine.value;
  const format = values.format as LineageFormat;
  if (!FORMATS.includes(format)) return usageError(io, `Unknown --format '${values.format}'; use text, json or table.`);
  const hops = hopsOf(values.hops, values.degree);
  if (typeof hops === 'string') return usageError(io, hops);
  try {
    return isPath ? await runPath(values, positionals, format, hops, io) : await runTree(values, positionals, format, hops, io);
  } catch (error) {
    io.stderr(describeError(error));
    return 1;
  }
}

type Values = { [K in keyof typeof OPTIONS]?: string };

async function runTree(values: Values, positionals: string[], format: LineageFormat, hops: number | undefined, io: CliIo): Promise<number> {
  const [first, ...rest] = positionals;
  const urnGiven = values.urn ?? (first?.startsWith('urn:') ? first : undefined);
  const paths = values.urn !== undefined || !first?.startsWith('urn:') ? positionals : rest;
  if (!urnGiven) return usageError(io, 'Give the URN of the entity whose lineage to show (first argument, or --urn).');
  const root = rootUrn(urnGiven, values.column);
  if (!root.ok) return root.exit === 2 ? usageError(io, root.problem) : 1;
  const directions = directionsOf(values.direction);
  if (!directions) return usageError(io, `Unknown --direction '${values.direction}'; use upstream, downstream or both.`);
  const opened = await openSource(values, paths, io);
  if (!opened.ok) return opened.exit;
  const source = opened.value;
  const missing = await missingRoot(source, root.value);
  if (missing) {
    io.stderr(missing);
    return 1;
  }
  const expanded = await expandTree(new LineageTree(root.value, source.fetcher), { directions, maxDepth: hops ?? DEFAULT_HOPS });
  const json = lineageToJson(expanded);
  if (format === 'json') io.stdout(JSON.stringify({ target: describeTarget(source.target, source.connection?.url), ...json }, null, 2));
  else io.stdout(format === 'table' ? renderLineageTable(expanded) : renderLineageText(expanded));
  return finish(io, [...json.errors, ...source.failures]);
}

async function runPath(values: Values, positionals: string[], format: LineageFormat, hops: number | undefined, io: CliIo): Promise<number> {
  if (!values.from || !values.to) return usageError(io, "'lineage path' needs both --from URN and --to URN.");
  const from = rootUrn(values.from, values['from-column']);
  const to = rootUrn(values.to, values['to-column']);
  for (const end of [from, to]) if (!end.ok) return end.exit === 2 ? usageError(io, end.problem) : 1;
  if (!from.ok || !to.ok) return 2;
  const opened = await openSource(values, positionals, io);
  if (!opened.ok) return opened.exit;
  const source = opened.value;
  const path = await shortestPath(source.fetcher, from.value, to.value, { maxHops: Number.isFinite(hops ?? 10) ? (hops ?? 10) : 50 });
  const target = describeTarget(source.target, source.connection?.url);
  if (format === 'json') io.stdout(JSON.stringify({ target, from: from.value, to: to.value, found: path !== undefined, ...(path ? { direction: path.direction, hops: path.steps.length - 1, steps: path.steps } : {}) }, null, 2));
  else if (path) io.stdout(format === 'table' ? pathTable(path) : pathText(path));
  if (!path) io.stderr(`No lineage path from ${from.value} to ${to.value} (downstream or upstream) within ${hops ?? 10} hops in ${target}.`);
  return finish(io, source.failures) || (path ? 0 : 1);
}

/** --hops N or --degree 1|2|3+ (not both); undefined when neither is given. */
function hopsOf(hops: string | undefined, degree: string | undefined): number | undefined | string {
  if (hops !== undefined && degree !== undefined) return 'Give --hops or --degree, not both (--degree 3+ is every hop).';
  if (degree !== undefined) return DEGREE_HOPS[degree] ?? `Unknown --degree '${degree}'; use 1, 2 or 3+.`;
  if (hops === undefined) return undefined;
  const count = Number(hops);
  return Number.isInteger(count) && count >= 1 && count <= 100 ? count : `--hops takes a whole number from 1 to 100, not '${hops}'.`;
}

function directionsOf(direction: string | undefined): TreeDirection[] | undefined {
  const chosen = direction?.toLowerCase();
  if (chosen === undefined || chosen === 'both') return ['upstream', 'downstream'];
  return chosen === 'upstream' || chosen === 'downstream' ? [chosen] : undefined;
}

/** The URN to start from: the entity's, or its column's schemaField URN with --column. */
function rootUrn(urn: string, column: string | undefined): { ok: true; value: string } | { ok: false; exit: number; problem: string } {
  const checked = parseUrn(urn);
  if (!checked.ok) return { ok: false, exit: 2, problem: `"${urn}" is not a valid URN: ${checked.error.message}` };
  if (column === undefined) return { ok: true, value: urn };
  if (entityTypeOfUrn(urn) !== 'dataset') return { ok: false, exit: 2, problem: `A column (--column ${column}) belongs to a dataset; ${urn} is a ${entityTypeOfUrn(urn) ?? 'different'} URN.` };
  if (!column.trim() || /[()]/.test(column)) return { ok: false, exit: 2, problem: `--column takes a column's field path, such as customer_id; '${column}' is not one.` };
  return { ok: true, value: `urn:li:schemaField:(${urn},${column.trim()})` };
}

/**
 * The catalog (from --service or $CATALOG_SERVICE_URL) and the files under `paths`, as one
 * pending state; says the target on stderr first, as every verb does.
 */
async function openSource(values: Values, paths: readonly string[], io: CliIo): Promise<OrExit<LineageSource>> {
  let connection: ServiceConnection | undefined;
  if (serviceUrlFrom(values.service) !== undefined || paths.length === 0) {
    const connected = serviceConnection(values, io);
    if (!connected.ok) return connected;
    connection = connected.value;
  }
  const identity = await probeServiceTarget(connection);
  const target: ServiceTarget = identity === 'unreachable' ? 'datahub' : identity;
  io.stderr(targetLine(target, connection?.url));
  let session = new WorkspaceSession();
  if (paths.length > 0) {
    const loaded = loadMetadataDocuments(paths, io);
    if (!loaded.ok) return loaded;
    session = loaded.value.session;
    io.stderr(`With the changes of ${loaded.value.documents.length} metadata file(s) under ${paths.join(', ')} applied, as a push would make them: + added, − removed (not pushed yet).`);
  }
  const failures: string[] = [];
  const catalog = connection ? serviceLineageFetcher(connection) : undefined;
  const pending = new PendingState(session, { catalog: () => catalog, log: (message) => failures.push(message) });
  return proceed({ fetcher: pending.lineage.fetcher('pending'), pending, connection, target, failures });
}

/**
 * Why the lineage of `urn` cannot be shown: neither the catalog nor the files know it; undefined
 * when one does. A column (a schemaField URN, or --column) is judged by its dataset, as the dataset
 * itself is: a typo in the dataset's URN is said, not shown as a column without lineage.
 */
async function missingRoot(source: LineageSource, urn: string): Promise<string | undefined> {
  if (!source.connection) return undefined;
  const parsed = parseUrn(urn);
  const field = parsed.ok ? schemaFieldKey(parsed.urn) : undefined;
  if (entityTypeOfUrn(urn) === 'schemaField' && !field) return undefined;
  const entity = field?.datasetUrn ?? urn;
  const intent = source.pending.lineageIntent();
  const known = (key: string) => source.pending.entities.createdBy(key) || intent.byDownstream.has(key) || intent.addedDownstreams.has(key);
  if (known(entity) || (field && (known(urn) || intent.ownedColumns.has(entity)))) return undefined;
  const exists = await entitiesExist(source.connection, [entity]);
  if (exists.get(entity)) return undefined;
  const what = field ? `${entity} (the dataset of the column ${field.fieldPath})` : entity;
  return `The catalog at ${source.connection.url} has no entity ${what}, and no file given creates it or gives it lineage. Check the URN (platform, name, environment), or push the file that defines it.`;
}

function pathText(path: LineagePath): string {
  const arrow = path.direction === 'DOWNSTREAM' ? '→' : '←';
  const lines = [`Path (${path.direction === 'DOWNSTREAM' ? 'downstream' : 'upstream'}, ${path.steps.length - 1} hop${path.steps.length === 2 ? '' : 's'}):`];
  path.steps.forEach((step, index) => lines.push(`${index === 0 ? '  ' : `  ${arrow} `}${step.urn}${markSuffix(step.mark)}`));
  return lines.join('\n');
}

function pathTable(path: LineagePath): string {
  const rows = [['HOP', 'TYPE', 'URN', 'CHANGE'], ...path.steps.map((step, index) => [String(index), step.type ?? '', step.urn, markDescription(step.mark) ?? ''])];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]))).join('  ').trimEnd()).join('\n');
}

function markSuffix(mark: PendingMark | undefined): string {
  const words = markDescription(mark);
  return words ? `  ${words}` : '';
}

/** Exit 1 after saying what could not be loaded (the answer above is partial); 0 otherwise. */
function finish(io: CliIo, problems: readonly string[]): number {
  if (problems.length === 0) return 0;
  io.stderr(`Part of the lineage could not be loaded: ${[...new Set(problems)].join(' ')}`);
  return 1;
}

function usageError(io: CliIo, problem: string): number {
  io.stderr(`${problem}\n\n${LINEAGE_USAGE}`);
  return exitWith(2).exit;
}
