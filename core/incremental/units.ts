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
export type UnitBase = { kind: 'proposals'; units: ProposalUnit[]; forced: FormatId | undefined; counts: ProposalCounts } | { kind: 'yaml'; layout: YamlItemLayout; frame: DocumentPart; detection: ListCounts };

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
