import type { EntityExistenceView } from '../definitions/types';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import { ALL_RULES } from '../rules';
import type { Rule } from '../rules/types';
import { withUrnParses } from '../rules/urnParts';
import { finishDiagnostics, ruleContext, runRules, validateDocument, type ValidationInput } from '../validate';
import { PartCache } from './partCache';
import { partModel, type CheckedUnder, type DocumentPart } from './parts';
import type { RepeatIndex } from './repeatIndex';
import type { SuppressionSource } from '../rules/suppression';
import { WORK } from '../model/workCounters';
import { performance } from 'node:perf_hooks';

export interface PartsValidationInput extends ValidationInput {
  parts: readonly DocumentPart[];
  /** what is kept about these parts between checks (kept by the analysis across edits); without it every part is checked */
  cache?: PartCache;
  /** the repeat rules' index for these parts (kept by the analysis across edits); without it they run on the whole model */
  repeats?: RepeatIndex;
  /** the document's suppression comments, when the analysis keeps them per unit (core/rules/suppression.ts) */
  suppressions?: SuppressionSource;
}

/**
 * The rules whose every diagnostic depends on the facts of one part alone (not document rules, not
 * part rules that read facts of the whole document): what a document being read in slices can be
 * told about the items read so far (core/workspace/session.ts), since the rest cannot change it.
 */
export const RULES_OF_ONE_PART: readonly Rule[] = ALL_RULES.filter((rule) => rule.scope !== 'document' && !rule.documentFacts);

/** What part rules get for entity existence: asking is a mistake in the rule (it must be a document rule), said loudly. */
const NO_EXISTENCE_FOR_PARTS: EntityExistenceView = {
  exists: () => {
    throw new Error("a rule kept per part asked whether an entity exists; such a rule must be scope: 'document'");
  },
};

/**
 * validateDocument for a document kept in parts (./documentAnalysis.ts), with the same answer
 * (test/unit/incremental/): part rules run only on parts whose facts or inputs changed since their
 * last check; document rules (duplicates across parts, entity existence) run on the whole model
 * every time, asking it for the kinds of fact they judge (which a file without them answers without
 * a pass, ./lazyModel.ts).
 *
 * With the analysis's cache, a check under the same inputs as the last one visits only the parts
 * edits read since (`PartCache.takeFresh`) and the parts that have diagnostics: typing in a file
 * of 50,000 lines checks one part, not 50,000 (test/integration/keystrokeWork.test.ts).
 */
export function validateParts(input: PartsValidationInput): CoreDiagnostic[] {
  return withUrnParses(() => validateEveryPart(input));
}

function validateEveryPart(input: PartsValidationInput): CoreDiagnostic[] {
  const model = input.model;
  // A file of none of our formats has no parts to check; one of DataHub's unchecked formats gets its note.
  if (model.format === null) return validateDocument(input);
  const rules = input.rules ?? ALL_RULES;
  const cache = input.cache ?? new PartCache();
  const { context, under, fresh, check } = partChecks(input, cache);
  // Under the same inputs as the last check, only parts read since need the part rules.
  const last = cache.lastUnder(input.parts);
  for (const part of last && sameUnder(last, under) ? fresh : input.parts) check(part);
  cache.checkedAllUnder(input.parts, under);
  const diagnostics: CoreDiagnostic[] = [];
  for (const part of cache.partsWithDiagnostics()) {
    WORK.partsVisited++;
    // Copies: the kept diagnostics move with later edits, the answer must not.
    for (const diagnostic of cache.keptDiagnostics(part)) diagnostics.push(diagnostic);
  }
  const documentRules = rules.filter((rule) => rule.scope === 'document');
  const indexed = input.repeats ? documentRules.filter((rule) => rule.repeats) : [];
  const header = partModel(model, { facts: [], problems: [] });
  const unionOverParts = (owner: object, keysOf: (part: DocumentModel) => readonly string[]) => cache.union(owner, (part) => keysOf(partModel(header, part))).keys(input.parts).keys();
  diagnostics.push(...runRules(documentRules.filter((rule) => !indexed.includes(rule)), { ...context, unionOverParts }));
  if (input.repeats) diagnostics.push(...input.repeats.diagnostics(indexed, input.parts, model, context, (part) => partModel(model, part), (part) => cache.settle(part)));
  return finishDiagnostics(context, input, diagnostics, input.suppressions);
}

/**
 * The part rules run on `input.parts` from index `from` on until the clock passes `until` (at
 * least a few parts): a large document checked in slices before its first whole answer
 * (core/workspace/openInSlices.ts). Answers the index it stopped at. A later validateParts with
 * the same inputs and cache finds these parts checked and runs only the document rules.
 */
export function checkPartsUntil(input: PartsValidationInput & { cache: PartCache }, from: number, until: number): number {
  return withUrnParses(() => checkSomeParts(input, from, until));
}

function checkSomeParts(input: PartsValidationInput & { cache: PartCache }, from: number, until: number): number {
  if (input.model.format === null) return input.parts.length;
  const { check } = partChecks(input, input.cache);
  let index = from;
  while (index < input.parts.length) {
    check(input.parts[index++]);
    if (index % 32 === 0 && performance.now() >= until) break;
  }
  return index;
}

/** What the part rules of one check run under, and the check of one part (its results kept in `cache`). */
function partChecks(input: PartsValidationInput, cache: PartCache): { context: ReturnType<typeof ruleContext>; under: CheckedUnder; fresh: ReadonlySet<DocumentPart>; check: (part: DocumentPart) => void } {
  const model = input.model;
  const rules = input.rules ?? ALL_RULES;
  const context = ruleContext(input);
  const partRules = rules.filter((rule) => rule.scope !== 'document');
  const fresh = cache.takeFresh();
  const under: CheckedUnder = {
    rules,
    service: context.definitions.service,
    workspace: context.definitions.workspace,
    serviceAvailable: context.definitions.serviceAvailable,
    target: context.target ?? 'offline',
    datahubVersion: context.datahub?.version ?? '',
    documentFacts: documentFactsOf(partRules, model, fresh, input.parts, cache),
  };
  const check = (part: DocumentPart) => {
    WORK.partsVisited++;
    const checked = cache.checked(part);
    if (checked && sameUnder(checked.under, under)) return;
    WORK.partsChecked++;
    // A part read by an earlier edit of the same burst may still have to move by a later one: its
    // facts must be where the text has them before a rule compares them with it (a URN's range).
    cache.settle(part);
    const found = runRules(partRules, { ...context, model: partModel(model, part), document: model, entities: NO_EXISTENCE_FOR_PARTS });
    // Own range objects: kept diagnostics move with later edits (PartCache.shift), facts move on their own.
    cache.keepChecked(part, { under, diagnostics: found.map((diagnostic) => ({ ...diagnostic, range: { ...diagnostic.range } })) });
  };
  return { context, under, fresh, check };
}

/**
 * What part rules read across the document, in a form that changes whenever it does: each part's
 * contribution, computed once per part (a part is replaced, not changed, when an edit reads it
 * again) and kept by the cache as a multiset, so an edit costs the parts it read, not a pass.
 */
function documentFactsOf(rules: readonly Rule[], model: DocumentModel, fresh: ReadonlySet<DocumentPart>, parts: readonly DocumentPart[], cache: PartCache): string {
  const reading = rules.flatMap((rule) => (rule.documentFacts ? [rule.documentFacts] : []));
  const compute = (part: DocumentPart) => {
    cache.settle(part);
    const own = partModel(model, part);
    const each = reading.map((documentFacts) => documentFacts(own));
    return each.some((facts) => facts !== '') ? each.join('\u0001') : '';
  };
  // Parts never seen are listed once (a fresh read); after that only the parts edits read.
  for (const part of cache.documentFactsKnown() ? fresh : parts) cache.documentFacts(part, compute);
  return cache.documentFactsKey();
}

function sameUnder(a: CheckedUnder, b: CheckedUnder): boolean {
  return (
    a.rules === b.rules &&
    a.service === b.service &&
    a.workspace === b.workspace &&
    a.serviceAvailable === b.serviceAvailable &&
    a.target === b.target &&
    a.datahubVersion === b.datahubVersion &&
    a.documentFacts === b.documentFacts
  );
}
