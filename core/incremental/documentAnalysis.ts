import { readDocumentUnits, type DocumentParts, type ReadOptions } from '../formats';
import { FALL_BACK, parseJsonElementAt } from '../formats/jsonFast';
import { modelOfProposalUnits, readProposalUnit, stringScalarOf, type ProposalUnit } from '../formats/mcpStream';
import { modelAfterItem, readItemAgain, type YamlItem, type YamlItemLayout } from '../formats/yamlUnits';
import type { DocumentModel, Fact } from '../model/facts';
import { PartCache } from './partCache';
import type { DocumentPart } from './parts';
import { RepeatIndex } from './repeatIndex';
import { forEachFactRange } from './shiftRanges';

/** One edit, in offsets of the text it applies to (an LSP content change, converted at the edge). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** How the last model was made: read whole, or one unit read again and the rest kept. */
export type AnalysisPath = 'full' | 'unit';

/** What the document is made of, when it can be read again part by part. */
type Layout = ({ kind: 'proposals'; units: ProposalUnit[]; forced: DocumentParts['forced'] } | { kind: 'yaml'; layout: YamlItemLayout; frame: DocumentPart }) & {
  parts: DocumentPart[];
  /** what the checks keep about each part, handed on from edit to edit (./partCache.ts) */
  cache: PartCache;
  /** the repeat rules' index of these parts, handed on from edit to edit (./repeatIndex.ts) */
  repeats: RepeatIndex;
};

/**
 * A document's text and model, kept up to date edit by edit. Each format's natural unit is read
 * again alone: an element of a JSON array of metadata change proposals, an item of a YAML list
 * format (a property definition, a dataset, a `lineage:` entry; core/formats/yamlUnits.ts). An
 * edit inside one unit reads that unit again and keeps the facts of all others, their ranges moved
 * by the edit's length. Anything else — an edit across units or between them, a unit that no
 * longer reads alone the same way, the other formats — reads the document whole, so the model is
 * always exactly `readDocument(uri, text)` (test/unit/incremental/).
 *
 * `parts` are what the checks keep results for between edits (./checkParts.ts): one per unit, and
 * one for the frame around YAML items.
 *
 * `apply` consumes the analysis it is called on: it hands the kept facts, parts, part cache and
 * repeat index on to the analysis it returns (they move with the edit, in place: copying them would
 * cost a pass over the document per keystroke). The old analysis then no longer describes its own
 * text, so every later use of its model, parts or checks, or a second `apply`, throws.
 */
export class DocumentAnalysis {
  /** set when `apply` handed this analysis's state on (see the class comment) */
  private consumed = false;

  private constructor(
    readonly uri: string,
    readonly text: string,
    private readonly readModel: DocumentModel,
    private readonly options: ReadOptions,
    private readonly layout: Layout | undefined,
    readonly path: AnalysisPath,
  ) {}

  static read(uri: string, text: string, options: ReadOptions = {}): DocumentAnalysis {
    const read = readDocumentUnits(uri, text, options);
    return new DocumentAnalysis(uri, text, read.model, options, layoutOf(read), 'full');
  }

  /** The model of `text`, equal to `readDocument(uri, text)`. */
  get model(): DocumentModel {
    this.assertCurrent('model');
    return this.readModel;
  }

  /** The parts the model is made of, in order; undefined when the document is only read whole. */
  get parts(): readonly DocumentPart[] | undefined {
    this.assertCurrent('parts');
    return this.layout?.parts;
  }

  /** What the checks keep about each part between edits (./partCache.ts). */
  get cache(): PartCache | undefined {
    this.assertCurrent('cache');
    return this.layout?.cache;
  }

  /** The index the repeat rules keep for these parts (./repeatIndex.ts). */
  get repeats(): RepeatIndex | undefined {
    this.assertCurrent('repeats');
    return this.layout?.repeats;
  }

  /**
   * The analysis after `edits`, applied one after the other (each in offsets of the text the
   * previous one left). Consumes this analysis when an edit is read part by part (see the class comment).
   */
  apply(edits: readonly TextEdit[]): DocumentAnalysis {
    this.assertCurrent('apply');
    let analysis: DocumentAnalysis | undefined;
    for (const [index, edit] of edits.entries()) {
      const current = analysis ?? this;
      const text = applyEdit(current.text, edit);
      const unit = current.readUnitAgain(edit, text);
      if (unit) {
        analysis = unit;
        continue;
      }
      // Once an edit needs a whole read, the rest of the burst is applied to the text first and
      // the document read once, not once per keystroke.
      const final = edits.slice(index + 1).reduce(applyEdit, text);
      return DocumentAnalysis.read(this.uri, final, this.options);
    }
    return analysis ?? this;
  }

  private assertCurrent(what: string): void {
    if (this.consumed) throw new Error(`DocumentAnalysis of ${this.uri}: ${what} asked of an analysis that apply() consumed; use the analysis apply() returned`);
  }

  /** The edit read as a change of one unit, or undefined when it is not one. */
  private readUnitAgain(edit: TextEdit, text: string): DocumentAnalysis | undefined {
    if (this.layout?.kind === 'proposals') return this.readElementAgain(this.layout, edit, text);
    if (this.layout?.kind === 'yaml') return this.readItemAgain(this.layout, edit, text);
    return undefined;
  }

  private readElementAgain(layout: Extract<Layout, { kind: 'proposals' }>, edit: TextEdit, text: string): DocumentAnalysis | undefined {
    const units = layout.units;
    const index = unitContaining(units, edit.start, edit.end);
    if (index === undefined) return undefined;
    const old = units[index];
    const delta = edit.text.length - (edit.end - edit.start);
    const parsed = parseJsonElementAt(text, old.start, stringScalarOf(text));
    if (parsed === FALL_BACK || parsed.end !== old.end + delta) return undefined;
    const unit = readProposalUnit(parsed.node, index);
    const next = units.slice();
    next[index] = unit;
    // Content detection counts every element: decided before anything is changed in place.
    const model = modelOfProposalUnits(this.uri, next, layout.forced);
    if (!model) return undefined;
    // This analysis is handed on (see the class comment), so its lists are updated in place.
    this.consumed = true;
    units[index] = unit;
    const { parts, cache, repeats } = layout;
    const part = partOfUnit(unit);
    repeats.replaced(parts[index], part);
    cache.replaced(parts[index]);
    parts[index] = part;
    if (delta !== 0) {
      for (let i = index + 1; i < units.length; i++) {
        cache.shift(parts[i], delta);
        units[i].start += delta;
        units[i].end += delta;
      }
    }
    return new DocumentAnalysis(this.uri, text, model, this.options, { kind: 'proposals', units, forced: layout.forced, parts, cache, repeats }, 'unit');
  }

  private readItemAgain(state: Extract<Layout, { kind: 'yaml' }>, edit: TextEdit, text: string): DocumentAnalysis | undefined {
    const { layout } = state;
    const index = itemContaining(layout.items, edit, this.text.length);
    if (index === undefined) return undefined;
    const old = layout.items[index];
    const delta = edit.text.length - (edit.end - edit.start);
    // The frame must not have an end inside the replaced text (nothing to move it to).
    if (edit.end > edit.start && anyEndWithin(state.frame.facts, edit.start, edit.end)) return undefined;
    const item = readItemAgain(layout, text, index, old.start, old.end + delta);
    // Where the item's value ends decides where the frame's nodes end: it must move with the edit.
    const expectedValueEnd = old.valueEnd >= edit.end ? old.valueEnd + delta : old.valueEnd;
    if (!item || item.valueEnd !== expectedValueEnd || (old.valueEnd > edit.start && old.valueEnd < edit.end)) return undefined;
    // This analysis is handed on (see the class comment), so its lists are updated in place.
    this.consumed = true;
    const { items } = layout;
    items[index] = item;
    const { parts, cache, repeats } = state;
    const part = partOfItem(item);
    repeats.replaced(parts[index + 1], part);
    cache.replaced(parts[index + 1]);
    parts[index + 1] = part;
    if (delta !== 0) {
      for (let i = index + 1; i < items.length; i++) {
        const later: YamlItem = items[i];
        cache.shift(parts[i + 1], delta);
        later.start += delta;
        later.end += delta;
        later.valueEnd += delta;
      }
      // The frame's ends after the edit move with it (the root mapping of a lineage file ends after its items).
      cache.shift(state.frame, delta, edit.end);
    }
    return new DocumentAnalysis(this.uri, text, modelAfterItem(this.uri, this.readModel, layout, index, old), this.options, { kind: 'yaml', layout, frame: state.frame, parts, cache, repeats }, 'unit');
  }
}

function layoutOf(read: DocumentParts): Layout | undefined {
  if (read.units) return { kind: 'proposals', units: read.units, forced: read.forced, parts: read.units.map(partOfUnit), cache: new PartCache(), repeats: new RepeatIndex() };
  if (read.yaml) {
    const { frame } = read.yaml;
    const framePart: DocumentPart = { facts: [...frame.facts, ...frame.sweepBefore, ...frame.sweepAfter], problems: [] };
    return { kind: 'yaml', layout: read.yaml, frame: framePart, parts: [framePart, ...read.yaml.items.map(partOfItem)], cache: new PartCache(), repeats: new RepeatIndex() };
  }
  return undefined;
}

function partOfUnit(unit: ProposalUnit): DocumentPart {
  return { facts: [...unit.facts, ...unit.elementSweep, ...unit.stringSweep], problems: [...unit.problems] };
}

function partOfItem(item: YamlItem): DocumentPart {
  return { facts: [...item.facts, ...item.sweep], problems: [] };
}

function anyEndWithin(facts: readonly Fact[], start: number, end: number): boolean {
  let found = false;
  const inside = (offset: number) => offset > start && offset < end;
  forEachFactRange(facts, (range) => {
    if (inside(range.start) || inside(range.end)) found = true;
  });
  return found;
}

function applyEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}

/** The element whose text holds the whole edited span. */
function unitContaining(units: readonly ProposalUnit[], start: number, end: number): number | undefined {
  const index = lastStartingAtOrBefore(units, start);
  const unit = units[index];
  return unit && start <= unit.end && end <= unit.end ? index : undefined;
}

/**
 * The item whose lines hold the whole edit. The edit must end before the next item's first line
 * (an edit there changes that item); the last item's lines end at the end of the text or at the
 * frame written after the list.
 */
function itemContaining(items: readonly YamlItem[], edit: TextEdit, textLength: number): number | undefined {
  const index = lastStartingAtOrBefore(items, edit.start);
  const item = items[index];
  if (!item) return undefined;
  const atTheEnd = item.end === textLength && edit.end === textLength;
  return edit.end < item.end || atTheEnd ? index : undefined;
}

/** Binary search over spans ordered by start: the last one that starts at or before `offset` (-1 when none). */
function lastStartingAtOrBefore(spans: readonly { start: number }[], offset: number): number {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (spans[middle].start <= offset) low = middle + 1;
    else high = middle - 1;
  }
  return high;
}
