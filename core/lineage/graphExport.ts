import { parseUrn, schemaFieldKey } from '../urn';
import type { GraphSnapshot } from './graph';

/**
 * The lineage graph as others can use it: Mermaid (paste into a pull request or a Markdown page)
 * and SVG (an image of exactly what the graph view shows, in the view's theme colours).
 */

/** A node placed by the layout: x/y is its centre. */
export interface LaidOutNode {
  urn: string;
  label: string;
  degree: number;
  type: string;
  root: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutEdge {
  upstream: string;
  downstream: string;
  points: { x: number; y: number }[];
  /** a column-level edge (drawn dashed, with its columns as the label) */
  column?: boolean;
  label?: string;
  /** where the column label is drawn: a block of lines placed clear of the entities and other labels */
  labelBlock?: EdgeLabelBlock;
}

/** A label block (left, top, size) of a column-level edge, one line per column pair. */
export interface EdgeLabelBlock {
  x: number;
  y: number;
  width: number;
  height: number;
  lines: string[];
  lineHeight: number;
  padding: number;
  fontSize: number;
}

export interface GraphLayout {
  width: number;
  height: number;
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
}

/** Colours of the export, read from the editor's theme by the view (CSS variables). */
export interface GraphColors {
  background: string;
  foreground: string;
  border: string;
  root: string;
  edge: string;
  column: string;
  muted: string;
}

export const DEFAULT_COLORS: GraphColors = { background: '#ffffff', foreground: '#1f1f1f', border: '#8a8a8a', root: '#0066b8', edge: '#6e6e6e', column: '#b45f06', muted: '#717171' };

/** Column-level edges between the datasets of a snapshot, one per (upstream dataset, downstream dataset) pair, with the columns as label. */
export function datasetColumnLinks(snapshot: GraphSnapshot): { upstream: string; downstream: string; label: string; columns: string[] }[] {
  const shown = new Set(snapshot.nodes.map((n) => n.urn));
  const links = new Map<string, { upstream: string; downstream: string; columns: string[] }>();
  for (const edge of snapshot.columnEdges) {
    const downs = edge.downstreams.map(fieldOf);
    for (const up of edge.upstreams) {
      const dataset = datasetOfField(up);
      if (!dataset || !shown.has(dataset) || !shown.has(edge.owner)) continue;
      const key = `${dataset}\u0000${edge.owner}`;
      let link = links.get(key);
      if (!link) links.set(key, (link = { upstream: dataset, downstream: edge.owner, columns: [] }));
      // A pair the SQL proposes and no file writes yet (core/pending/marks.ts) reads "? amount → refunded".
      link.columns.push(`${edge.mark?.change === 'proposed' ? '? ' : ''}${fieldOf(up)} → ${downs.join(', ')}`);
    }
  }
  return [...links.values()].map((l) => ({ upstream: l.upstream, downstream: l.downstream, label: l.columns.join('; '), columns: l.columns }));
}

/** `flowchart LR` with one node per entity (label and degree), `-->` per edge and `-.->` per column-level link. */
export function graphToMermaid(snapshot: GraphSnapshot, options: { columns?: boolean } = {}): string {
  const ids = new Map(snapshot.nodes.map((node, index) => [node.urn, `n${index}`]));
  const lines = ['flowchart LR', `  %% Lineage of ${snapshot.root}`];
  for (const node of snapshot.nodes) {
    const degree = node.side === 'root' ? 'root' : `${node.side === 'upstream' ? '↑' : '↓'}${node.degree}`;
    lines.push(`  ${ids.get(node.urn)}["${mermaidText(node.label)} · ${degree}"]`);
  }
  for (const edge of snapshot.edges) {
    const from = ids.get(edge.upstream);
    const to = ids.get(edge.downstream);
    if (from && to) lines.push(`  ${from} --> ${to}`);
  }
  if (options.columns) {
    for (const link of datasetColumnLinks(snapshot)) lines.push(`  ${ids.get(link.upstream)} -. "${mermaidText(link.label)}" .-> ${ids.get(link.downstream)}`);
  }
  const root = ids.get(snapshot.root);
  if (root) lines.push(`  style ${root} stroke-width:3px`);
  return `${lines.join('\n')}\n`;
}

/** Mermaid labels in quotes: a quote is written as an entity code, brackets would end the label. */
function mermaidText(text: string): string {
  return text.replace(/"/g, '#quot;').replace(/[\r\n]+/g, ' ');
}

/** A standalone SVG of a laid-out graph. */
export function graphToSvg(layout: GraphLayout, colors: GraphColors = DEFAULT_COLORS): string {
  const margin = 16;
  const width = Math.ceil(layout.width + 2 * margin);
  const height = Math.ceil(layout.height + 2 * margin);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${-margin} ${-margin} ${width} ${height}" font-family="sans-serif" font-size="12">`,
    '<defs>',
    `<marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${attr(colors.edge)}"/></marker>`,
    `<marker id="arrow-column" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${attr(colors.column)}"/></marker>`,
    '</defs>',
    `<rect x="${-margin}" y="${-margin}" width="${width}" height="${height}" fill="${attr(colors.background)}"/>`,
  ];
  for (const edge of layout.edges) {
    if (edge.points.length < 2) continue;
    const d = edge.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(p.x)},${round(p.y)}`).join(' ');
    const color = edge.column ? colors.column : colors.edge;
    out.push(`<path d="${d}" fill="none" stroke="${attr(color)}" stroke-width="1.5"${edge.column ? ' stroke-dasharray="5,4"' : ''} marker-end="url(#${edge.column ? 'arrow-column' : 'arrow'})"><title>${text(`${edge.upstream} → ${edge.downstream}${edge.label ? `: ${edge.label}` : ''}`)}</title></path>`);
    const block = edge.labelBlock;
    if (block) {
      block.lines.forEach((line, i) => {
        const y = block.y + block.padding + (i + 0.8) * block.lineHeight;
        out.push(`<text x="${round(block.x + block.padding)}" y="${round(y)}" fill="${attr(colors.column)}" font-size="${block.fontSize}">${text(line)}</text>`);
      });
    }
  }
  for (const node of layout.nodes) {
    const x = round(node.x - node.width / 2);
    const y = round(node.y - node.height / 2);
    out.push(
      `<g><title>${text(node.urn)}</title>`,
      `<rect x="${x}" y="${y}" width="${round(node.width)}" height="${round(node.height)}" rx="4" fill="${attr(colors.background)}" stroke="${attr(node.root ? colors.root : colors.border)}" stroke-width="${node.root ? 2.5 : 1}"/>`,
      `<text x="${round(node.x)}" y="${round(node.y) - 2}" text-anchor="middle" fill="${attr(colors.foreground)}">${text(node.label)}</text>`,
      `<text x="${round(node.x)}" y="${round(node.y) + 12}" text-anchor="middle" fill="${attr(colors.muted)}" font-size="10">${text(node.root ? 'root' : `degree ${node.degree}`)}</text>`,
      '</g>',
    );
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

function text(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;');
}

function fieldKey(fieldUrn: string): { datasetUrn: string; fieldPath: string } | undefined {
  const parsed = parseUrn(fieldUrn);
  return parsed.ok ? schemaFieldKey(parsed.urn) : undefined;
}

function datasetOfField(fieldUrn: string): string | undefined {
  return fieldKey(fieldUrn)?.datasetUrn;
}

function fieldOf(fieldUrn: string): string {
  return fieldKey(fieldUrn)?.fieldPath ?? fieldUrn;
}
