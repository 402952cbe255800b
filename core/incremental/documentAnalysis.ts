import { readDocumentUnits, type DocumentParts, type ReadOptions } from '../formats';
import { countItem, listIsProposals, newListCounts } from '../formats/detect';
import { FALL_BACK, parseJsonElementAt } from '../formats/jsonFast';
import { readProposalUnit, stringScalarOf, type ProposalUnit } from '../formats/mcpStream';
import { readItemAgain, readRunAgain, readTailAgain, type YamlItem } from '../formats/yamlUnits';
import type { DocumentModel, Fact } from '../model/facts';
import { LineIndex } from '../model/range';
import type { SuppressionSource } from '../rules/suppression';
import { WORK } from '../model/workCounters';
import { lazyModel } from './lazyModel';
import type { PartCache } from './partCache';
import type { DocumentPart } from './parts';
import type { RepeatIndex } from './repeatIndex';
import { forEachFactRange } from './shiftRanges';
import { elementsIndexedLater, readElementRun } from './elementRuns';
import { brokenNear, detectionAfter, endsAtColumnZero, indexedLater, nextCleanItem, runStart } from './itemRuns';
import { currentStart, dropItems, forgetDropped, modelSource, newUnitLayout, replaceUnitPart, settleUnit, spliceUnitParts, takeBackItems, unitsOf, type DroppedItems, type ProposalCounts, type UnitLayout } from './units';

import type { TextEdit } from './textEdit';

/** How the last model was made: read whole, one unit read again, or a run of adjacent items read again (the rest kept). */
export type AnalysisPath = 'full' | 'unit' | 'run';

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
    private readonly layout: UnitLayout | undefined,
    readonly path: AnalysisPath,
    /** the line index of `text`, once asked for: moved with each edit rather than found again */
    private lineIndex?: LineIndex,
  ) {
    layout?.repeats.linesOf(text, () => (this.lineIndex ??= new LineIndex(text)));
  }

  static read(uri: string, text: string, options: ReadOptions = {}): DocumentAnalysis {
    return DocumentAnalysis.ofParts(uri, text, readDocumentUnits(uri, text, options), options);
  }

  /** The analysis of `text` read elsewhere into `read` (a read in slices, ./slicedRead.ts): what `read(uri, text)` gives for the same parts. */
  static ofParts(uri: string, text: string, read: DocumentParts, options: ReadOptions = {}): DocumentAnalysis {
    return new DocumentAnalysis(uri, text, read.model, options, layoutOf(read, text), 'full');
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

  /** Whether the document holds suppression comments, kept per unit (./suppressionUnits.ts). */
  get suppressions(): SuppressionSource | undefined {
    this.assertCurrent('suppressions');
    return this.layout?.suppressions;
  }

  /** The index the repeat rules keep for these parts (./repeatIndex.ts). */
  get repeats(): RepeatIndex | undefined {
    this.assertCurrent('repeats');
    return this.layout?.repeats;
  }

  /**
   * The analysis after `edits`, applied one after the other (each in offsets of the text the
   * previous one left). `finalText`, when given, is the text after the last edit as the editor
   * holds it: used as is, so the document's text is not copied once more per keystroke. Consumes
   * this analysis when an edit is read part by part (see the class comment).
   */
  apply(edits: readonly TextEdit[], finalText?: string): DocumentAnalysis {
    this.assertCurrent('apply');
    let analysis: DocumentAnalysis | undefined;
    for (const [index, edit] of edits.entries()) {
      const current = analysis ?? this;
      const last = index === edits.length - 1;
      const text = last && finalText !== undefined && fits(current.text, edit, finalText) ? finalText : applyEdit(current.text, edit);
      const unit = current.readUnitAgain(edit, text);
      if (unit) {
        analysis = unit;
        continue;
      }
      // Once an edit needs a whole read, the rest of the burst is applied to the text first and
      // the document read once, not once per keystroke.
      const final = finalText ?? edits.slice(index + 1).reduce(applyEdit, text);
      return DocumentAnalysis.read(this.uri, final, this.options);
    }
    return analysis ?? this;
  }

  private assertCurrent(what: string): void {
    if (this.consumed) throw new Error(`DocumentAnalysis of ${this.uri}: ${what} asked of an analysis that apply() consumed; use the analysis apply() returned`);
  }

  /** The edit read as a change of one unit, or undefined when it is not one. */
  private readUnitAgain(edit: TextEdit, text: string): DocumentAnalysis | undefined {
    if (this.layout?.kind === 'proposals') return this.readElementAgain(this.layout, edit, text) ?? this.readElementsAgain(this.layout, edit, text);
    if (this.layout?.kind === 'yaml') return this.readYamlAgain(this.layout, edit, text);
    return undefined;
  }

  /** The edit read as a change of one item or a run of items; items dropped by an earlier edit (see DroppedItems) kept while the text they were read from is. */
  private readYamlAgain(state: Extract<UnitLayout, { kind: 'yaml' }>, edit: TextEdit, text: string): DocumentAnalysis | undefined {
    const dropped = state.dropped;
    state.dropped = undefined;
    const read = this.readItemAgain(state, edit, text) ?? this.readRunAgain(state, edit, text, dropped);
    if (!dropped || dropped.taken) return read;
    // Kept while the list still ends early (its last item broken, its lines to the end of the text) and the text after the break is as it was.
    const stillEnds = state.layout.items[state.layout.items.length - 1].problems.length > 0;
    if (read && !state.dropped && stillEnds && edit.end < dropped.start) state.dropped = { ...dropped, start: dropped.start + edit.text.length - (edit.end - edit.start) };
    else forgetDropped(state, dropped);
    return read;
  }

  private readElementAgain(layout: Extract<UnitLayout, { kind: 'proposals' }>, edit: TextEdit, text: string): DocumentAnalysis | undefined {
    const { units } = layout;
    const index = unitContaining(layout, edit.start, edit.end);
    if (index === undefined) return undefined;
    settleUnit(layout, index);
    const old = units[index];
    WORK.unitsRead++;
    // The element's text after the edit, parsed alone at its place (not the document's text: a rope V8 would copy whole to read).
    const before = unitTexts.get(old) ?? this.text.slice(old.start, old.end);
    const lines = before.slice(0, edit.start - old.start) + edit.text + before.slice(edit.end - old.start);
    const base = old.start;
    const map = (offset: number) => offset + base;
    const parsed = parseJsonElementAt(lines, 0, stringScalarOf(lines, map), map);
    if (parsed === FALL_BACK || parsed.end !== lines.length) return undefined;
    const unit = readProposalUnit(parsed.node, index);
    // Content detection counts every element: decided before anything is changed in place.
    const counts = countsAfter(layout.counts, old, unit);
    if (layout.forced === undefined && !listIsProposals(counts.nonNull, counts.maps, counts.proposals)) return undefined;
    // This analysis is handed on (see the class comment), so its lists are updated in place.
    this.consumed = true;
    layout.counts = counts;
    units[index] = unit;
    unitTexts.set(unit, lines);
    replaceUnitPart(layout, index, partOfUnit(unit));
    layout.suppressions.replaced(index, lines);
    layout.shifts.add(index + 1, lines.length - before.length);
    const model = lazyModel(this.uri, 'mcpJson', layout.forced ? 'association' : 'content', modelSource(layout));
    return new DocumentAnalysis(this.uri, text, model, this.options, layout, 'unit', this.lineIndex?.afterEdits([edit], text));
  }

  /**
   * An edit across elements (a pasted block of elements, a split, a join, a range deleted across
   * them) read as the run of elements it touches (./elementRuns.ts); later elements whose facts
   * carry their index are read again at their new index when the count changed.
   */
  private readElementsAgain(layout: Extract<UnitLayout, { kind: 'proposals' }>, edit: TextEdit, text: string): DocumentAnalysis | undefined {
    const run = readElementRun(layout, edit, this.text, (offset) => lastStartingAtOrBefore(layout, offset));
    if (!run) return undefined;
    const { first, last, read, texts, delta } = run;
    const removed = last - first + 1;
    const counts = { ...layout.counts };
    for (let unit = first; unit <= last; unit++) countsAdd(counts, layout.units[unit], -1);
    for (const unit of read) countsAdd(counts, unit, 1);
    if (layout.forced === undefined && !listIsProposals(counts.nonNull, counts.maps, counts.proposals)) return undefined;
    const textOf = (unit: ProposalUnit) => unitTexts.get(unit) ?? this.text.slice(unit.start, unit.end);
    const later = read.length !== removed ? elementsIndexedLater(layout, last + 1, read.length - removed, delta, textOf) : [];
    if (!later) return undefined;
    WORK.unitsRead += removed + later.length;
    this.consumed = true;
    layout.counts = counts;
    layout.units.splice(first, removed, ...read);
    read.forEach((unit, i) => unitTexts.set(unit, texts[i]));
    spliceUnitParts(layout, first, removed, read.map(partOfUnit));
    layout.suppressions.splice(first, removed, texts);
    layout.shifts.add(first + read.length, delta);
    for (const { index, unit, text: own } of later) {
      settleUnit(layout, index);
      layout.units[index] = unit;
      unitTexts.set(unit, own);
      replaceUnitPart(layout, index, partOfUnit(unit));
    }
    const model = lazyModel(this.uri, 'mcpJson', layout.forced ? 'association' : 'content', modelSource(layout));
    return new DocumentAnalysis(this.uri, text, model, this.options, layout, 'run', this.lineIndex?.afterEdits([edit], text));
  }

  private readItemAgain(state: Extract<UnitLayout, { kind: 'yaml' }>, edit: TextEdit, text: string): DocumentAnalysis | undefined {
    const { layout } = state;
    const index = itemContaining(state, edit, this.text.length);
    // An item next to one with syntax errors, or with its own, is read with its neighbours (readRunAgain):
    // an error is reported where YAML noticed it, often the first line of the item after its cause.
    if (index === undefined || brokenNear(layout.items, index)) return undefined;
    const old = layout.items[index];
    const delta = edit.text.length - (edit.end - edit.start);
    // The frame must not have an end inside the replaced text (nothing to move it to).
    if (edit.end > edit.start && anyEndWithin(state.frame.facts, edit.start, edit.end)) return undefined;
    // The item's lines after the edit, from its lines before: the document's text is not read whole
    // (nor copied: an editor's text after an edit is a rope, server/editorDocument.ts, that V8 copies when read).
    const before = unitTexts.get(old) ?? this.text.slice(old.start, old.end);
    WORK.unitsRead++;
    const lines = before.slice(0, edit.start - old.start) + edit.text + before.slice(edit.end - old.start);
    const item = readItemAgain(layout, lines, index, old.start);
    // Where the item's value ends decides where the frame's nodes end: it must move with the edit.
    const expectedValueEnd = old.valueEnd >= edit.end ? old.valueEnd + delta : old.valueEnd;
    if (!item || item.valueEnd !== expectedValueEnd || (old.valueEnd > edit.start && old.valueEnd < edit.end)) return undefined;
    // This analysis is handed on (see the class comment), so its lists are updated in place.
    this.consumed = true;
    layout.items[index] = item;
    if (item.end - item.start === lines.length) unitTexts.set(item, lines);
    replaceUnitPart(state, index, partOfItem(item));
    state.suppressions.replaced(index, lines);
    // Later items move lazily; the frame's ends after the edit at once (the root mapping of a lineage file ends after its items).
    state.shifts.add(index + 1, delta);
    if (delta !== 0) state.cache.shift(state.frame, delta, edit.end);
    const model = lazyModel(this.uri, layout.format, layout.detectedBy, modelSource(state));
    return new DocumentAnalysis(this.uri, text, model, this.options, state, 'unit', this.lineIndex?.afterEdits([edit], text));
  }

  /**
   * The edit read as a change of the smallest run of adjacent items holding it: a line break that
   * joins or splits items, a pasted block of items, a range deleted across items, a syntax error
   * (an unclosed quote, a join YAML rejects). A line that starts an item is where YAML's block
   * structure starts afresh, so a run is read from the line after an item without syntax errors;
   * a run that now has errors is read up to and with the next item without errors, which must read
   * as before (then every later item does too). Undefined when the run's lines are no longer whole
   * items, when the edit touches the frame, when a broken run would end the list before the frame's
   * own lines, or when content detection would see the change: the file is then read whole.
   */
  private readRunAgain(state: Extract<UnitLayout, { kind: 'yaml' }>, edit: TextEdit, text: string, dropped?: DroppedItems): DocumentAnalysis | undefined {
    const back = dropped && this.takeBack(state, dropped, edit, text);
    if (back) return back;
    const { items } = state.layout;
    const at = lastStartingAtOrBefore(state, edit.start);
    // An edit from an item's first character may take its `-` away, or indent it (the item then
    // continues the one before): its lines then belong to the item before.
    const found = at > 0 && currentStart(state, at) === edit.start ? at - 1 : at;
    const first = found < 0 ? undefined : runStart(items, found);
    if (first === undefined) return undefined;
    settleUnit(state, items.length - 1);
    const listEnd = items[items.length - 1].end;
    if (edit.end > listEnd || (edit.end === listEnd && listEnd !== this.text.length)) return undefined;
    if (edit.end > edit.start && anyEndWithin(state.frame.facts, edit.start, edit.end)) return undefined;
    const edited = Math.max(first, lastStartingAtOrBefore(state, edit.end));
    // A run that had errors most likely still has (the next keystroke in an open quote): read it with the next item at once.
    // So is a run followed by an item with errors, which this run may have caused (an unclosed `[` reported on the next item's `-`).
    const hadErrors = items.slice(first, edited + 2).some((item) => item.problems.length > 0);
    let run = hadErrors ? undefined : this.readRun(state, edit, first, edited);
    if (hadErrors || (run && run.read.some((item) => item.problems.length > 0))) {
      // A broken run ends with the next item without errors, read as before; or at the end of the document.
      const next = nextCleanItem(items, edited + 1);
      if (next === undefined) run = edited === items.length - 1 && listEnd === this.text.length ? (run ?? this.readRun(state, edit, first, edited)) : undefined;
      else run = this.readRun(state, edit, first, next);
      const after = run?.read[run.read.length - 1];
      if (next !== undefined && (!after || after.problems.length > 0 || after.start !== items[next].start + run!.delta)) run = undefined;
      // The list may have ended early (a key split to column 0): then every later line reads anew, to the end of the text.
      if (!run && listEnd === this.text.length && endsAtColumnZero(text, currentStart(state, first), edit.start + edit.text.length)) run = this.readTail(state, edit, first, text);
    }
    return run && this.replaceRun(state, run, text);
  }

  /**
   * Items `first` to the last read again from the text after the edit, from item `first`'s line to
   * the end (./yamlUnits.ts readTailAgain), when the edit ended a top-level list early: the items
   * before `first` are kept (YAML's block structure starts afresh at their lines), the items after
   * the edit are dropped and their lines read as the errors YAML finds in them.
   */
  private readTail(state: Extract<UnitLayout, { kind: 'yaml' }>, edit: TextEdit, first: number, text: string): ReadRun | undefined {
    const { items } = state.layout;
    settleUnit(state, first);
    const start = items[first].start;
    const lines = text.slice(start);
    const read = readTailAgain(state.layout, lines, first, start);
    if (!read) return undefined;
    WORK.unitsRead += items.length - first;
    // The items wholly after the edit are kept aside (their text is unchanged) for the edit's undo.
    const after = lastStartingAtOrBefore(state, edit.end) + 1;
    const dropFrom = after > first && after < items.length && currentStart(state, after) > edit.end ? after : undefined;
    return { first, last: (dropFrom ?? items.length) - 1, read, lines, start, delta: edit.text.length - (edit.end - edit.start), edit, dropFrom };
  }

  /**
   * The items an earlier edit dropped (see DroppedItems) taken back after an edit before them (its
   * undo, or typing that mends the list): the run of the last items up to them must read as whole
   * items without errors, as many as there were before the dropped ones; then they read as they did.
   */
  private takeBack(state: Extract<UnitLayout, { kind: 'yaml' }>, dropped: DroppedItems, edit: TextEdit, text: string): DocumentAnalysis | undefined {
    const { items } = state.layout;
    const last = items.length - 1;
    const first = runStart(items, last);
    const delta = edit.text.length - (edit.end - edit.start);
    if (first === undefined || edit.end >= dropped.start || edit.start < currentStart(state, first)) return undefined;
    // The first dropped item must still start a line, and have read without errors (it does not depend on the run before it).
    if (dropped.items[0].problems.length > 0 || text[dropped.start + delta - 1] !== '\n') return undefined;
    for (let unit = first; unit <= last; unit++) settleUnit(state, unit);
    const start = items[first].start;
    const lines = text.slice(start, dropped.start + delta);
    const read = readRunAgain(state.layout, lines, first, start);
    if (!read || first + read.length !== dropped.index) return undefined;
    WORK.unitsRead += read.length;
    return this.replaceRun(state, { first, last, read, lines, start, delta, edit, takeBack: dropped }, text);
  }

  /** Items `first` to `last` read again after `edit` (undefined when their lines are not whole items any more). */
  private readRun(state: Extract<UnitLayout, { kind: 'yaml' }>, edit: TextEdit, first: number, last: number): ReadRun | undefined {
    const { layout } = state;
    const { items } = layout;
    for (let unit = first; unit <= last; unit++) settleUnit(state, unit);
    const delta = edit.text.length - (edit.end - edit.start);
    const start = items[first].start;
    const before = this.text.slice(start, items[last].end);
    const lines = before.slice(0, edit.start - start) + edit.text + before.slice(edit.end - start);
    WORK.unitsRead += last - first + 1;
    const read = readRunAgain(layout, lines, first, start, true);
    const old = items[last];
    // Where the list's last item's value ends decides where the frame's nodes end (the root mapping
    // of a lineage file): there it must move with the edit. Inside the list, later items keep it.
    const expectedValueEnd = old.valueEnd >= edit.end ? old.valueEnd + delta : old.valueEnd;
    // A list at the top level has no frame (no facts outside its items): nothing ends with its last item.
    const framed = state.frame.facts.length > 0;
    if (!read || (framed && last === items.length - 1 && (read[read.length - 1].valueEnd !== expectedValueEnd || (old.valueEnd > edit.start && old.valueEnd < edit.end)))) return undefined;
    return { first, last, read, lines, start, delta, edit };
  }

  /** The analysis with a run of items replaced by what `run` read (undefined when content detection would see the change). */
  private replaceRun(state: Extract<UnitLayout, { kind: 'yaml' }>, run: ReadRun, text: string): DocumentAnalysis | undefined {
    const { layout } = state;
    const { items } = layout;
    const { first, last, read, lines, start, delta } = run;
    const detection = detectionAfter(state, items.slice(first, run.dropFrom === undefined ? last + 1 : items.length), run.takeBack ? [...read, ...run.takeBack.items] : read);
    if (!detection) return undefined;
    // Items after the run carry their index in some facts (the path of a value of the wrong type): read those again too.
    const later = run.dropFrom === undefined && read.length !== last - first + 1 ? indexedLater(state, last + 1, read.length - (last - first + 1), delta, this.text) : [];
    if (!later) return undefined;
    this.consumed = true;
    state.detection = detection;
    if (run.dropFrom !== undefined) state.dropped = dropItems(state, run.dropFrom, delta);
    items.splice(first, last - first + 1, ...read);
    spliceUnitParts(state, first, last - first + 1, read.map(partOfItem));
    state.suppressions.splice(first, last - first + 1, read.map((item) => lines.slice(item.start - start, item.end - start)));
    state.shifts.add(first + read.length, delta);
    for (const { index, item } of later) {
      settleUnit(state, index);
      items[index] = item;
      replaceUnitPart(state, index, partOfItem(item));
    }
    if (run.takeBack) takeBackItems(state, run.takeBack, run.takeBack.start + delta);
    if (delta !== 0) state.cache.shift(state.frame, delta, run.edit.end);
    const model = lazyModel(this.uri, layout.format, layout.detectedBy, modelSource(state));
    return new DocumentAnalysis(this.uri, text, model, this.options, state, 'run', this.lineIndex?.afterEdits([run.edit], text));
  }
}

/** A run of items read again: items `first` to `last` of the list are now `read`, from `lines` (starting at `start`). */
interface ReadRun {
  first: number;
  last: number;
  read: YamlItem[];
  lines: string;
  start: number;
  delta: number;
  edit: TextEdit;
  /** the items from this one on are dropped (kept aside, see DroppedItems); those `takeBack` are put back after the run */
  dropFrom?: number;
  takeBack?: DroppedItems;
}

/**
 * Each unit's text (a YAML item's lines, a JSON element), kept while the unit is (an edit that
 * changes it reads a new unit): typing reads the edited unit's text from here, not from the
 * document's text, which after an edit is a rope V8 would copy whole to slice or parse
 * (server/editorDocument.ts). Slices of the text read whole share its characters.
 */
const unitTexts = new WeakMap<YamlItem | ProposalUnit, string>();

function layoutOf(read: DocumentParts, text: string): UnitLayout | undefined {
  if (read.units) {
    const counts: ProposalCounts = { nonNull: 0, maps: 0, proposals: 0 };
    for (const unit of read.units) {
      countsAdd(counts, unit, 1);
      unitTexts.set(unit, text.slice(unit.start, unit.end));
    }
    return newUnitLayout(text, { kind: 'proposals', units: read.units, forced: read.forced, counts }, read.units.map(partOfUnit));
  }
  if (read.yaml) {
    const { frame } = read.yaml;
    const framePart: DocumentPart = { facts: [...frame.facts, ...frame.sweepBefore, ...frame.sweepAfter], problems: [] };
    const detection = newListCounts();
    for (const item of read.yaml.items) {
      countItem(detection, item.detection, 1);
      unitTexts.set(item, text.slice(item.start, item.end));
    }
    return newUnitLayout(text, { kind: 'yaml', layout: read.yaml, frame: framePart, detection }, read.yaml.items.map(partOfItem), framePart);
  }
  return undefined;
}

function countsAdd(counts: ProposalCounts, unit: ProposalUnit, sign: 1 | -1): void {
  counts.nonNull += unit.nonNull ? sign : 0;
  counts.maps += unit.isMap ? sign : 0;
  counts.proposals += unit.isProposal ? sign : 0;
}

function countsAfter(counts: ProposalCounts, before: ProposalUnit, after: ProposalUnit): ProposalCounts {
  const next = { ...counts };
  countsAdd(next, before, -1);
  countsAdd(next, after, 1);
  return next;
}

/**
 * Whether `finalText` can be `text` after `edit`, as far as its length tells: reading it would
 * copy it (an editor's text after an edit is a V8 rope until something reads it), and the edits
 * come from the same notifications the editor's copy was made from.
 */
function fits(text: string, edit: TextEdit, finalText: string): boolean {
  return finalText.length === text.length + edit.text.length - (edit.end - edit.start);
}

function partOfUnit(unit: ProposalUnit): DocumentPart {
  return { facts: [...unit.facts, ...unit.elementSweep, ...unit.stringSweep], problems: [...unit.problems] };
}

function partOfItem(item: YamlItem): DocumentPart {
  return { facts: [...item.facts, ...item.sweep], problems: [...item.problems] };
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

/** The element whose text holds the whole edited span (moved to where it is now). */
function unitContaining(layout: UnitLayout, start: number, end: number): number | undefined {
  const index = lastStartingAtOrBefore(layout, start);
  if (index < 0) return undefined;
  settleUnit(layout, index);
  const unit = unitsOf(layout)[index];
  return start <= unit.end && end <= unit.end ? index : undefined;
}

/**
 * The item whose lines hold the whole edit (moved to where it is now). The edit must end before
 * the next item's first line (an edit there changes that item); the last item's lines end at the
 * end of the text or at the frame written after the list.
 */
function itemContaining(layout: Extract<UnitLayout, { kind: 'yaml' }>, edit: TextEdit, textLength: number): number | undefined {
  const index = lastStartingAtOrBefore(layout, edit.start);
  if (index < 0) return undefined;
  settleUnit(layout, index);
  const item: YamlItem = layout.layout.items[index];
  const atTheEnd = item.end === textLength && edit.end === textLength;
  return edit.end < item.end || atTheEnd ? index : undefined;
}

/** Binary search over the units by where they start now: the last one that starts at or before `offset` (-1 when none). */
function lastStartingAtOrBefore(layout: UnitLayout, offset: number): number {
  let low = 0;
  let high = unitsOf(layout).length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (currentStart(layout, middle) <= offset) low = middle + 1;
    else high = middle - 1;
  }
  return high;
}
