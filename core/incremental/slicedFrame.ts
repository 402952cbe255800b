import { detectByContent } from '../formats/detect';
import { layoutOf, type YamlItemLayout } from '../formats/yamlUnits';
import { parseYaml } from '../formats/yamlTree';
import type { DocumentModel, FormatId } from '../model/facts';

/**
 * A lineage file read in slices (./slicedRead.ts): its frame — `version:` and the other root keys,
 * then `lineage:` — comes before the list, and the list runs to the end of the text. The first run
 * is read with the frame (the text from the start to the end of the run's items), which gives the
 * frame's facts exactly as a whole read does, except one: the root mapping's shape covers the whole
 * list, so its end is set when the read ends (frameEnd). Anything written after the list (another
 * root key) makes a later run fail to read alone, and the text is read whole.
 */

/** The format read this way, with its frame. */
export const FRAMED_LIST_FORMAT: FormatId = 'lineageFile';

/** The start and column of the first item of a lineage file's list: `lineage:` at column 0, then (after blank and comment lines) a `-` line. */
export function framedListStart(text: string): { prefixEnd: number; indent: number } | undefined {
  const key = /^lineage:[ \t]*(?:#[^\n]*)?\r?\n/m.exec(text);
  if (!key) return undefined;
  let start = key.index + key[0].length;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const line = text.slice(start, newline === -1 ? text.length : newline);
    const item = /^( *)-(?:[ \t\r]|$)/.exec(line);
    if (item) return { prefixEnd: start, indent: item[1].length };
    if (!/^\s*(?:#.*)?$/.test(line) || newline === -1) return undefined;
    start = newline + 1;
  }
  return undefined;
}

/**
 * The frame and first items of a lineage file from `lines`, the text from its start to the end of
 * the first run of items; undefined when that text does not read as a lineage file's frame around
 * the list (a syntax error, an anchor, a second document, another format by content).
 */
export function readFramedFirstRun(lines: string, forced: FormatId | undefined, detectedBy: DocumentModel['detectedBy']): YamlItemLayout | undefined {
  const parsed = parseYaml(lines);
  if (parsed.problems.length > 0 || parsed.usesAnchors || parsed.documents.length !== 1) return undefined;
  const root = parsed.documents[0];
  if (!root || root.type !== 'map') return undefined;
  // The list must be the last root key, so that the rest of the text is only more of its items.
  if (root.entries[root.entries.length - 1]?.key.value !== 'lineage') return undefined;
  const format = forced ?? detectByContent([root]);
  if (format !== FRAMED_LIST_FORMAT) return undefined;
  return layoutOf(lines, root, format, detectedBy);
}

/**
 * Where the whole read's root mapping ends, from the frame's text (`prefix`) and the last run of
 * items (`lastRun`, which starts at `lastRunStart` in the document): the end of a block mapping
 * depends only on the text after its last item, so reading the frame with the last run alone finds
 * it. Undefined when they do not read together.
 */
export function frameEnd(prefix: string, lastRun: string, lastRunStart: number): number | undefined {
  const parsed = parseYaml(prefix + lastRun);
  const root = parsed.documents[0];
  if (parsed.problems.length > 0 || parsed.documents.length !== 1 || !root || root.type !== 'map') return undefined;
  return root.range.end - prefix.length + lastRunStart;
}

/** The frame's facts with the root mapping's shape ending at `end` (the whole read's). */
export function withFrameEnd(layout: YamlItemLayout, end: number): YamlItemLayout {
  const facts = layout.frame.facts.map((fact) => (fact.kind === 'objectShape' && fact.shape === 'lineageFile.root' ? { ...fact, range: { start: fact.range.start, end } } : fact));
  return { ...layout, frame: { ...layout.frame, facts } };
}
