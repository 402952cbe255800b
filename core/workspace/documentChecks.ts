import { validateParts } from '../incremental/checkParts';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import { validateDocument } from '../validate';
import { expandCollapsed } from '../diagnostics/collapsed';
import { partiallyCheckedDiagnostic, tooLargeDiagnostic, tooLargeToCheck } from './openDocumentLimit';
import type { CheckInputs } from './openInSlices';
import type { SessionDocument } from './sessionTypes';

/** What checking one of the session's documents reads besides it (WorkspaceSession.diagnosticsOf). */
export interface DocumentCheck {
  inputs: CheckInputs;
  /** the document's whole model (a slim one is read again from its text) */
  whole: () => DocumentModel;
  /** the diagnostics of the items read so far of a document being read in slices (collapsed) */
  soFar: () => CoreDiagnostic[];
}

/**
 * Every diagnostic of one document. `collapsed`: one may stand for more of its kind after it
 * (core/diagnostics/collapsed.ts), for capDiagnostics, which counts them unbuilt (what the editor
 * is shown).
 */
export function documentDiagnostics(entry: SessionDocument, check: DocumentCheck, collapsed: boolean): CoreDiagnostic[] {
  const { uri } = entry;
  if (tooLargeToCheck(entry)) return [tooLargeDiagnostic(uri, entry.text.length)];
  if (entry.coverage?.state === 'reading') return collapsed ? check.soFar() : expandCollapsed(check.soFar());
  // An open document kept in parts checks again only the parts an edit changed (core/incremental/checkParts.ts).
  const analysis = entry.analysis?.model === entry.model ? entry.analysis : undefined;
  // A document checked up to the limit is judged as the text it was read from (its first part).
  const input = { model: analysis ? entry.model : check.whole(), text: analysis?.text ?? entry.text, ...check.inputs };
  const parts = analysis?.parts;
  const checked = parts ? validateParts({ ...input, parts, cache: analysis?.cache, repeats: analysis?.repeats, suppressions: analysis?.suppressions }) : validateDocument(input);
  const found = collapsed ? checked : expandCollapsed(checked);
  return entry.coverage?.state === 'partial' ? [partiallyCheckedDiagnostic(uri, entry.coverage.readChars, entry.text.length), ...found] : found;
}
