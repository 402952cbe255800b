import { FALL_BACK, parseJsonElementAt, skipJsonSpace } from '../formats/jsonFast';
import { readProposalUnit, stringScalarOf, type ProposalUnit } from '../formats/mcpStream';
import type { TextEdit } from './textEdit';
import { settleUnit, type UnitLayout } from './units';

type ProposalLayout = Extract<UnitLayout, { kind: 'proposals' }>;

/** Elements `first` to `last` of a proposal array read again after an edit across them: now `read`, whose texts are `texts`. */
export interface ElementRun {
  first: number;
  last: number;
  read: ProposalUnit[];
  texts: string[];
  /** how much longer the text is after the edit */
  delta: number;
}

/**
 * The elements an edit across elements touches — a block of elements pasted, an element split in
 * two, a range deleted across elements, two joined — read again from their text after the edit,
 * which must be whole elements separated by commas (else undefined: the document is read whole).
 * The run starts at the first element that starts at or before the edit and ends with the last
 * element that starts at or before its end, or the one after when the edit ends between the two; an
 * edit after the last element (before the closing bracket) is left to the whole read.
 */
export function readElementRun(layout: ProposalLayout, edit: TextEdit, documentText: string, lastStarting: (offset: number) => number): ElementRun | undefined {
  const { units } = layout;
  const first = lastStarting(edit.start);
  let last = lastStarting(edit.end);
  if (first < 0 || last < first) return undefined;
  for (let unit = first; unit <= last; unit++) settleUnit(layout, unit);
  // An edit that ends between two elements (text pasted at the start of a line) takes the next one in.
  if (edit.end > units[last].end) {
    if (last + 1 >= units.length) return undefined;
    settleUnit(layout, ++last);
  }
  const start = units[first].start;
  // The run's text before the edit: its elements and the separators between them, as written.
  const before = documentText.slice(start, units[last].end);
  const lines = before.slice(0, edit.start - start) + edit.text + before.slice(edit.end - start);
  const parsed = elementsOf(lines, start, first);
  return parsed && { first, last, read: parsed.read, texts: parsed.texts, delta: edit.text.length - (edit.end - edit.start) };
}

/** `lines` read as `element (, element)*` with JSON whitespace around the commas; each element's unit at its index from `firstIndex`. */
function elementsOf(lines: string, base: number, firstIndex: number): { read: ProposalUnit[]; texts: string[] } | undefined {
  const map = (offset: number) => offset + base;
  const scalars = stringScalarOf(lines, map);
  const read: ProposalUnit[] = [];
  const texts: string[] = [];
  let at = 0;
  for (;;) {
    const parsed = parseJsonElementAt(lines, at, scalars, map);
    if (parsed === FALL_BACK) return undefined;
    read.push(readProposalUnit(parsed.node, firstIndex + read.length));
    texts.push(lines.slice(at, parsed.end));
    at = skipJsonSpace(lines, parsed.end);
    if (at === lines.length) return parsed.end === lines.length ? { read, texts } : undefined;
    if (lines.charCodeAt(at) !== 44 /* , */) return undefined;
    at = skipJsonSpace(lines, at + 1);
  }
}

/**
 * The elements from `from` on (before the run is replaced) whose facts carry their index (a value
 * of the wrong type names its path, `[12].aspectName`), read again at their index after the run
 * changed the number of elements by `moved` and the text's length by `delta`; undefined if one does
 * not read alone any more. `textOf` gives an element's text (kept, or sliced from the document).
 */
export function elementsIndexedLater(layout: ProposalLayout, from: number, moved: number, delta: number, textOf: (unit: ProposalUnit) => string): { index: number; unit: ProposalUnit; text: string }[] | undefined {
  const found: { index: number; unit: ProposalUnit; text: string }[] = [];
  for (let index = from; index < layout.kinds.length; index++) {
    if (!layout.kinds[index].get('wrongType')) continue;
    settleUnit(layout, index);
    const old = layout.units[index];
    const text = textOf(old);
    const map = (offset: number) => offset + old.start + delta;
    const parsed = parseJsonElementAt(text, 0, stringScalarOf(text, map), map);
    if (parsed === FALL_BACK || parsed.end !== text.length) return undefined;
    found.push({ index: index + moved, unit: readProposalUnit(parsed.node, index + moved), text });
  }
  return found;
}
