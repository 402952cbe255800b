import type { CoreDiagnostic, Severity } from '../model/diagnostic';
import { shellPath } from '../output/shellPath';

/**
 * The most diagnostics the editor is given for one document. Past it the editor gets the first
 * ones (errors before warnings before the rest, each in document order) and one summary saying how
 * many more there are and that `catalog-code validate` lists them all (the CLI prints every one).
 */
export const MAX_DIAGNOSTICS_PER_DOCUMENT = 1_000;

const RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

/** `diagnostics` of the document `uri`, at most `limit` of them plus one summary when there are more. */
export function capDiagnostics(diagnostics: readonly CoreDiagnostic[], uri: string, limit = MAX_DIAGNOSTICS_PER_DOCUMENT): CoreDiagnostic[] {
  if (diagnostics.length <= limit) return [...diagnostics];
  // What is said about the document itself (checked partially, not checked) is kept before any problem.
  const about = (d: CoreDiagnostic) => (d.code?.startsWith('document.') ? 0 : 1);
  const kept = [...diagnostics].sort((a, b) => about(a) - about(b) || RANK[a.severity] - RANK[b.severity] || a.range.start - b.range.start).slice(0, limit);
  const more = diagnostics.length - limit;
  kept.push({
    range: { start: 0, end: 0 },
    severity: 'information',
    code: 'document.moreProblems',
    message: `${more.toLocaleString('en-US')} more problem${more === 1 ? '' : 's'} in this file not shown: the editor shows the first ${limit.toLocaleString('en-US')}. Run catalog-code validate ${shellPath(uri)} to see all of them.`,
  });
  return kept;
}

