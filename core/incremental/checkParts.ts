import type { DefinitionsView, EntityExistenceView } from '../definitions/types';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel, Fact, ParseProblem } from '../model/facts';
import type { SourceRange } from '../model/range';
import { ALL_RULES } from '../rules';
import type { Rule } from '../rules/types';
import type { ServiceTarget } from '../rules/target';
import { finishDiagnostics, ruleContext, runRules, type ValidationInput } from '../validate';
import type { RepeatIndex } from './repeatIndex';

/** One part of a document (a list item, an array element, the frame around them) as the checks see it. */
export interface DocumentPart {
  readonly facts: readonly Fact[];
  readonly problems: readonly ParseProblem[];
  /** what the part rules found in it, and under what; kept until the part or any of that changes */
  checked?: CheckedPart;
  /** every range object of its facts and problems, once each: what an edit before the part moves (./shiftRanges.ts) */
  ranges?: SourceRange[];
  /** Rule.documentFacts of the part rules over this part's facts alone (see documentFactsOf) */
  documentFacts?: string;
}

export interface CheckedPart {
  under: CheckedUnder;
  diagnostics: CoreDiagnostic[];
}

/**
 * Everything besides a part's own facts that part rules read. Definitions are compared by identity:
 * the workspace's map is rebuilt and the service's replaced whenever they change (core/workspace/
 * session.ts, server/liveDefinitions.ts), never refilled in place. Entity existence is not here:
 * its answers change by themselves, so only document rules may ask (see NO_EXISTENCE_FOR_PARTS).
 */
interface CheckedUnder {
  service: DefinitionsView['service'];
  workspace: DefinitionsView['workspace'];
  serviceAvailable: boolean;
  target: ServiceTarget;
  /** Rule.documentFacts of every part rule */
  documentFacts: string;
}

export interface PartsValidationInput extends ValidationInput {
  parts: readonly DocumentPart[];
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
  const under: CheckedUnder = {
    service: context.definitions.service,
    workspace: context.definitions.workspace,
    serviceAvailable: context.definitions.serviceAvailable,
    target: context.target ?? 'offline',
    documentFacts: documentFactsOf(partRules, model, input.parts),
  };
  const diagnostics: CoreDiagnostic[] = [];
  for (const part of input.parts) {
    if (!part.checked || !sameUnder(part.checked.under, under)) {
      // Own range objects: kept diagnostics move with later edits (./shiftRanges.ts shiftPart), facts move on their own.
      const found = runRules(partRules, { ...context, model: partModel(model, part), document: model, entities: NO_EXISTENCE_FOR_PARTS });
      part.checked = { under, diagnostics: found.map((diagnostic) => ({ ...diagnostic, range: { ...diagnostic.range } })) };
    }
    // Copies: the kept diagnostics move with later edits, the answer must not.
    for (const diagnostic of part.checked.diagnostics) diagnostics.push({ ...diagnostic, range: { ...diagnostic.range } });
  }
  const documentRules = rules.filter((rule) => rule.scope === 'document');
  const indexed = input.repeats ? documentRules.filter((rule) => rule.repeats) : [];
  diagnostics.push(...runRules(documentRules.filter((rule) => !indexed.includes(rule)), context));
  if (input.repeats) diagnostics.push(...input.repeats.diagnostics(indexed, input.parts, model, context, (part) => partModel(model, part)));
  return finishDiagnostics(context, input, diagnostics);
}

function partModel(model: DocumentModel, part: DocumentPart): DocumentModel {
  return { uri: model.uri, format: model.format, detectedBy: model.detectedBy, facts: part.facts as Fact[], parseProblems: part.problems as ParseProblem[] };
}

/**
 * What part rules read across the document, in a form that changes whenever it does: each part's
 * contribution, computed once per part (a part is replaced, not changed, when an edit reads it
 * again), so an edit costs a pass over the parts rather than over every fact.
 */
function documentFactsOf(rules: readonly Rule[], model: DocumentModel, parts: readonly DocumentPart[]): string {
  const reading = rules.filter((rule) => rule.documentFacts);
  let key = '';
  for (const part of parts) {
    if (part.documentFacts === undefined) {
      const own = partModel(model, part);
      const each = reading.map((rule) => (rule.documentFacts as (document: DocumentModel) => string)(own));
      part.documentFacts = each.some((facts) => facts !== '') ? each.join('\u0001') : '';
    }
    if (part.documentFacts !== '') key += `${part.documentFacts}\u0000`;
  }
  return key;
}

function sameUnder(a: CheckedUnder, b: CheckedUnder): boolean {
  return (
    a.service === b.service &&
    a.workspace === b.workspace &&
    a.serviceAvailable === b.serviceAvailable &&
    a.target === b.target &&
    a.documentFacts === b.documentFacts
  );
}
