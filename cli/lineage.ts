import { entitiesExist } from '../core/api/entities';
import { expandTree, lineageToJson, renderLineageText } from '../core/lineage/render';
import { serviceLineageFetcher } from '../core/lineage/serviceFetcher';
import { LineageTree } from '../core/lineage/tree';
import type { TreeDirection } from '../core/lineage/types';
import { parseUrn } from '../core/urn';
import { parseCommandLine } from './args';
import type { CliIo } from './io';
import { describeError, serviceConnection } from './connection';

export const LINEAGE_USAGE = `Usage: catalog-code lineage URN [--direction upstream|downstream] [--degree 1|2|3+] [--format text|json] --service URL

Prints the lineage of one entity as a tree: what it is derived from (upstream) and what depends
on it (downstream), hop by hop, with each entity's degree, a dataset's column-level edges, and
cycles marked ↺ (shown once, not followed).

Options:
  --direction   upstream or downstream (default: both)
  --degree      how many hops to follow: 1, 2 or 3+ (all, up to 500 entities; default 1)
  --format      text (a tree) or json
  --service URL the catalog's base URL (default: $CATALOG_SERVICE_URL)

The token is read from $CATALOG_TOKEN.`;

const DEPTH: Record<string, number> = { '1': 1, '2': 2, '3+': Infinity };

export async function runLineage(argv: string[], io: CliIo): Promise<number> {
  const commandLine = parseCommandLine(
    argv,
    {
      service: { type: 'string' },
      direction: { type: 'string' },
      degree: { type: 'string', default: '1' },
      format: { type: 'string', default: 'text' },
    },
    LINEAGE_USAGE,
    io,
  );
  if (!commandLine.ok) return commandLine.exit;
  const parsed = commandLine.value;
  const options = parsed.values;
  const [urn, ...extra] = parsed.positionals;
  if (!urn || extra.length > 0) {
    io.stderr(`${urn ? `Give one URN; got ${parsed.positionals.length}.` : 'Give the URN of the entity whose lineage to show.'}\n\n${LINEAGE_USAGE}`);
    return 2;
  }
  const checked = parseUrn(urn);
  if (!checked.ok) {
    io.stderr(`"${urn}" is not a valid URN: ${checked.error.message}`);
    return 2;
  }
  const directions: TreeDirection[] | undefined =
    options.direction === undefined ? ['upstream', 'downstream'] : options.direction === 'upstream' || options.direction === 'downstream' ? [options.direction] : undefined;
  if (!directions) {
    io.stderr(`Unknown --direction '${options.direction}'; use upstream or downstream (or leave it out for both).`);
    return 2;
  }
  const maxDepth = DEPTH[options.degree];
  if (maxDepth === undefined) {
    io.stderr(`Unknown --degree '${options.degree}'; use 1, 2 or 3+.`);
    return 2;
  }
  if (options.format !== 'text' && options.format !== 'json') {
    io.stderr(`Unknown --format '${options.format}'; use text or json.`);
    return 2;
  }
  const connected = serviceConnection(options, io);
  if (!connected.ok) return connected.exit;
  const connection = connected.value;

  try {
    const exists = await entitiesExist(connection, [urn]);
    if (!exists.get(urn)) {
      io.stderr(`The catalog at ${connection.url} has no entity ${urn}. Check the URN (platform, name, environment), or push the file that defines it.`);
      return 1;
    }
    const tree = new LineageTree(urn, serviceLineageFetcher(connection));
    const expanded = await expandTree(tree, { directions, maxDepth });
    const json = lineageToJson(expanded);
    if (options.format === 'json') io.stdout(JSON.stringify(json, null, 2));
    else io.stdout(renderLineageText(expanded));
    if (json.errors.length > 0) {
      io.stderr(`Part of the lineage could not be loaded: ${[...new Set(json.errors)].join(' ')}`);
      return 1;
    }
    return 0;
  } catch (error) {
    io.stderr(describeError(error));
    return 1;
  }
}
