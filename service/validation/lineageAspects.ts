import { checkUrn, describe, isObject, partText } from './urns';

/**
 * Shape checks of the aspects that hold lineage (field names as in DataHub's PDL), and the
 * consistency rule of spec §2.4: every column of a fine-grained edge must belong to the entity
 * itself or to one of its entity-level `upstreams`.
 */

function urnProblems(value: unknown, field: string): string[] {
  if (typeof value !== 'string') return [`${field} must be a URN string; found ${describe(value)}.`];
  const parsed = checkUrn(value);
  return parsed.ok ? [] : [`${field}: ${parsed.message}`];
}

function listProblems(list: unknown, field: string, each: (item: unknown, at: string) => string[], required = false): string[] {
  if (list === undefined && !required) return [];
  if (!Array.isArray(list)) return [`${field} must be a list; found ${describe(list)}.`];
  return list.flatMap((item, index) => each(item, `${field}[${index}]`));
}

const edgeProblems = (item: unknown, at: string): string[] =>
  isObject(item) ? urnProblems(item.destinationUrn, `${at}.destinationUrn`) : [`${at} must be an Edge object {"destinationUrn": ...}; found ${describe(item)}.`];

/**
 * The dataset a schemaField URN belongs to, or the URN itself when it is a dataset. A field of another
 * entity (SchemaFieldKey's parent is any Urn: Looker and Sigma name chart fields) has no dataset, so
 * the spec's dataset/column consistency rule does not apply to it.
 */
function datasetOfColumn(urn: string): string | undefined {
  const parsed = checkUrn(urn);
  if (!parsed.ok) return undefined;
  if (parsed.urn.entityType === 'dataset') return urn;
  if (parsed.urn.entityType !== 'schemaField') return undefined;
  const parent = parsed.urn.parts[0];
  return parent?.kind === 'urn' && parent.entityType === 'dataset' ? partText(parsed.urn, 0) : undefined;
}

function fineGrainedProblems(list: unknown, field: string, allowedDatasets: Set<string> | undefined, entityUrn: string): string[] {
  return listProblems(list, field, (item, at) => {
    if (!isObject(item)) return [`${at} must be an object with upstreams and downstreams; found ${describe(item)}.`];
    const problems = [
      ...listProblems(item.upstreams, `${at}.upstreams`, urnProblems),
      ...listProblems(item.downstreams, `${at}.downstreams`, urnProblems),
    ];
    if (problems.length > 0 || !allowedDatasets) return problems;
    const columns = [...(item.upstreams as string[] | undefined ?? []), ...(item.downstreams as string[] | undefined ?? [])];
    for (const column of columns) {
      const dataset = datasetOfColumn(column);
      if (dataset !== undefined && !allowedDatasets.has(dataset)) {
        problems.push(
          `${at} uses the column ${column} of ${dataset}, which is neither ${entityUrn} nor one of its upstreams. This is the local catalog's own rule (column lineage must agree with dataset lineage, spec §2.4); DataHub would store it. Add ${dataset} to upstreams, or fix the column URN (check its platform, name and environment).`,
        );
      }
    }
    return problems;
  });
}

/**
 * Upstream.pdl: `dataset: DatasetUrn` with `@Relationship {"name": "DownstreamOf", "entityTypes":
 * ["dataset"]}`; DataHub refuses any other entity there as not a valid destination of the
 * relationship. A URN that does not parse is told by urnProblems already.
 */
function destinationProblems(value: unknown, at: string): string[] {
  if (typeof value !== 'string' || !value.startsWith('urn:li:') || value.startsWith('urn:li:dataset:')) return [];
  const type = value.slice('urn:li:'.length).split(':')[0];
  return [`${at}: ${value} is not a valid destination of DownstreamOf: an upstream in upstreamLineage must be a dataset, not a ${type} (Upstream.pdl). Write a job's outputs in its dataJobInputOutput, a chart's inputs in its chartInfo.`];
}

export function validateUpstreamLineage(entityUrn: string, value: Record<string, unknown>): string[] {
  const problems = listProblems(
    value.upstreams,
    'upstreamLineage.upstreams',
    (item, at) => (isObject(item) ? [...urnProblems(item.dataset, `${at}.dataset`), ...destinationProblems(item.dataset, `${at}.dataset`)] : [`${at} must be {"dataset": ..., "type": "TRANSFORMED"}; found ${describe(item)}.`]),
    true,
  );
  const allowed = new Set<string>([entityUrn]);
  if (Array.isArray(value.upstreams)) for (const upstream of value.upstreams) if (isObject(upstream) && typeof upstream.dataset === 'string') allowed.add(upstream.dataset);
  problems.push(...fineGrainedProblems(value.fineGrainedLineages, 'upstreamLineage.fineGrainedLineages', problems.length === 0 ? allowed : undefined, entityUrn));
  return problems;
}

/**
 * Spec §1: both entities of an edge must already exist, and a write that refers to one that does
 * not fails — as updateLineage answers (lineage/updateLineage.ts checkEdge), in its words. Only the
 * upstreams this write adds are checked (those of `previous` were checked when written), and an
 * upstream written earlier in the same request counts (`exists` sees the staged writes).
 */
export function missingUpstreamProblems(value: Record<string, unknown>, previous: Record<string, unknown> | undefined, exists: (urn: string) => boolean): string[] {
  const before = new Set(upstreamDatasets(previous?.upstreams));
  const problems: string[] = [];
  upstreamDatasets(value.upstreams).forEach((dataset, index) => {
    if (dataset === '' || before.has(dataset) || exists(dataset)) return;
    problems.push(
      `upstreamLineage.upstreams[${index}].dataset: Cannot upsert lineage as upstream urn ${dataset} doesn't exist. Create the entity first (write any of its aspects) or fix the URN.`,
    );
  });
  return problems;
}

/** The `dataset` of each upstream, in order (entries without one as empty strings, so indexes hold). */
function upstreamDatasets(upstreams: unknown): string[] {
  if (!Array.isArray(upstreams)) return [];
  return upstreams.map((upstream) => (isObject(upstream) && typeof upstream.dataset === 'string' ? upstream.dataset : ''));
}

export function validateDataJobInputOutput(value: Record<string, unknown>): string[] {
  return [
    ...listProblems(value.inputDatasets, 'dataJobInputOutput.inputDatasets', urnProblems),
    ...listProblems(value.outputDatasets, 'dataJobInputOutput.outputDatasets', urnProblems),
    ...listProblems(value.inputDatajobs, 'dataJobInputOutput.inputDatajobs', urnProblems),
    ...listProblems(value.inputDatasetEdges, 'dataJobInputOutput.inputDatasetEdges', edgeProblems),
    ...listProblems(value.outputDatasetEdges, 'dataJobInputOutput.outputDatasetEdges', edgeProblems),
    ...listProblems(value.inputDatajobEdges, 'dataJobInputOutput.inputDatajobEdges', edgeProblems),
    ...fineGrainedProblems(value.fineGrainedLineages, 'dataJobInputOutput.fineGrainedLineages', undefined, ''),
  ];
}

export function validateChartInfo(value: Record<string, unknown>): string[] {
  return [
    ...listProblems(value.inputs, 'chartInfo.inputs', (item, at) =>
      typeof item === 'string' ? urnProblems(item, at) : isObject(item) ? urnProblems(item.string, `${at}.string`) : [`${at} must be {"string": "<dataset urn>"}; found ${describe(item)}.`],
    ),
    ...listProblems(value.inputEdges, 'chartInfo.inputEdges', edgeProblems),
  ];
}

export function validateDashboardInfo(value: Record<string, unknown>): string[] {
  return [
    ...listProblems(value.charts, 'dashboardInfo.charts', urnProblems),
    ...listProblems(value.datasets, 'dashboardInfo.datasets', urnProblems),
    ...listProblems(value.chartEdges, 'dashboardInfo.chartEdges', edgeProblems),
    ...listProblems(value.datasetEdges, 'dashboardInfo.datasetEdges', edgeProblems),
  ];
}
