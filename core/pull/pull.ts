import { listPropertyDefinitions, type ServicePropertyDefinition } from '../api/definitions';
import { entitiesExist } from '../api/entities';
import type { ServiceConnection } from '../api/http';
import { findPropertyUsers, type EntityPropertyValues, type PropertyValueView } from '../api/propertyUsers';
import { readAspect } from '../api/pushClient';
import { LineageGraph } from '../lineage/graph';
import { serviceLineageFetcher } from '../lineage/serviceFetcher';
import type { LineageFetcher, TreeDirection } from '../lineage/types';
import { entityTypeOfUrn, parseUrn, schemaFieldKey } from '../urn';
import { compare, definitionsYaml, qualifiedNameOf, selectDefinitions, type DefinitionSelection } from './definitionsYaml';
import { lineageFileText, notDatasets, type LineageFileFormat } from './lineageFiles';
import { valuesFiles, type DatasetFacts, type PropertyInfo } from './valuesFiles';

/**
 * `catalog-code pull` and the editor's "Pull from Catalog…": files written from what the service
 * holds, in the formats Catalog Code pushes, so that validate reports nothing and a plan of the
 * pulled files against the same service has no change. Output is stable (sorted, no timestamps).
 */
export interface PullSelection {
  /** property definitions to write: all, or by id/prefix; absent: none */
  definitions?: DefinitionSelection;
  /** whose structured-property values to write: every entity that has some, or these URNs; absent: none */
  values?: 'all' | readonly string[];
  lineage?: LineageSelection;
}

export interface LineageSelection {
  urn: string;
  /** hops from the entity */
  degree: number;
  directions: readonly TreeDirection[];
  /** default: a lineage file when every entity is a dataset, the edge document otherwise */
  format?: LineageFileFormat;
  /** include column-level edges (lineage file only; default true) */
  columns?: boolean;
}

export interface PulledFile {
  /** file name inside the output folder */
  name: string;
  text: string;
  /** what it holds, in words: "12 property definitions" */
  summary: string;
}

export interface PullResult {
  files: PulledFile[];
  /** things the user should know (left-out soft-deleted definitions, a format switch) */
  notes: string[];
}

export const PULL_FILE_NAMES = { definitions: 'properties.yaml', datasets: 'datasets.yaml', mcp: 'structured-properties.mcp.json', lineageFile: 'lineage.yml', lineageEdges: 'lineage-edges.yaml' } as const;

/** Everything by default: every definition and the values of every entity that has some. */
export const PULL_EVERYTHING: PullSelection = { definitions: {}, values: 'all' };

const NAMES_PER_SEARCH = 25;

export async function pullFromCatalog(connection: ServiceConnection, selection: PullSelection, options: { fetcher?: LineageFetcher; signal?: AbortSignal } = {}): Promise<PullResult> {
  const files: PulledFile[] = [];
  const notes: string[] = [];
  const needDefinitions = selection.definitions !== undefined || selection.values !== undefined;
  const all = needDefinitions ? await listPropertyDefinitions(connection) : [];
  const removed = all.filter((d) => d.removed);
  const active = all.filter((d) => !d.removed);

  if (selection.definitions) {
    const chosen = selectDefinitions(active, selection.definitions);
    const leftOut = selectDefinitions(removed, selection.definitions);
    if (leftOut.length > 0) notes.push(`Left out ${leftOut.length} soft-deleted definition(s): ${leftOut.map(qualifiedNameOf).join(', ')}. Restore them in the catalog to pull them.`);
    if (chosen.length === 0) notes.push('No property definition matched the selection.');
    else files.push({ name: PULL_FILE_NAMES.definitions, text: definitionsYaml(chosen), summary: `${chosen.length} property definition(s)` });
  }

  if (selection.values !== undefined) {
    options.signal?.throwIfAborted();
    const properties = propertyInfo(active);
    const entities = selection.values === 'all' ? await everyPropertyUser(connection, active, options.signal) : await entitiesByUrn(connection, selection.values);
    const datasetUrns = [...new Set(entities.flatMap((e) => datasetOf(e.urn) ?? []))].sort(compare);
    const datasets = new Map<string, DatasetFacts | undefined>();
    for (const urn of datasetUrns) datasets.set(urn, await datasetFacts(connection, urn));
    const written = valuesFiles(entities, properties, datasets);
    if (written.datasetsYaml) files.push({ name: PULL_FILE_NAMES.datasets, text: written.datasetsYaml, summary: `structured properties of ${datasetUrns.length} dataset(s) and their columns` });
    if (written.mcpJson) files.push({ name: PULL_FILE_NAMES.mcp, text: written.mcpJson, summary: 'structured properties of entities other than datasets (MCP JSON)' });
    if (written.entityCount === 0) notes.push(selection.values === 'all' ? 'No entity holds a structured-property value.' : 'None of the chosen entities holds a structured-property value.');
  }

  if (selection.lineage) files.push(await pullLineage(connection, selection.lineage, notes, options.fetcher ?? serviceLineageFetcher(connection)));
  return { files, notes };
}

async function pullLineage(connection: ServiceConnection, selection: LineageSelection, notes: string[], fetcher: LineageFetcher): Promise<PulledFile> {
  if (!(await entitiesExist(connection, [selection.urn])).get(selection.urn)) {
    throw new Error(`The catalog at ${connection.url} has no entity ${selection.urn}. Check the URN (platform, name, environment).`);
  }
  const graph = new LineageGraph(selection.urn, fetcher);
  await graph.expandTo(selection.degree, selection.directions);
  // A lineage file replaces each entry's upstreams: every downstream written gets all of its upstreams.
  const downstreams = [...new Set(graph.snapshot().edges.map((e) => e.downstream))];
  for (const urn of downstreams) await graph.expand(urn, 'upstream');
  let snapshot = graph.snapshot();
  const others = notDatasets(snapshot);
  const format = selection.format ?? (others.length > 0 ? 'edges' : 'file');
  if (format === 'file' && others.length > 0) {
    throw new Error(`A lineage file names datasets only, and this lineage has ${others.length} other entit${others.length === 1 ? 'y' : 'ies'} (${others.slice(0, 3).join(', ')}). Pull it as an updateLineage edge document instead (--lineage-format edges).`);
  }
  if (format === 'file' && selection.columns !== false) {
    await graph.loadColumns(downstreams);
    snapshot = graph.snapshot();
  }
  if (format === 'edges' && selection.columns !== false && selection.format === undefined && others.length > 0) {
    notes.push(`Wrote an updateLineage edge document because the lineage has entities other than datasets (${others.length}); it has no column-level edges.`);
  }
  if (snapshot.truncated) notes.push('The lineage is larger than the pull follows (5,000 entities); the file holds part of it. Choose a smaller degree.');
  const text = lineageFileText(snapshot, format, new Set(downstreams));
  const edges = snapshot.edges.length;
  return {
    name: format === 'file' ? PULL_FILE_NAMES.lineageFile : PULL_FILE_NAMES.lineageEdges,
    text,
    summary: `${edges} edge(s) within ${selection.degree} hop(s) of ${selection.urn}${format === 'file' ? `, ${snapshot.columnEdges.length} column-level edge(s)` : ''}`,
  };
}

function propertyInfo(definitions: readonly ServicePropertyDefinition[]): Map<string, PropertyInfo> {
  return new Map(definitions.map((d) => [d.urn, { qualifiedName: qualifiedNameOf(d), multiple: d.aspect.cardinality === 'MULTIPLE' }]));
}

async function everyPropertyUser(connection: ServiceConnection, definitions: readonly ServicePropertyDefinition[], signal?: AbortSignal): Promise<EntityPropertyValues[]> {
  const names = definitions.map(qualifiedNameOf).sort(compare);
  const byUrn = new Map<string, EntityPropertyValues>();
  for (let start = 0; start < names.length; start += NAMES_PER_SEARCH) {
    const page = await findPropertyUsers(connection, names.slice(start, start + NAMES_PER_SEARCH), { limit: 1_000_000, signal });
    for (const entity of page.entities) byUrn.set(entity.urn, entity);
  }
  return [...byUrn.values()];
}

async function entitiesByUrn(connection: ServiceConnection, urns: readonly string[]): Promise<EntityPropertyValues[]> {
  const out: EntityPropertyValues[] = [];
  for (const urn of [...new Set(urns)].sort(compare)) {
    const entityType = entityTypeOfUrn(urn);
    if (!entityType) throw new Error(`"${urn}" is not a URN (urn:li:<entityType>:…).`);
    const aspect = await readAspect(connection, entityType, urn, 'structuredProperties');
    const properties = new Map<string, PropertyValueView[]>();
    for (const entry of Array.isArray(aspect?.properties) ? aspect.properties : []) {
      const record = entry as { propertyUrn?: unknown; values?: unknown };
      if (typeof record.propertyUrn !== 'string' || !Array.isArray(record.values)) continue;
      properties.set(
        record.propertyUrn,
        record.values.flatMap((v: unknown): PropertyValueView[] => {
          const value = v as { string?: unknown; double?: unknown };
          return typeof value.double === 'number' ? [value.double] : typeof value.string === 'string' ? [value.string] : [];
        }),
      );
    }
    out.push({ urn, type: entityType, properties });
  }
  return out;
}

function datasetOf(urn: string): string | undefined {
  const type = entityTypeOfUrn(urn);
  if (type === 'dataset') return urn;
  if (type !== 'schemaField') return undefined;
  const parsed = parseUrn(urn);
  return parsed.ok ? schemaFieldKey(parsed.urn)?.datasetUrn : undefined;
}

async function datasetFacts(connection: ServiceConnection, urn: string): Promise<DatasetFacts | undefined> {
  const aspect = await readAspect(connection, 'dataset', urn, 'datasetProperties');
  if (!aspect) return undefined;
  const facts: DatasetFacts = {};
  if (typeof aspect.name === 'string') facts.name = aspect.name;
  if (typeof aspect.description === 'string') facts.description = aspect.description;
  return facts;
}
