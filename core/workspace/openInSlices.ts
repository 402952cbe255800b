import { performance } from 'node:perf_hooks';
import type { DocumentParts, ReadOptions } from '../formats';
import { RULES_OF_ONE_PART, checkPartsUntil, validateParts } from '../incremental/checkParts';
import type { CoreDiagnostic } from '../model/diagnostic';
import { DocumentAnalysis } from '../incremental/documentAnalysis';
import type { SlicedOutcome } from '../incremental/slicedRead';
import type { SlicedDocumentRead } from '../incremental/slicedReadOf';
import type { ValidationInput } from '../validate';
import type { SlicedWork } from './backgroundReads';
import type { DocumentModel } from '../model/facts';
import { LineIndex } from '../model/range';
import { isTooLargeToCheck, uncheckedModel, type DocumentCoverage } from './openDocumentLimit';

/** What the checks of a document read besides the document itself (the session's definitions, catalog, target, severity). */
export type CheckInputs = Omit<ValidationInput, 'model' | 'text' | 'rules'>;

/**
 * Opening a large document in slices (./backgroundReads.ts runs the steps): first its items are
 * read a run at a time (../incremental/slicedRead.ts), then the analysis is put together in one
 * step, then the part rules run over its parts a slice at a time, their results kept in the
 * analysis's cache (../incremental/checkParts.ts checkPartsUntil). When it is done, the first
 * whole answer (validateParts with the same inputs) only has the document rules left to run, so
 * no step holds the event loop for the whole document's checks.
 */
export class OpenInSlices implements SlicedWork {
  private outcome: SlicedOutcome | undefined;
  private analysis: DocumentAnalysis | undefined;
  private checkedTo = 0;

  constructor(
    private readonly read: SlicedDocumentRead,
    private readonly options: ReadOptions,
    private readonly inputs: () => CheckInputs,
  ) {}

  /** How the read ended and the analysis it made (undefined while steps are left). */
  get result(): { outcome: SlicedOutcome; analysis: DocumentAnalysis | undefined } | undefined {
    return this.outcome && { outcome: this.outcome, analysis: this.analysis };
  }

  step(budgetMs: number): boolean {
    const until = performance.now() + budgetMs;
    if (!this.outcome) return this.readOn(budgetMs);
    const analysis = this.analysis;
    const parts = analysis?.parts;
    const cache = analysis?.cache;
    if (!analysis || !parts || !cache) return true;
    this.checkedTo = checkPartsUntil({ ...this.inputs(), model: analysis.model, text: analysis.text, parts, cache }, this.checkedTo, until);
    return this.checkedTo >= parts.length;
  }

  soFar(): { parts: DocumentParts; readChars: number } | undefined {
    return this.read.soFar();
  }

  private readOn(budgetMs: number): boolean {
    const outcome = this.read.step(budgetMs);
    if (!outcome) return false;
    this.outcome = outcome;
    if (outcome.kind === 'whole') return true;
    const { uri, text } = this.read;
    this.analysis = DocumentAnalysis.ofParts(uri, outcome.readChars === text.length ? text : text.slice(0, outcome.readChars), outcome.parts, this.options);
    return false;
  }
}

/** A document being read in slices. */
interface KeptRead {
  uri: string;
  text: string;
  version: number | undefined;
  lineIndex?: LineIndex;
}

/** An open document as the session keeps it (a SessionDocument, ./sessionTypes.ts, which names this module's types). */
interface OpenEntry extends KeptRead {
  model: DocumentModel;
  lineIndex: LineIndex;
  open: true;
  analysis?: DocumentAnalysis;
  coverage?: DocumentCoverage;
}

/**
 * What a read in slices found, as the session keeps it: the whole document, or the part under the
 * limit (`checked`, its parts already checked, when the read went on in the background); a text it
 * cannot read in slices is read in one step by `readWhole` (or, over the limit, not at all), as
 * before slices. `lineIndex`: the index of the entry that was being read (the same text).
 */
export function entryOfRead(document: KeptRead, outcome: SlicedOutcome, checked: DocumentAnalysis | undefined, options: ReadOptions, readWhole: (text: string) => { model: DocumentModel; analysis: DocumentAnalysis | undefined }): OpenEntry {
  const { uri, text, version, lineIndex } = document;
  if (outcome.kind === 'whole') {
    if (isTooLargeToCheck(text)) return { uri, text, model: uncheckedModel(uri), lineIndex: new LineIndex(text, [0]), version, open: true, coverage: { state: 'unchecked' } };
    const { model, analysis } = readWhole(text);
    return { uri, text, model, lineIndex: lineIndex ?? new LineIndex(text), version, open: true, ...(analysis ? { analysis } : {}) };
  }
  const whole = outcome.readChars === text.length;
  const analysis = checked ?? DocumentAnalysis.ofParts(uri, whole ? text : text.slice(0, outcome.readChars), outcome.parts, options);
  const coverage: DocumentCoverage | undefined = whole ? undefined : { state: 'partial', readChars: outcome.readChars };
  const index = lineIndex ?? (whole ? new LineIndex(text) : LineIndex.later(text, outcome.readChars));
  return { uri, text, model: analysis.model, lineIndex: index, version, open: true, analysis, ...(coverage ? { coverage } : {}) };
}

/**
 * The diagnostics of a document being read in slices, for the items read so far (`soFar`): only
 * what the rules of one part find (a value, a key, a URN of an item), which the rest of the
 * document cannot change; duplicates, existence and the checks that read the whole document come
 * with the whole read, which tells the session's onCoverageChanged.
 */
export function diagnosticsSoFar(uri: string, text: string, soFar: { readChars: number; parts: DocumentParts } | undefined, options: ReadOptions, inputs: CheckInputs): CoreDiagnostic[] {
  if (!soFar) return [];
  const analysis = DocumentAnalysis.ofParts(uri, text.slice(0, soFar.readChars), soFar.parts, options);
  return validateParts({ ...inputs, model: analysis.model, text: analysis.text, rules: RULES_OF_ONE_PART, parts: analysis.parts ?? [], cache: analysis.cache, repeats: analysis.repeats, suppressions: analysis.suppressions });
}
