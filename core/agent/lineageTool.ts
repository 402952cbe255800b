import type { FineGrainedLineageView } from '../api/lineageClient';
import type { PendingChange, PendingMark } from '../common/pendingTypes';
import { workspaceEntities } from '../features/workspaceUrns';
import { expandTree, lineageToJson, type LineageJsonNode } from '../lineage/render';
import { LineageTree } from '../lineage/tree';
import type { TreeDirection } from '../lineage/types';
import { datasetKey, makeDatasetUrn, makeSchemaFieldUrn } from '../urn/builders';
import { entityTypeOfUrn, parseUrn } from '../urn';
import type { WorkspaceSession } from '../workspace/session';
import { AGENT_LIMITS, capped, moreClause } from './bounds';
import { toolError, type AgentTool } from './toolTypes';
import { fileLabel, uriPath } from './workspacePaths';

interface AgentEdge {
  upstream: string;
  downstream: string;
  /** what the workspace's files do to the edge: added, removed (shown, not followed) or unchanged */
  change: PendingChange;
  /** the files that cause the change */
  files: string[];
}

export const getLineageTool: AgentTool = {
  name: 'get_lineage',
  title: 'Get lineage',
  description:
    'Lineage of an entity (a URN, or a dataset name from the workspace) over the pending state: the catalog with the workspace files applied, as they will be once pushed (offline: the files alone). ' +
    'Returns nodes and edges hop by hop; each edge is marked added, removed or unchanged with the files that cause it, and dataset edges carry their column-level edges. ' +
    'Use it to see what a lineage file adds before pushing, or what feeds or depends on a dataset.',
  inputSchema: {
    type: 'object',
    properties: {
      urn: { type: 'string', minLength: 1, maxLength: 2000, description: 'The entity URN, e.g. urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD). Give this or dataset.' },
      dataset: { type: 'string', minLength: 1, maxLength: 500, description: 'A dataset name as written in the workspace files (e.g. "analytics.orders"); with platform (and env) it may name any dataset.' },
      platform: { type: 'string', minLength: 1, maxLength: 100, description: 'The dataset platform (hive, snowflake, …), with dataset.' },
      env: { type: 'string', minLength: 1, maxLength: 20, description: 'The dataset environment with dataset (default PROD).' },
      direction: { type: 'string', enum: ['upstream', 'downstream', 'both'], description: 'Default: both.' },
      hops: { type: 'integer', minimum: 1, maximum: AGENT_LIMITS.lineageHops, description: 'How many hops to follow (default 3).' },
      column: { type: 'string', minLength: 1, maxLength: 500, description: "Start at this column of the dataset (column-level lineage), e.g. customer_id." },
    },
    additionalProperties: false,
  },
  readOnly: true,
  async run(input, context) {
    const { session, pending } = await context.snapshot();
    const root = rootUrn(input, session);
    if (!root.ok) return toolError(root.problem);
    const direction = (input.direction as string | undefined) ?? 'both';
    const directions: TreeDirection[] = direction === 'both' ? ['upstream', 'downstream'] : [direction as TreeDirection];
    const expanded = await expandTree(new LineageTree(root.urn, pending.lineage.fetcher('pending')), { directions, maxDepth: (input.hops as number | undefined) ?? 3, maxNodes: AGENT_LIMITS.lineageNodes });
    const json = lineageToJson(expanded);
    const graph = flatten(root.urn, json, context.folders);
    const nodes = capped([...graph.nodes.values()], AGENT_LIMITS.lineageNodes);
    const edges = capped(graph.edges, AGENT_LIMITS.lineageNodes);
    const basis = context.service ? `the catalog at ${context.service.url} with the workspace files applied` : 'the workspace files alone (offline: no catalog connected)';
    const changed = graph.edges.filter((edge) => edge.change !== 'unchanged');
    const summary = [
      `Lineage of ${root.urn} over ${basis}: ${graph.nodes.size - 1} related entit${graph.nodes.size === 2 ? 'y' : 'ies'}, ${graph.edges.length} edge(s), ${changed.length} changed by the files${moreClause(edges.more, 'edge(s)')}${json.truncated ? '; the walk stopped at its limit' : ''}.`,
      ...graph.edges.slice(0, 10).map((edge) => `${edge.upstream} → ${edge.downstream}${edge.change === 'unchanged' ? '' : ` (${edge.change} by ${edge.files.join(', ')})`}`),
    ].join('\n');
    return {
      summary,
      structured: { root: root.urn, basis, nodes: nodes.shown, moreNodes: nodes.more, edges: edges.shown, moreEdges: edges.more, columnEdges: graph.columns.slice(0, AGENT_LIMITS.lineageNodes), truncated: json.truncated, errors: json.errors.slice(0, 10) },
    };
  },
};

type RootUrn = { ok: true; urn: string } | { ok: false; problem: string };

/** The URN to start from: `urn`, or the dataset named; with `column`, that column's schemaField URN. */
function rootUrn(input: Record<string, unknown>, session: WorkspaceSession): RootUrn {
  const entity = entityUrn(input, session);
  if (!entity.ok || input.column === undefined) return entity;
  if (entityTypeOfUrn(entity.urn) !== 'dataset') return { ok: false, problem: `A column belongs to a dataset; ${entity.urn} is not one.` };
  const column = String(input.column).trim();
  if (!column || /[()]/.test(column)) return { ok: false, problem: `column takes a field path such as customer_id, not '${column}'.` };
  return { ok: true, urn: makeSchemaFieldUrn(entity.urn, column) };
}

function entityUrn(input: Record<string, unknown>, session: WorkspaceSession): RootUrn {
  if (typeof input.urn === 'string') {
    if (input.dataset !== undefined) return { ok: false, problem: 'Give urn or dataset, not both.' };
    const parsed = parseUrn(input.urn);
    return parsed.ok ? { ok: true, urn: input.urn } : { ok: false, problem: `'${input.urn.slice(0, 200)}' is not a valid URN: ${parsed.error.message}` };
  }
  if (typeof input.dataset !== 'string') return { ok: false, problem: 'Give the entity: urn, or dataset (a dataset name from the workspace, with platform for any other).' };
  const name = input.dataset;
  const platform = input.platform as string | undefined;
  const env = input.env as string | undefined;
  const matches = workspaceEntities(session.all(), 20_000).filter(({ urn }) => {
    const parsed = parseUrn(urn);
    const key = parsed.ok ? datasetKey(parsed.urn) : undefined;
    return key !== undefined && key.name === name && (platform === undefined || key.platform === platform) && (env === undefined || key.env === env);
  });
  if (matches.length === 1) return { ok: true, urn: matches[0].urn };
  if (matches.length > 1) return { ok: false, problem: `${matches.length} datasets of the workspace are named '${name}': ${matches.slice(0, 10).map((m) => m.urn).join(', ')}. Give platform (and env), or the urn.` };
  if (platform) return { ok: true, urn: makeDatasetUrn(platform, name, env ?? 'PROD') };
  return { ok: false, problem: `No dataset named '${name.slice(0, 200)}' in the workspace files. Give platform (and env) to name a dataset the catalog holds, or the urn.` };
}

/** The tree as nodes and edges, each edge with its pending mark. */
function flatten(root: string, json: ReturnType<typeof lineageToJson>, folders: readonly string[]) {
  const nodes = new Map<string, { urn: string; type?: string; degree: number }>([[root, { urn: root, type: entityTypeOfUrn(root), degree: 0 }]]);
  const edges: AgentEdge[] = [];
  const seen = new Set<string>();
  const columns: (FineGrainedLineageView & { files?: string[] })[] = json.rootColumns.map((view) => columnView(view, folders));
  const walk = (parent: string, children: readonly LineageJsonNode[], up: boolean, depth: number) => {
    for (const child of children) {
      if (!nodes.has(child.urn)) nodes.set(child.urn, { urn: child.urn, type: entityTypeOfUrn(child.urn) ?? child.type, degree: depth });
      const edge = up ? { upstream: child.urn, downstream: parent } : { upstream: parent, downstream: child.urn };
      const key = `${edge.upstream}→${edge.downstream}`;
      if (!seen.has(key)) {
        seen.add(key);
        edges.push({ ...edge, ...markView(child.mark, folders) });
      }
      columns.push(...child.columns.map((view) => columnView(view, folders)));
      walk(child.urn, child.children, up, depth + 1);
    }
  };
  walk(root, json.upstream ?? [], true, 1);
  walk(root, json.downstream ?? [], false, 1);
  return { nodes, edges, columns };
}

function markView(mark: PendingMark | undefined, folders: readonly string[]): Pick<AgentEdge, 'change' | 'files'> {
  return { change: mark?.change ?? 'unchanged', files: (mark?.sources ?? []).map((source) => fileLabel(uriPath(source), folders)) };
}

function columnView(view: FineGrainedLineageView, folders: readonly string[]) {
  const { mark, ...rest } = view;
  return { ...rest, change: mark?.change ?? 'unchanged', files: (mark?.sources ?? []).map((source) => fileLabel(uriPath(source), folders)) };
}

