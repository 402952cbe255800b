import type { PendingMark } from '../common/pendingTypes';
import { markDescription } from './markLabels';
import type { LineageTree } from './tree';
import type { FineGrainedLineageView, LineageNode, TreeDirection } from './types';

export interface ExpandOptions {
  directions: readonly TreeDirection[];
  /** hops to expand; Infinity follows lineage until it ends (cycles stop it) */
  maxDepth: number;
  /** stop loading after this many entity nodes, so a huge graph cannot hang a terminal */
  maxNodes?: number;
}

/** An edge the workspace's files remove is shown where it is cut and not followed (its far side's lineage is not what the push leaves). */
function follows(node: LineageNode): boolean {
  return node.mark?.change !== 'removed';
}

export interface ExpandedNode {
  node: LineageNode;
  children: ExpandedNode[];
}

export interface ExpandedTree {
  rootUrn: string;
  groups: ExpandedNode[];
  /** true when maxNodes stopped the walk */
  truncated: boolean;
}

const DEFAULT_MAX_NODES = 500;

/** Loads the tree breadth by breadth up to `maxDepth` hops, following every "Load more…". */
export async function expandTree(tree: LineageTree, options: ExpandOptions): Promise<ExpandedTree> {
  const maxNodes = options.maxNodes ?? DEFAULT_MAX_NODES;
  let entities = 0;
  let truncated = false;
  const expand = async (node: LineageNode): Promise<ExpandedNode> => {
    const depth = node.path.length - 1;
    if (!node.expandable || !follows(node) || depth >= options.maxDepth || truncated) return { node, children: [] };
    let children = await tree.children(node.id);
    for (let more = children.find((c) => c.kind === 'loadMore'); more; more = children.find((c) => c.kind === 'loadMore')) {
      if (entities + children.length >= maxNodes) {
        // The rest of this entity's neighbours stay unloaded: the answer is not the whole walk.
        truncated = true;
        break;
      }
      children = await tree.loadMore(more.id);
    }
    const out: ExpandedNode[] = [];
    for (const child of children) {
      // The catalog's walk stopped at its own limit: the answer is not the whole lineage either.
      if (child.kind === 'cut') truncated = true;
      if (child.kind === 'entity' && ++entities > maxNodes) {
        truncated = true;
        break;
      }
      out.push(await expand(child));
    }
    return { node, children: out };
  };
  const groups: ExpandedNode[] = [];
  for (const group of tree.groups()) if (options.directions.includes(group.direction)) groups.push(await expand(group));
  return { rootUrn: tree.rootUrn, groups, truncated };
}

/** A tree for a terminal, drawn with box-drawing characters; degrees in brackets, cycles marked. */
export function renderLineageText(tree: ExpandedTree): string {
  const lines: string[] = [tree.rootUrn];
  const walk = (items: ExpandedNode[], prefix: string): void => {
    items.forEach((item, index) => {
      const last = index === items.length - 1;
      lines.push(`${prefix}${last ? '└─ ' : '├─ '}${lineOf(item)}`);
      const childPrefix = prefix + (last ? '   ' : '│  ');
      if (item.node.kind === 'group' && item.children.length === 0) lines.push(`${childPrefix}└─ (none)`);
      walk(item.children, childPrefix);
    });
  };
  walk(tree.groups, '');
  if (tree.truncated) lines.push('… stopped after the node limit; ask for fewer hops (--hops 1 or 2) to see the rest.');
  return lines.join('\n');
}

function lineOf(item: ExpandedNode): string {
  const node = item.node;
  switch (node.kind) {
    case 'group':
      return node.label;
    case 'entity':
      return `[${node.degreeLabel ?? '?'}] ${node.label}${node.cycle ? ' ↺' : ''}  ${node.urn ?? ''}${markSuffix(node.mark)}`;
    case 'column':
      return `column: ${node.label}${markSuffix(node.column?.mark)}`;
    case 'loadMore':
      return `${node.label} (not loaded)`;
    case 'cut':
      return `… ${node.label}`;
    case 'error':
      return `error: ${node.error ?? node.label}`;
  }
}

/** `  + added in revenue-lineage.yml` after a line (core/lineage/markLabels.ts), nothing when unchanged. */
function markSuffix(mark: PendingMark | undefined): string {
  const words = markDescription(mark);
  return words ? `  ${words}` : '';
}

export interface LineageJsonNode {
  urn: string;
  /** pending views: what the workspace's files do to the edge that reaches this entity, and which files */
  mark?: PendingMark;
  type?: string;
  degree?: number;
  degreeLabel?: string;
  cycle: boolean;
  columns: FineGrainedLineageView[];
  children: LineageJsonNode[];
  moreNotLoaded?: boolean;
  error?: string;
}

export interface LineageJson {
  root: string;
  /** the root's own column-level edges (when it is a dataset and the upstream side was asked for) */
  rootColumns: FineGrainedLineageView[];
  upstream?: LineageJsonNode[];
  downstream?: LineageJsonNode[];
  truncated: boolean;
  errors: string[];
}

/** The same tree as plain data, for scripts (`--format json`). */
export function lineageToJson(tree: ExpandedTree): LineageJson {
  const errors: string[] = [];
  const convert = (items: ExpandedNode[]): LineageJsonNode[] => {
    const out: LineageJsonNode[] = [];
    for (const item of items) {
      if (item.node.kind === 'error' && item.node.error) errors.push(item.node.error);
      if (item.node.kind !== 'entity') continue;
      const node: LineageJsonNode = {
        urn: item.node.urn ?? '',
        type: item.node.entityType,
        degree: item.node.degree,
        degreeLabel: item.node.degreeLabel,
        cycle: item.node.cycle,
        ...(changed(item.node.mark) ? { mark: item.node.mark } : {}),
        columns: item.children.flatMap((child) => (child.node.kind === 'column' && child.node.column ? [withChangeOnly(child.node.column)] : [])),
        children: convert(item.children),
      };
      if (item.children.some((child) => child.node.kind === 'loadMore')) node.moreNotLoaded = true;
      const error = item.children.find((child) => child.node.kind === 'error')?.node.error;
      if (error) node.error = error;
      out.push(node);
    }
    return out;
  };
  const json: LineageJson = { root: tree.rootUrn, rootColumns: rootColumns(tree), truncated: tree.truncated, errors };
  for (const group of tree.groups) json[group.node.direction] = convert(group.children);
  return json;
}

function rootColumns(tree: ExpandedTree): FineGrainedLineageView[] {
  const upstream = tree.groups.find((group) => group.node.direction === 'upstream');
  return upstream?.children.flatMap((child) => (child.node.kind === 'column' && child.node.column ? [withChangeOnly(child.node.column)] : [])) ?? [];
}

/** Only a change is worth a `mark` in JSON: an unchanged edge reads as it always did. */
function changed(mark: PendingMark | undefined): mark is PendingMark {
  return mark !== undefined && mark.change !== 'unchanged';
}

function withChangeOnly(column: FineGrainedLineageView): FineGrainedLineageView {
  if (changed(column.mark) || column.mark === undefined) return column;
  const { mark: _unchanged, ...rest } = column;
  return rest;
}

/** One row per entity: direction, degree, type, name, URN and the pending change with its files (`--format table`). */
export function renderLineageTable(tree: ExpandedTree): string {
  const rows: string[][] = [['DIRECTION', 'DEGREE', 'TYPE', 'NAME', 'URN', 'CHANGE']];
  const walk = (items: ExpandedNode[]): void => {
    for (const item of items) {
      const node = item.node;
      if (node.kind === 'entity') rows.push([node.direction, node.degreeLabel ?? '?', node.entityType ?? '', `${node.label}${node.cycle ? ' ↺' : ''}`, node.urn ?? '', markDescription(node.mark) ?? '']);
      walk(item.children);
    }
  };
  walk(tree.groups);
  if (rows.length === 1) return '(no lineage)';
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const lines = rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]))).join('  ').trimEnd());
  if (tree.truncated) lines.push('… stopped after the node limit; ask for fewer hops (--hops 1 or 2) to see the rest.');
  return lines.join('\n');
}
