import { readFactsOfKindWith, type DocumentModel, type Fact, type FactOfKind, type FactsReading, type ParseProblem } from '../model/facts';
import { WORK } from '../model/workCounters';

/** What a model kept in units is made of, in the order readDocument lists its facts. */
export interface ModelSource {
  /** moves every unit by what it still has to move (called before anything is listed) */
  settleAll(): void;
  /** the model's facts as stretches, in order; a stretch is listed for a kind only when its unit has one (see `unitHas`) */
  stretches(): Iterable<{ facts: readonly Fact[]; unit?: number }>;
  problems(): ParseProblem[];
  /** how many facts of `kind` the whole document holds (kept per unit, so answered without a pass) */
  countOf(kind: Fact['kind']): number;
  /** whether unit `unit` holds a fact of `kind` */
  unitHas(unit: number, kind: Fact['kind']): boolean;
  /** moves one unit by what it still has to move */
  settle(unit: number): void;
}

/**
 * The model of a document kept in units (./documentAnalysis.ts), put together only when read:
 * typing does not list 50,000 facts per keystroke to make a model nobody reads whole. Its `facts`
 * and `parseProblems` are listed (and every unit moved by its pending offset) the first time they
 * are read; `factsOfKind` (core/model/facts.ts) answers from the units that hold the kind, moving
 * only those (none when the caller reads values only), and a kind the document does not hold at
 * all without looking.
 *
 * The model describes the analysis that made it: once that analysis is consumed by `apply`, a
 * model not yet read lists the newer units (as the ranges of a read model move with later edits).
 */
export function lazyModel(uri: string, format: DocumentModel['format'], detectedBy: DocumentModel['detectedBy'], source: ModelSource): DocumentModel {
  let listed: { facts: Fact[]; parseProblems: ParseProblem[] } | undefined;
  const list = () => {
    if (listed) return listed;
    source.settleAll();
    const facts: Fact[] = [];
    for (const stretch of source.stretches()) for (const fact of stretch.facts) facts.push(fact);
    WORK.factsListed += facts.length;
    listed = { facts, parseProblems: source.problems() };
    return listed;
  };
  const model = { uri, format, detectedBy } as DocumentModel;
  Object.defineProperty(model, 'facts', { enumerable: true, get: () => list().facts });
  Object.defineProperty(model, 'parseProblems', { enumerable: true, get: () => list().parseProblems });
  readFactsOfKindWith(model, <K extends Fact['kind']>(kind: K, reading: FactsReading): FactOfKind<K>[] => {
    if (listed) return listed.facts.filter((fact): fact is FactOfKind<K> => fact.kind === kind);
    const found: FactOfKind<K>[] = [];
    if (source.countOf(kind) === 0) return found;
    for (const stretch of source.stretches()) {
      if (stretch.unit !== undefined) {
        if (!source.unitHas(stretch.unit, kind)) continue;
        if (reading === 'all') source.settle(stretch.unit);
      }
      for (const fact of stretch.facts) if (fact.kind === kind) found.push(fact as FactOfKind<K>);
    }
    WORK.factsListed += found.length;
    return found;
  });
  return model;
}

/** How many facts of each kind a unit holds. */
export type KindCounts = Map<Fact['kind'], number>;

export function kindCountsOf(facts: readonly Fact[]): KindCounts {
  const counts: KindCounts = new Map();
  for (const fact of facts) counts.set(fact.kind, (counts.get(fact.kind) ?? 0) + 1);
  return counts;
}

/** Adds (sign 1) or removes (sign -1) a unit's counts to the document's. */
export function addKindCounts(total: KindCounts, unit: KindCounts, sign: 1 | -1): void {
  for (const [kind, count] of unit) total.set(kind, (total.get(kind) ?? 0) + sign * count);
}
