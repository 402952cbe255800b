import { expandCollapsed } from '../diagnostics/collapsed';
import type { ReadOptions } from '../formats';
import { validateParts } from '../incremental/checkParts';
import { DocumentAnalysis } from '../incremental/documentAnalysis';
import { slicedReadOf } from '../incremental/slicedReadOf';
import type { TextEdit } from '../incremental/textEdit';
import type { CoreDiagnostic } from '../model/diagnostic';
import { BackgroundReads } from './backgroundReads';
import { MAX_OPEN_DOCUMENT_CHARS, SLICED_READ_FROM_CHARS } from './openDocumentLimit';
import { OpenInSlices, type CheckInputs } from './openInSlices';

/** How long a document edited part by part stays unedited before its analysis is compared with a fresh one. */
export const REST_MS = 750;

/** How many of the latest edits a report names (enough to replay the usual case: a few keystrokes). */
const EDITS_KEPT = 20;

/** The analysis a document's edits made differed from a fresh read of its text (it was replaced). */
export interface RestDifference {
  uri: string;
  version: number | undefined;
  length: number;
  /** diagnostics only the analysis after the edits had, and only the fresh read has (a few of each) */
  onlyEdited: CoreDiagnostic[];
  onlyFresh: CoreDiagnostic[];
  /** the latest edits since the document was last read whole, oldest first */
  edits: TextEdit[];
}

/** What a rest check asks of the session that owns it. */
export interface RestSubject {
  /** the document's text, version and analysis as the session holds them now (undefined: no longer open) */
  current(uri: string): { text: string; version: number | undefined; analysis?: DocumentAnalysis } | undefined;
  /** the incremental answer for the document as it is */
  diagnostics(uri: string): CoreDiagnostic[];
  inputs(): CheckInputs;
  options(): ReadOptions;
  /** the fresh analysis replaces the incremental one */
  replace(uri: string, fresh: DocumentAnalysis): void;
}

/**
 * Truth restored at rest (issue 34): a document edited part by part (core/incremental) that stays
 * unedited for REST_MS is read again from its whole text in the background — in slices, as a large
 * document is opened (./openInSlices.ts), never holding the event loop for the whole read — and its
 * diagnostics compared with the incremental ones. When they differ, the fresh analysis replaces the
 * incremental one (the session tells its listeners, the server asks the editor for its diagnostics
 * again) and the difference is reported once, with the edits that led to it.
 */
export class RestCheck {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly reads = new BackgroundReads();
  private readonly history = new Map<string, TextEdit[]>();

  constructor(
    private readonly subject: RestSubject,
    private readonly report: (difference: RestDifference) => void,
    private readonly restMs: number | undefined = REST_MS,
  ) {}

  /**
   * `edits` were applied part by part: the document is checked once it rests. Only the edits are
   * kept for the report (reading the text they replaced would copy the editor's text, a rope).
   */
  edited(uri: string, edits: readonly TextEdit[]): void {
    this.history.set(uri, [...(this.history.get(uri) ?? []), ...edits].slice(-EDITS_KEPT));
    this.cancel(uri, false);
    const wait = this.restMs ?? REST_MS;
    if (wait < 0) return;
    this.timers.set(uri, setTimeout(() => this.check(uri), wait));
  }

  /** The document was stored otherwise (read whole, closed, dropped): nothing to check; `forget` also drops its edits. */
  cancel(uri: string, forget = true): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.reads.stop(uri);
    if (forget) this.history.delete(uri);
  }

  private check(uri: string): void {
    this.timers.delete(uri);
    const at = this.subject.current(uri);
    if (!at?.analysis) return;
    const options = this.subject.options();
    const work = new OpenInSlices(slicedReadOf(uri, at.text, options, MAX_OPEN_DOCUMENT_CHARS), options, () => this.subject.inputs());
    this.reads.start(uri, work, () => {
      const now = this.subject.current(uri);
      // Stored anew meanwhile (edited: a later check comes), or no longer open. Compared by identity:
      // comparing the texts would read the editor's text whole (a rope) on the event loop.
      if (!now || now !== at || !now.analysis) return;
      const fresh = this.freshOf(uri, at.text, work);
      if (fresh) this.compare(uri, now.version, at.text, fresh);
    });
  }

  /** The fresh analysis the slices made; a text they cannot read in part is read whole when it is small. */
  private freshOf(uri: string, text: string, work: OpenInSlices): DocumentAnalysis | undefined {
    const result = work.result;
    if (result?.analysis && result.outcome.kind !== 'whole' && result.outcome.readChars === text.length) return result.analysis;
    return text.length < SLICED_READ_FROM_CHARS && result?.outcome.kind === 'whole' ? DocumentAnalysis.read(uri, text, this.subject.options()) : undefined;
  }

  private compare(uri: string, version: number | undefined, text: string, fresh: DocumentAnalysis): void {
    const incremental = this.subject.diagnostics(uri);
    const parts = fresh.parts;
    const inputs = { ...this.subject.inputs(), model: fresh.model, text };
    // Every one built, as the session's own are (core/diagnostics/collapsed.ts).
    const whole = expandCollapsed(parts ? validateParts({ ...inputs, parts, cache: fresh.cache, repeats: fresh.repeats, suppressions: fresh.suppressions }) : validateParts({ ...inputs, parts: [] }));
    const key = (diagnostic: CoreDiagnostic) => JSON.stringify(diagnostic);
    if (incremental.length === whole.length && incremental.every((diagnostic, i) => key(diagnostic) === key(whole[i]))) return;
    const wholeKeys = new Set(whole.map(key));
    const incrementalKeys = new Set(incremental.map(key));
    this.subject.replace(uri, fresh);
    this.report({
      uri,
      version,
      length: text.length,
      onlyEdited: incremental.filter((diagnostic) => !wholeKeys.has(key(diagnostic))).slice(0, 3),
      onlyFresh: whole.filter((diagnostic) => !incrementalKeys.has(key(diagnostic))).slice(0, 3),
      edits: this.history.get(uri) ?? [],
    });
    this.history.delete(uri);
  }
}

/** The report in words, for the server's log: what differed and how to replay it. */
export function describeRestDifference(difference: RestDifference): string {
  const list = (diagnostics: CoreDiagnostic[]) => diagnostics.map((d) => `${d.code ?? ''} ${d.range.start}-${d.range.end} "${d.message.slice(0, 120)}"`).join('; ') || 'none';
  return [
    `The analysis of ${difference.uri} (version ${difference.version ?? '?'}, ${difference.length} characters) after its edits differed from a fresh read of the same text; the fresh one replaces it and the diagnostics are sent again.`,
    `Only after the edits: ${list(difference.onlyEdited)}. Only in the fresh read: ${list(difference.onlyFresh)}.`,
    `The latest edits since it was last read whole (offsets, oldest first), to reproduce it: ${JSON.stringify(difference.edits)}. Please report it with this line.`,
  ].join(' ');
}
