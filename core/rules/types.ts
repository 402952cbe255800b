import type { DefinitionsView, EntityExistenceView } from '../definitions/types';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import type { RepeatCheck } from './repeats';
import type { ServiceTarget } from './target';

export interface RuleContext {
  /** the facts to judge: a whole document, or one part of it (core/incremental/checkParts.ts) */
  model: DocumentModel;
  /**
   * the whole document when `model` is one part of it; a part rule that looks facts up across the
   * document reads them here, and declares that with `documentFacts`
   */
  document?: DocumentModel;
  text: string;
  definitions: DefinitionsView;
  entities: EntityExistenceView;
  /** the service the files are written for (absent: offline); decides rules whose authority is the local catalog */
  target?: ServiceTarget;
}

/** One check; each lives in its own file under core/rules/ and owns its stable codes. */
export interface Rule {
  /** the diagnostic codes this rule may report */
  codes: readonly string[];
  run(context: RuleContext): CoreDiagnostic[];
  /**
   * 'document': the rule compares facts across the document (duplicates), or asks something whose
   * answer changes by itself (entity existence, the current time in version advice), so it always
   * runs on the whole document. Otherwise
   * each diagnostic depends only on facts of one part (a list item, an array element), and results
   * of unchanged parts are kept between edits.
   */
  scope?: 'document';
  /**
   * For a part rule that also reads facts of the whole document (`context.document`): those facts in
   * a comparable form, so kept results are checked again when they change.
   */
  documentFacts?: (document: DocumentModel) => string;
  /** For a rule about the same thing written twice: the check `run` is made of (./repeats.ts), which an index can apply part by part. */
  repeats?: RepeatCheck<unknown>;
}
