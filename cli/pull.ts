import { blockedTargets, describeWritten, namesPulledBy, outFolderProblem, writePulledFiles } from './pullFiles';
import { PULL_EVERYTHING, pullFromCatalog, type PullResult, type PullSelection } from '../core/pull/pull';
import type { TreeDirection } from '../core/lineage/types';
import { parseUrn } from '../core/urn';
import { parseCommandLine } from './args';
import { exitWith, proceed, type OrExit } from './exit';
import { announceTarget, describeError, serviceConnection, type CliConnection } from './connection';
import type { CliIo } from './io';

export const PULL_USAGE = `Usage: catalog-code pull --service URL --out DIR [selection]

Writes files from what the catalog holds, in the formats 'push' reads: the property definitions
as a properties YAML (DataHub's 'datahub properties get --to-file' shape), structured-property
values as a dataset YAML (other entity types as MCP JSON), and the lineage around an entity as a
lineage file or an updateLineage edge document. Output is sorted and has no timestamps: pulling
again writes nothing when the catalog has not changed.

With no selection: every property definition and the structured properties of every entity
that has some. A selection pulls only what it names (options can be combined and repeated):
  --property ID          a definition by qualified name or URN
  --property-prefix P    definitions whose qualified name starts with P
  --entity URN           the structured properties of this entity
  --lineage URN          the lineage around this entity…
  --degree N             …to N hops (default 1)
  --direction D          …upstream, downstream or both (default both)
  --lineage-format F     file (a lineage file, datasets only, with column-level edges) or edges
                         (an updateLineage document, any entity type); default: file when it can
  --no-columns           leave column-level edges out of a lineage file

Options:
  --service URL   the catalog's base URL (default: $CATALOG_SERVICE_URL)
  --out DIR       the folder to write into (created if needed); files: properties.yaml,
                  datasets.yaml, structured-properties.mcp.json, lineage.yml or lineage-edges.yaml

The token is $CATALOG_TOKEN, or for a URL on this machine the local catalog's token file
(.catalog/connection.json, docs/cli.md). Before it reads anything, pull checks that DIR is a folder
it may write into (or can be created) and that no folder stands at a name it writes; nothing is
written then. Exit codes: 0 written, 1 the service failed or a file could not be written (the
message names the local path, what was written and what was not), 2 usage (also: DIR is a file).`;

export async function runPull(argv: string[], io: CliIo): Promise<number> {
  const commandLine = parseCommandLine(
    argv,
    {
      service: { type: 'string' },
      out: { type: 'string' },
      property: { type: 'string', multiple: true },
      'property-prefix': { type: 'string', multiple: true },
      entity: { type: 'string', multiple: true },
      lineage: { type: 'string' },
      degree: { type: 'string', default: '1' },
      direction: { type: 'string', default: 'both' },
      'lineage-format': { type: 'string' },
      'no-columns': { type: 'boolean', default: false },
    },
    PULL_USAGE,
    io,
  );
  if (!commandLine.ok) return commandLine.exit;
  const parsed = commandLine.value;
  const options = parsed.values;
  if (parsed.positionals.length > 0) {
    io.stderr(`Unexpected argument '${parsed.positionals[0]}': pull takes options only (e.g. --entity URN).\n\n${PULL_USAGE}`);
    return 2;
  }
  if (!options.out) {
    io.stderr(`Give the folder to write into: --out DIR.\n\n${PULL_USAGE}`);
    return 2;
  }
  const selected = selectionFrom(options, io);
  if (!selected.ok) return selected.exit;
  const selection = selected.value;
  const out = options.out;
  const outProblem = outFolderProblem(out);
  if (outProblem) {
    io.stderr(outProblem.problem);
    return outProblem.exit;
  }
  const inTheWay = blockedTargets(out, namesPulledBy(selection));
  if (inTheWay) {
    io.stderr(`${inTheWay} Nothing was read from the catalog.`);
    return 1;
  }
  const connected = serviceConnection(options, io);
  if (!connected.ok) return connected.exit;
  const connection = connected.value;
  await announceTarget(connection, io);
  const pulled = await readCatalog(connection, selection, io);
  return pulled === undefined ? 1 : writeFiles(out, pulled, io);
}

/** What the catalog holds of `selection`; undefined after saying on stderr why the service did not answer it. */
async function readCatalog(connection: CliConnection, selection: PullSelection, io: CliIo): Promise<PullResult | undefined> {
  try {
    return await pullFromCatalog(connection, selection);
  } catch (error) {
    io.stderr(`Could not pull from ${connection.url}: ${describeError(error)}`);
    return undefined;
  }
}

/** Writes what was pulled into `out`: a folder where a file goes stops every write; a file that fails is named with what was and was not written. */
function writeFiles(out: string, result: PullResult, io: CliIo): number {
  // Checked again now: the reads can take long, and the names written depend on the answer.
  const inTheWay = blockedTargets(out, result.files.map((file) => file.name));
  if (inTheWay) {
    io.stderr(inTheWay);
    return 1;
  }
  const outcome = writePulledFiles(out, result.files);
  for (const written of outcome.written) io.stdout(describeWritten(written));
  if (!outcome.ok) {
    io.stderr(outcome.problem);
    return 1;
  }
  for (const note of result.notes) io.stderr(note);
  return 0;
}

interface PullOptions {
  property?: string[];
  'property-prefix'?: string[];
  entity?: string[];
  lineage?: string;
  degree: string;
  direction: string;
  'lineage-format'?: string;
  'no-columns': boolean;
}

function selectionFrom(options: PullOptions, io: CliIo): OrExit<PullSelection> {
  const ids = options.property ?? [];
  const prefixes = options['property-prefix'] ?? [];
  const entities = options.entity ?? [];
  if (ids.length === 0 && prefixes.length === 0 && entities.length === 0 && !options.lineage) return proceed(PULL_EVERYTHING);
  const selection: PullSelection = {};
  if (ids.length > 0 || prefixes.length > 0) selection.definitions = { ids, prefixes };
  for (const urn of [...entities, ...(options.lineage ? [options.lineage] : [])]) {
    const checked = parseUrn(urn);
    if (!checked.ok) {
      io.stderr(`"${urn}" is not a valid URN: ${checked.error.message}`);
      return exitWith(2);
    }
  }
  if (entities.length > 0) selection.values = entities;
  if (options.lineage) {
    const degree = Number(options.degree);
    if (!Number.isInteger(degree) || degree < 1 || degree > 20) {
      io.stderr(`--degree must be a whole number of hops from 1 to 20; got '${options.degree}'.`);
      return exitWith(2);
    }
    const directions: Record<string, TreeDirection[]> = { both: ['upstream', 'downstream'], upstream: ['upstream'], downstream: ['downstream'] };
    if (!directions[options.direction]) {
      io.stderr(`Unknown --direction '${options.direction}'; use upstream, downstream or both.`);
      return exitWith(2);
    }
    const format = options['lineage-format'];
    if (format !== undefined && format !== 'file' && format !== 'edges') {
      io.stderr(`Unknown --lineage-format '${format}'; use file (a lineage file) or edges (an updateLineage document).`);
      return exitWith(2);
    }
    selection.lineage = { urn: options.lineage, degree, directions: directions[options.direction], columns: !options['no-columns'], ...(format ? { format } : {}) };
  }
  return proceed(selection);
}
