import { findNodeAtOffset, getNodePath, modify, parseTree, type Node } from 'jsonc-parser';
import type { TextEdit } from 'vscode-languageserver-types';
import type { SourceRange } from '../model/range';
import { parseUrn } from '../urn';
import { isJsonDocument, type WorkspaceDocument } from '../workspace/workspaceDocument';

/**
 * The edits that add `datasetUrn` as an entity-level upstream of the entity that owns the column
 * edge at `at`: an `upstream:` item in a lineage file, an `upstreams` element of an MCP
 * upstreamLineage aspect. Undefined when the place cannot be found.
 */
export function addUpstreamEdit(document: WorkspaceDocument, at: SourceRange, datasetUrn: string): TextEdit[] | undefined {
  return isJsonDocument(document) ? jsonEdit(document, at, datasetUrn) : yamlEdit(document, at, datasetUrn);
}

function toEdit(document: WorkspaceDocument, offset: number, length: number, newText: string): TextEdit {
  const index = document.lineIndex;
  return { range: { start: index.positionAt(offset), end: index.positionAt(offset + length) }, newText };
}

function jsonEdit(document: WorkspaceDocument, at: SourceRange, datasetUrn: string): TextEdit[] | undefined {
  const root = parseTree(document.text);
  let node: Node | undefined = root ? findNodeAtOffset(root, at.start) : undefined;
  // Up to the aspect object that holds fineGrainedLineages.
  while (node && !(node.type === 'object' && node.children?.some((p) => p.children?.[0]?.value === 'fineGrainedLineages'))) node = node.parent;
  if (!node) return undefined;
  const path = getNodePath(node);
  // A lineage file written as JSON keeps its own shape: `upstream: [{entity: {...}}]`.
  const lineageFile = document.model.format === 'lineageFile';
  const key = lineageFile ? 'upstream' : 'upstreams';
  const upstreams = node.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
  const entry = lineageFile ? lineageFileEntry(datasetUrn) : { dataset: datasetUrn, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' } };
  if (!entry) return undefined;
  const formattingOptions = { insertSpaces: true, tabSize: 2, eol: document.text.includes('\r\n') ? '\r\n' : '\n' };
  const edits =
    upstreams?.type === 'array'
      ? modify(document.text, [...path, key, -1], entry, { isArrayInsertion: true, formattingOptions })
      : modify(document.text, [...path, key], [entry], { formattingOptions });
  return edits.map((e) => toEdit(document, e.offset, e.length, e.content));
}

/** `{entity: {name, type, env, platform}}` for a dataset URN, as the lineage file writes an upstream. */
function lineageFileEntry(datasetUrn: string): { entity: Record<string, string> } | undefined {
  const parts = datasetParts(datasetUrn);
  return parts ? { entity: { name: parts.name, type: 'dataset', env: parts.env, platform: parts.platform } } : undefined;
}

function datasetParts(datasetUrn: string): { platform: string; name: string; env: string } | undefined {
  const parsed = parseUrn(datasetUrn);
  if (!parsed.ok || parsed.urn.entityType !== 'dataset') return undefined;
  const [platformPart, namePart, envPart] = parsed.urn.parts;
  const platform = platformPart?.kind === 'urn' ? platformPart.parts[0]?.raw : undefined;
  const name = namePart?.kind === 'text' ? namePart.value : undefined;
  const env = envPart?.kind === 'text' ? envPart.value : 'PROD';
  return platform && name ? { platform, name, env } : undefined;
}

interface Line {
  start: number;
  text: string;
  indent: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    lines.push({ start, text: line, indent: line.length - line.trimStart().length });
    start += raw.length + 1;
  }
  return lines;
}

function yamlEdit(document: WorkspaceDocument, at: SourceRange, datasetUrn: string): TextEdit[] | undefined {
  const parts = datasetParts(datasetUrn);
  if (!parts) return undefined;
  const { platform, name, env } = parts;

  const lines = linesOf(document.text);
  const atLine = lines.findIndex((line, i) => line.start <= at.start && (i + 1 === lines.length || lines[i + 1].start > at.start));
  // The `fineGrainedLineages:` key of the entry that holds the edge, then the entry's `upstream:`.
  let fglLine = -1;
  for (let i = atLine; i >= 0; i--) {
    if (/^\s*(-\s+)?fineGrainedLineages:\s*$/.test(lines[i].text)) {
      fglLine = i;
      break;
    }
  }
  if (fglLine < 0) return undefined;
  const keyIndent = lines[fglLine].text.search(/fineGrainedLineages/);
  const blank = (i: number) => lines[i].text.trim() === '';
  // The lines of the lineage entry that holds the edge: its keys sit at keyIndent.
  let first = fglLine;
  while (first > 0) {
    const previous = lines[first - 1];
    if (blank(first - 1) || previous.indent >= keyIndent) first--;
    else {
      if (/^\s*-\s/.test(previous.text) && previous.text.search(/[^\s-]/) === keyIndent) first--;
      break;
    }
  }
  let last = fglLine;
  while (last + 1 < lines.length && (blank(last + 1) || lines[last + 1].indent >= keyIndent)) last++;
  const eol = document.text.includes('\r\n') ? '\r\n' : '\n';
  const pad = (n: number) => ' '.repeat(n);
  const item = (dash: number) =>
    [`${pad(dash)}- entity:`, `${pad(dash + 4)}name: ${name}`, `${pad(dash + 4)}type: dataset`, `${pad(dash + 4)}env: ${env}`, `${pad(dash + 4)}platform: ${platform}`].join(eol) + eol;
  for (let i = first; i <= last; i++) {
    const text = lines[i].text;
    if (!/^\s*(-\s+)?upstream:\s*$/.test(text) || text.indexOf('upstream') !== keyIndent) continue;
    let end = i;
    while (end + 1 <= last && (blank(end + 1) || lines[end + 1].indent > keyIndent || (lines[end + 1].indent === keyIndent && /^\s*-/.test(lines[end + 1].text)))) end++;
    while (end > i && blank(end)) end--;
    const firstItem = lines.slice(i + 1, end + 1).find((line) => /^\s*-/.test(line.text));
    const dash = firstItem ? firstItem.indent : keyIndent + 2;
    const insertAt = end + 1 < lines.length ? lines[end + 1].start : document.text.length;
    const prefix = end + 1 < lines.length || document.text.endsWith('\n') ? '' : eol;
    return [toEdit(document, insertAt, 0, prefix + item(dash))];
  }
  // No `upstream:` yet: add one just before `fineGrainedLineages:`.
  const insertAt = lines[fglLine].start + keyIndent;
  const block = `upstream:${eol}${item(keyIndent + 2)}${pad(keyIndent)}`;
  return [toEdit(document, insertAt, 0, block)];
}
