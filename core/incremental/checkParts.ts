import type { EntityExistenceView } from '../definitions/types';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import { ALL_RULES } from '../rules';
import type { Rule } from '../rules/types';
import { finishDiagnostics, ruleContext, runRules, type ValidationInput } from '../validate';
import { PartCache } from './partCache';
import type { CheckedUnder, DocumentPart } from './parts';
import type { RepeatIndex } from './repeatIndex';

export interface PartsValidationInput extends ValidationInput {
  parts: readonly DocumentPart[];
  /** what is kept about these parts between checks (kept by the analysis across edits); without it every part is checked */
  cache?: PartCache;
  /** the repeat rules' index for these parts (kept by the analysis across edits); without it they run on the whole model */
  repeats?: RepeatIndex;
}

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
 * every time, which costs a pass over one kind of fact rather than every rule over every fact.
 */
export function validateParts(input: PartsValidationInput): CoreDiagnostic[] {
  const model = input.model;
  if (model.format === null) return [];
  const rules = input.rules ?? ALL_RULES;
  const context = ruleContext(input);
  const partRules = rules.filter((rule) => rule.scope !== 'document');
  const cache = input.cache ?? new PartCache();
  const under: CheckedUnder = {
    service: context.definitions.service,
    workspace: context.definitions.workspace,
    serviceAvailable: context.definitions.serviceAvailable,
    target: context.target ?? 'offline',
    datahubVersion: context.datahub?.version ?? '',
    documentFacts: documentFactsOf(partRules, model, input.parts, cache),
  };
  const diagnostics: CoreDiagnostic[] = [];
  for (const part of input.parts) {
    let checked = cache.checked(part);
    if (!checked || !sameUnder(checked.under, under)) {
      // Own range objects: kept diagnostics move with later edits (PartCache.shift), facts move on their own.
      const found = runRules(partRules, { ...context, model: partModel(model, part), document: model, entities: NO_EXISTENCE_FOR_PARTS });
      checked = { under, diagnostics: found.map((diagnostic) => ({ ...diagnostic, range: { ...diagnostic.range } })) };
      cache.keepChecked(part, checked);
    }
    // Copies: the kept diagnostics move with later edits, the answer must not.
    for (const diagnostic of checked.diagnostics) diagnostics.push({ ...diagnostic, range: { ...diagnostic.range } });
  }
  const documentRules = rules.filter((rule) => rule.scope === 'document');
  const indexed = input.repeats ? documentRules.filter((rule) => rule.repeats) : [];
  diagnostics.push(...runRules(documentRules.filter((rule) => !indexed.includes(rule)), context));
  if (input.repeats) diagnostics.push(...input.repeats.diagnostics(indexed, input.parts, model, context, (part) => partModel(model, part)));
  return finishDiagnostics(context, input, diagnostics);
}

function partModel(model: DocumentModel, part: DocumentPart): DocumentModel {
  return { uri: model.uri, format: model.format, detectedBy: model.detectedBy, facts: part.facts, parseProblems: part.problems };
}

/**
 * What part rules read across the document, in a form that changes whenever it does: each part's
 * contribution, computed once per part (a part is replaced, not changed, when an edit reads it
 * again), so an edit costs a pass over the parts rather than over every fact.
 */
function documentFactsOf(rules: readonly Rule[], model: DocumentModel, parts: readonly DocumentPart[], cache: PartCache): string {
  const reading = rules.flatMap((rule) => (rule.documentFacts ? [rule.documentFacts] : []));
  const compute = (part: DocumentPart) => {
    const own = partModel(model, part);
    const each = reading.map((documentFacts) => documentFacts(own));
    return each.some((facts) => facts !== '') ? each.join('\u0001') : '';
  };
  let key = '';
  for (const part of parts) {
    const facts = cache.documentFacts(part, compute);
    if (facts !== '') key += `${facts}\u0000`;
  }
  return key;
}

function sameUnder(a: CheckedUnder, b: CheckedUnder): boolean {
  return (
    a.service === b.service &&
    a.workspace === b.workspace &&
    a.serviceAvailable === b.serviceAvailable &&
    a.target === b.target &&
    a.datahubVersion === b.datahubVersion &&
    a.documentFacts === b.documentFacts
  );
}
