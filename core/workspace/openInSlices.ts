import { performance } from 'node:perf_hooks';
import type { DocumentParts, ReadOptions } from '../formats';
import { checkPartsUntil } from '../incremental/checkParts';
import { DocumentAnalysis } from '../incremental/documentAnalysis';
import type { SlicedOutcome } from '../incremental/slicedRead';
import type { SlicedDocumentRead } from '../incremental/slicedReadOf';
import type { ValidationInput } from '../validate';
import type { SlicedWork } from './backgroundReads';

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
