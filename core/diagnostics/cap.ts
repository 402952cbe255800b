import { countText } from '../common/countText';
import type { CoreDiagnostic, Severity } from '../model/diagnostic';
import { shellPath } from '../output/shellPath';
import { countCollapsed, expandCollapsed } from './collapsed';

/**
 * The most diagnostics the editor is given for one document. Past it the editor gets the first
 * ones (errors before warnings before the rest, each in document order) and one summary saying how
 * many more there are and that `catalog-code validate` lists them all (the CLI prints every one).
 */
export const MAX_DIAGNOSTICS_PER_DOCUMENT = 1_000;

const RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

/** How many of `plain` come before `standing` and all it stands for, whatever the levels: the same code (so the same severity) and earlier. */
function shownBefore(plain: readonly CoreDiagnostic[], standing: CoreDiagnostic): number {
  let before = 0;
  for (const d of plain) if (d.code === standing.code && d.severity === standing.severity && d.range.start < standing.range.start) before++;
  return before;
}

/**
 * `diagnostics` of the document `uri`, at most `limit` of them plus one summary when there are more.
 * One that stands for more of its kind after it (`rest`, ./collapsed.ts) is counted as all of them
 * without building them when at least `limit` diagnostics of the same code and severity come before
 * the first of them (core/formats/yamlStreamTail.ts makes them so): none of them can then be among
 * the first `limit`. Otherwise they are built first.
 */
export function capDiagnostics(diagnostics: readonly CoreDiagnostic[], uri: string, limit = MAX_DIAGNOSTICS_PER_DOCUMENT): CoreDiagnostic[] {
  const { plain, total } = countCollapsed(diagnostics);
  if (plain.length < diagnostics.length && (total <= limit || !diagnostics.every((d) => !d.rest || shownBefore(plain, d) >= limit))) return capDiagnostics(expandCollapsed([...diagnostics]), uri, limit);
  if (total <= limit) return plain;
  // What is said about the document itself (checked partially, not checked) is kept before any problem.
  const about = (d: CoreDiagnostic) => (d.code?.startsWith('document.') ? 0 : 1);
  const kept = plain.sort((a, b) => about(a) - about(b) || RANK[a.severity] - RANK[b.severity] || a.range.start - b.range.start).slice(0, limit);
  const more = total - limit;
  kept.push({
    range: { start: 0, end: 0 },
    severity: 'information',
    code: 'document.moreProblems',
    message: `${countText(more)} more problem${more === 1 ? '' : 's'} in this file not shown: the editor shows the first ${countText(limit)}. Run catalog-code validate ${shellPath(uri)} to see all of them.`,
  });
  return kept;
}

