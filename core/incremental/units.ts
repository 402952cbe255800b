import type { ProposalUnit } from '../formats/mcpStream';
import type { YamlItem, YamlItemLayout } from '../formats/yamlUnits';
import type { ListCounts } from '../formats/detect';
import type { Fact, FormatId } from '../model/facts';
import { addKindCounts, kindCountsOf, type KindCounts, type ModelSource } from './lazyModel';
import { PartCache } from './partCache';
import type { DocumentPart } from './parts';
import { PendingShifts } from './pendingShifts';
import { RepeatIndex } from './repeatIndex';
import { SuppressionUnits } from './suppressionUnits';

/** Content detection's counts over the elements of a proposal array (core/formats/detect.ts listIsProposals). */
export interface ProposalCounts {
  nonNull: number;
  maps: number;
  proposals: number;
}

/** The units of a document read again unit by unit: a proposal array's elements or a YAML list format's items. */
export type UnitBase = { kind: 'proposals'; units: ProposalUnit[]; forced: FormatId | undefined; counts: ProposalCounts } | { kind: 'yaml'; layout: YamlItemLayout; frame: DocumentPart; detection: ListCounts; dropped?: DroppedItems };

/**
 * Items an edit dropped from the end of a top-level list when it ended the list early (a key split
 * to column 0, ./documentAnalysis.ts readTail): kept, with their parts and what the checks found in
 * them, while the text from `start` on is the text they were read from, so that the edit's undo
 * takes them back instead of reading and checking the rest of the file again.
 */
export interface DroppedItems {
  /** the index the first of them had in the list */
  index: number;
  /** where the first of them starts in their own offsets, and in the text now (they move only when taken back) */
  origin: number;
  start: number;
  items: YamlItem[];
  parts: DocumentPart[];
  kinds: KindCounts[];
  suppressed: boolean[];
  /** set once they are back in the list */
  taken?: boolean;
}

type YamlLayout = Extract<UnitLayout, { kind: 'yaml' }>;

/** What a document is made of, when it can be read again unit by unit, and what is kept about it. */
export type UnitLayout = UnitBase & {
  /** the parts the checks see: yaml, the frame then one per item; proposals, one per element */
  parts: DocumentPart[];
  /** what the checks keep about each part, handed on from edit to edit (./partCache.ts) */
  cache: PartCache;
  /** the repeat rules' index of these parts, handed on from edit to edit (./repeatIndex.ts) */
  repeats: RepeatIndex;
  /** what each unit still has to move (./pendingShifts.ts) */
  shifts: PendingShifts;
  /** per unit: how many facts of each kind it holds; and the document's totals (frame included) */
  kinds: KindCounts[];
  totals: KindCounts;
  /** each unit's part → the unit's index */
  unitOfPart: Map<DocumentPart, number>;
  /** which units hold a suppression comment (./suppressionUnits.ts) */
  suppressions: SuppressionUnits;
};

/** The units (items or elements), whose positions move with edits before them. */
export function unitsOf(layout: UnitLayout): (YamlItem | ProposalUnit)[] {
  return layout.kind === 'yaml' ? layout.layout.items : layout.units;
}

/** Index of unit `i`'s part in `parts` (the frame comes first in a YAML layout). */
export function partIndexOf(layout: UnitLayout, unit: number): number {
  return layout.kind === 'yaml' ? unit + 1 : unit;
}

/** The layout of freshly read units (`unitParts`, one per unit; `frame` for YAML), nothing pending. */
export function newUnitLayout(text: string, units: UnitBase, unitParts: DocumentPart[], frame?: DocumentPart): UnitLayout {
  const kinds = unitParts.map((part) => kindCountsOf(part.facts));
  const totals: KindCounts = frame ? kindCountsOf(frame.facts) : new Map();
  for (const counts of kinds) addKindCounts(totals, counts, 1);
  const unitOfPart = new Map<DocumentPart, number>();
  unitParts.forEach((part, index) => unitOfPart.set(part, index));
  const layout = { ...units, parts: frame ? [frame, ...unitParts] : unitParts, cache: new PartCache(), repeats: new RepeatIndex(), shifts: new PendingShifts(unitParts.length), kinds, totals, unitOfPart, suppressions: new SuppressionUnits(text, units.kind === 'yaml' ? units.layout.items : units.units) } as UnitLayout;
  layout.cache.settleWith(
    (part) => {
      const unit = layout.unitOfPart.get(part);
      if (unit !== undefined) settleUnit(layout, unit);
    },
    (part) => {
      const unit = layout.unitOfPart.get(part);
      return unit === undefined ? 0 : layout.shifts.pending(unit);
    },
  );
  return layout;
}

/** Moves unit `i` (its offsets, facts, problems and kept check results) by what it still has to move. */
export function settleUnit(layout: UnitLayout, unit: number): void {
  const delta = layout.shifts.settle(unit);
  if (delta === 0) return;
  const moved = unitsOf(layout)[unit];
  moved.start += delta;
  moved.end += delta;
  if ('valueEnd' in moved) moved.valueEnd += delta;
  layout.cache.shift(layout.parts[partIndexOf(layout, unit)], delta);
}

/** Where unit `i` starts now (without moving it). */
export function currentStart(layout: UnitLayout, unit: number): number {
  return unitsOf(layout)[unit].start + layout.shifts.pending(unit);
}

/** Unit `i` was read again as `part`: the kept state of the old part is dropped, the counts follow. */
export function replaceUnitPart(layout: UnitLayout, unit: number, part: DocumentPart): void {
  const at = partIndexOf(layout, unit);
  const before = layout.parts[at];
  layout.repeats.replaced(before, part);
  layout.cache.replaced(before, part);
  layout.parts[at] = part;
  layout.unitOfPart.delete(before);
  layout.unitOfPart.set(part, unit);
  addKindCounts(layout.totals, layout.kinds[unit], -1);
  layout.kinds[unit] = kindCountsOf(part.facts);
  addKindCounts(layout.totals, layout.kinds[unit], 1);
}

/**
 * Units `first` to `first + removed` were read again as `parts` (one per new unit, already in the
 * unit list): the kept state of the old parts is dropped, later units keep what they still have to
 * move. Linear in the number of units (index bookkeeping over arrays; nothing is parsed or moved).
 */
export function spliceUnitParts(layout: UnitLayout, first: number, removed: number, parts: DocumentPart[]): void {
  const at = partIndexOf(layout, first);
  const before = layout.parts.splice(at, removed, ...parts);
  for (let i = 0; i < Math.max(before.length, parts.length); i++) {
    layout.repeats.replaced(before[i], parts[i]);
    layout.cache.replaced(before[i], parts[i]);
  }
  for (const part of before) layout.unitOfPart.delete(part);
  const kinds = parts.map((part) => kindCountsOf(part.facts));
  for (const counts of layout.kinds.splice(first, removed, ...kinds)) addKindCounts(layout.totals, counts, -1);
  for (const counts of kinds) addKindCounts(layout.totals, counts, 1);
  layout.shifts.splice(first, removed, parts.length);
  // Later units' indices change with the count.
  for (let unit = first; unit < layout.kinds.length; unit++) layout.unitOfPart.set(layout.parts[partIndexOf(layout, unit)], unit);
}

/** The model's facts of a layout, in readDocument's order, as a ModelSource (./lazyModel.ts). */
export function modelSource(layout: UnitLayout): ModelSource {
  const settleAll = () => {
    for (let unit = 0; unit < layout.shifts.size; unit++) settleUnit(layout, unit);
  };
  const common = {
    settleAll,
    countOf: (kind: Fact['kind']) => layout.totals.get(kind) ?? 0,
    unitHas: (unit: number, kind: Fact['kind']) => (layout.kinds[unit].get(kind) ?? 0) > 0,
    settle: (unit: number) => settleUnit(layout, unit),
  };
  if (layout.kind === 'yaml') {
    const { frame, items } = layout.layout;
    return {
      ...common,
      problems: () => items.flatMap((item) => item.problems),
      *stretches() {
        yield { facts: frame.facts };
        for (let unit = 0; unit < items.length; unit++) yield { facts: items[unit].facts, unit };
        yield { facts: frame.sweepBefore };
        for (let unit = 0; unit < items.length; unit++) yield { facts: items[unit].sweep, unit };
        yield { facts: frame.sweepAfter };
      },
    };
  }
  const { units } = layout;
  return {
    ...common,
    problems: () => units.flatMap((unit) => unit.problems),
    *stretches() {
      for (let unit = 0; unit < units.length; unit++) yield { facts: units[unit].facts, unit };
      for (let unit = 0; unit < units.length; unit++) yield { facts: units[unit].elementSweep, unit };
      for (let unit = 0; unit < units.length; unit++) yield { facts: units[unit].stringSweep, unit };
    },
  };
}

/** Items `from` to the last taken out of a YAML layout (no longer part of the document), with what is kept about them (see DroppedItems); `moved`: how far the text there moved with the edit. */
export function dropItems(layout: YamlLayout, from: number, moved: number): DroppedItems {
  for (let unit = from; unit < layout.shifts.size; unit++) settleUnit(layout, unit);
  const items = layout.layout.items.splice(from);
  const parts = layout.parts.splice(partIndexOf(layout, from));
  for (const part of parts) {
    layout.repeats.replaced(part, undefined);
    layout.cache.suspend(part);
    layout.unitOfPart.delete(part);
  }
  const kinds = layout.kinds.splice(from);
  for (const counts of kinds) addKindCounts(layout.totals, counts, -1);
  layout.shifts.splice(from, items.length, 0);
  return { index: from, origin: items[0].start, start: items[0].start + moved, items, parts, kinds, suppressed: layout.suppressions.take(from) };
}

/** Dropped items put back at the end of the list (which has `dropped.index` items again), the first of them now starting at `start`. */
export function takeBackItems(layout: YamlLayout, dropped: DroppedItems, start: number): void {
  const from = layout.layout.items.length;
  if (from !== dropped.index) throw new Error(`dropped items taken back at item ${from}, not at ${dropped.index} where they were`);
  dropped.taken = true;
  layout.layout.items.push(...dropped.items);
  layout.parts.push(...dropped.parts);
  dropped.parts.forEach((part, i) => {
    layout.repeats.replaced(undefined, part);
    layout.cache.resume(part);
    layout.unitOfPart.set(part, from + i);
  });
  layout.kinds.push(...dropped.kinds);
  for (const counts of dropped.kinds) addKindCounts(layout.totals, counts, 1);
  layout.suppressions.put(dropped.suppressed);
  layout.shifts.splice(from, 0, dropped.items.length);
  layout.shifts.add(from, start - dropped.origin);
}

/** Dropped items that will not come back (the text they were read from changed): what the checks kept about them goes. */
export function forgetDropped(layout: YamlLayout, dropped: DroppedItems): void {
  if (!dropped.taken) for (const part of dropped.parts) layout.cache.forget(part);
}
