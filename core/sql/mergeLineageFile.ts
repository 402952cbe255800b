// Writes SQL-derived lineage entries (lineageFragment.ts) into a lineage file's text: a new entry
// for a dataset the file does not have, else the upstreams and column edges it lacks added to the
// existing entry. What is written by hand stays: an output column that already has an edge keeps
// it (the SQL's edge for it is not added), comments and order are kept.
import { isMap, isSeq, parseDocument, type Document, type YAMLMap, type YAMLSeq } from 'yaml';
import type { FineGrainedLineage, LineageFileEntity, LineageFileEntry } from './lineageFragment';

export interface LineageFileMerge {
  /** the file's new text */
  text: string;
  /** column edges added */
  addedEdges: number;
  /** column edges of the SQL left out because the file already has an edge for that output column */
  keptEdges: number;
  /** upstream datasets added */
  addedUpstreams: number;
  /** lineage entries added (datasets the file did not list) */
  addedEntries: number;
}

function sameEntity(node: unknown, entity: LineageFileEntity): boolean {
  if (!isMap(node)) return false;
  const env = String(node.get('env') ?? 'PROD').toUpperCase();
  return String(node.get('name') ?? '') === entity.name && String(node.get('platform') ?? '').toLowerCase() === entity.platform.toLowerCase() && env === (entity.env ?? 'PROD').toUpperCase();
}

function strings(node: unknown): string[] {
  return isSeq(node) ? node.items.map((item) => String(isMap(item) ? '' : ((item as { value?: unknown }).value ?? item))) : [];
}

/** The downstream fields the entry's column edges already write. */
function writtenFields(edges: YAMLSeq | undefined): Set<string> {
  const out = new Set<string>();
  for (const edge of edges?.items ?? []) if (isMap(edge)) strings(edge.get('downstreams')).forEach((urn) => out.add(urn));
  return out;
}

function mergeEntry(document: Document, existing: YAMLMap, entry: LineageFileEntry, merge: LineageFileMerge): void {
  let upstream = existing.get('upstream');
  if (!isSeq(upstream)) {
    upstream = document.createNode([]);
    existing.set('upstream', upstream);
  }
  const upstreams = upstream as YAMLSeq;
  for (const item of entry.upstream) {
    if (upstreams.items.some((node) => isMap(node) && sameEntity(node.get('entity'), item.entity))) continue;
    upstreams.add(document.createNode(item));
    merge.addedUpstreams++;
  }
  let edgesNode = existing.get('fineGrainedLineages');
  if (!isSeq(edgesNode)) {
    edgesNode = document.createNode([]);
    existing.set('fineGrainedLineages', edgesNode);
  }
  const edges = edgesNode as YAMLSeq;
  const written = writtenFields(edges);
  for (const edge of entry.fineGrainedLineages) {
    if (edge.downstreams.some((urn) => written.has(urn))) {
      merge.keptEdges++;
      continue;
    }
    edges.add(document.createNode(edge satisfies FineGrainedLineage));
    merge.addedEdges++;
  }
}

/** `entries` written into `text` (a lineage file; empty or undefined: a new one). Throws when the text is not a lineage file. */
export function mergeIntoLineageFile(text: string | undefined, entries: readonly LineageFileEntry[]): LineageFileMerge {
  const document: Document = parseDocument(text && text.trim() !== '' ? text : 'version: 1\nlineage: []\n');
  if (document.errors.length > 0) throw new Error(`the lineage file is not valid YAML (${document.errors[0]?.message.split('\n')[0] ?? 'unreadable'}): fix it first`);
  if (!isMap(document.contents)) throw new Error('the file is not a lineage file (a mapping with `lineage:`)');
  let lineage = document.contents.get('lineage');
  if (lineage === undefined || lineage === null) {
    lineage = document.createNode([]);
    document.contents.set('lineage', lineage);
  }
  if (!isSeq(lineage)) throw new Error('`lineage:` is not a list');
  const list = lineage as YAMLSeq;
  const merge: LineageFileMerge = { text: '', addedEdges: 0, keptEdges: 0, addedUpstreams: 0, addedEntries: 0 };
  for (const entry of entries) {
    const existing = list.items.find((item) => isMap(item) && sameEntity(item.get('entity'), entry.entity));
    if (isMap(existing)) {
      mergeEntry(document, existing, entry, merge);
      continue;
    }
    list.add(document.createNode(entry));
    merge.addedEntries++;
    merge.addedEdges += entry.fineGrainedLineages.length;
    merge.addedUpstreams += entry.upstream.length;
  }
  if (list.flow && list.items.length > 0) list.flow = false;
  merge.text = document.toString({ lineWidth: 0 });
  return merge;
}
