import type { Located } from '../model/range';
import { makeDatasetUrn } from '../urn';
import { declarationOf, FactCollector, pathOf } from './collector';
import { lineageEnumValue } from './envReference';
import { readFineGrainedLineages } from './fineGrained';
import type { DocNode } from './tree';
import { isNullNode, valueOf } from './tree';

/**
 * The `datahub-lineage-file` source's file (reference/datahub-formats.md §1c): `version`, and
 * `lineage:` entries of `entity`, recursive `upstream` and `fineGrainedLineages`. Everything is
 * recorded at every depth; facts carry the depth because DataHub reads only the top level.
 */
export function readLineageFile(root: DocNode, collector: FactCollector): void {
  readLineageFrame(root, collector).forEach((item, index) => readLineageItem(item, index, collector));
}

/** The `index`-th top-level `lineage:` entry. */
export function readLineageItem(item: DocNode, index: number, collector: FactCollector): void {
  readNode(item, 0, pathOf('lineage', index), collector);
}

/** Everything but the `lineage:` entries; answers them, for readLineageItem in order (core/formats/yamlUnits.ts). */
export function readLineageFrame(root: DocNode, collector: FactCollector): DocNode[] {
  const map = collector.map(root, '');
  if (!map) return [];
  collector.shape(map, 'lineageFile.root');
  const version = valueOf(map, 'version');
  if (version && !isNullNode(version)) {
    if (version.type === 'scalar' && (typeof version.value === 'string' || typeof version.value === 'number')) {
      collector.own({ kind: 'formatVersion', value: { value: version.value, range: version.inner } });
    } else {
      collector.wrongType('version', 'string', version);
    }
  }
  collector.requireKey(map, 'lineageFile.root', 'lineage');
  return collector.list(valueOf(map, 'lineage'), 'lineage');
}

/** Reads one `{entity, upstream, fineGrainedLineages}` node; returns its entity's dataset URN. */
function readNode(node: DocNode, depth: number, path: string, collector: FactCollector): Located<string> | undefined {
  const map = collector.map(node, path);
  if (!map) return undefined;
  collector.shape(map, 'lineageFile.node');
  collector.requireKey(map, 'lineageFile.node', 'entity');
  const urn = readEntity(valueOf(map, 'entity'), depth, path, collector);

  const upstreamUrns: string[] = [];
  const upstreams = collector.list(valueOf(map, 'upstream'), path, false, 'upstream');
  for (let index = 0; index < upstreams.length; index++) {
    const item = upstreams[index];
    const upstream = readNode(item, depth + 1, pathOf(pathOf(path, 'upstream'), index), collector);
    if (!upstream) continue;
    upstreamUrns.push(upstream.value);
    if (urn) collector.facts.push({ kind: 'lineageEdge', downstream: urn, upstream, change: 'add', origin: 'lineageFile', depth, range: item.range });
  }

  // Most nodes have none, which records nothing: its path is then not made.
  const fineGrained = valueOf(map, 'fineGrainedLineages');
  if (fineGrained !== undefined) readFineGrainedLineages(fineGrained, 'lineageFile.fineGrainedLineage', urn, upstreamUrns, pathOf(path, 'fineGrainedLineages'), collector, depth);
  return urn;
}

const ENTITY_KEYS = ['name', 'type', 'platform'];

/**
 * The `entity` of the node at `parent`. Paths are given as (path, key): made only when a wrong type
 * is recorded, not for every key read (FactCollector.urn).
 */
function readEntity(node: DocNode | undefined, depth: number, parent: string, collector: FactCollector): Located<string> | undefined {
  const map = collector.map(node, parent, 'entity');
  if (!map) return undefined;
  const path = pathOf(parent, 'entity');
  collector.shape(map, 'lineageFile.entity');
  for (const key of ENTITY_KEYS) collector.requireKey(map, 'lineageFile.entity', key);
  const name = collector.string(valueOf(map, 'name'), path, 'name');
  // DataHub expands environment variables in the file before it validates it (./envReference.ts).
  lineageEnumValue(collector, valueOf(map, 'type'), 'lineageEntityType', path, 'type');
  const platform = collector.string(valueOf(map, 'platform'), path, 'platform');
  const env = lineageEnumValue(collector, valueOf(map, 'env'), 'fabricType', path, 'env');
  const instance = collector.string(valueOf(map, 'platform_instance'), path, 'platform_instance');
  if (!name || !platform) return undefined;
  const datasetName = instance ? `${instance.value}.${name.value}` : name.value;
  // The lineage source uppercases env before building the URN.
  const urn = { value: makeDatasetUrn(platform.value, datasetName, (env?.value ?? 'PROD').toUpperCase()), range: name.range };
  collector.facts.push(declarationOf(urn, map, 'lineageFile', depth));
  return urn;
}
