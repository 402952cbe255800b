import type { DefinitionsView, EntityExistenceView } from '../definitions/types';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import type { SourceRange } from '../model/range';
import type { ServiceTarget } from './target';
import type { DataHubProfile } from '../datahub/versions';
import type { SqlLineageView } from '../sql/impliedLineage';

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
  /** the DataHub version judged by (core/datahub/versions.ts); absent: the newest modelled */
  datahub?: DataHubProfile;
  /** the lineage the SQL defining a dataset implies, where the editor reads SQL (the language server); absent in `validate` */
  sql?: SqlLineageView;
  /**
   * For a document rule on a document kept in parts: the union over its parts of what `keysOf`
   * finds in one part (given as a document of its own), kept between edits so an edit computes only
   * the parts it read (core/incremental/partUnion.ts). `owner` names the computation (one per owner).
   * Absent otherwise: then compute over `model`.
   */
  unionOverParts?: (owner: object, keysOf: (part: DocumentModel) => readonly string[]) => Iterable<string>;
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

/** One thing a stretch of facts writes, for a rule about the same thing written twice (./repeats.ts). */
export interface Written<T> {
  /** what must not be written twice within its scope */
  key: string;
  /** the scope, when narrower than the document: an object of the part it is written in */
  scope?: object;
  fact: T;
  /** where it is written (for "first at line …") */
  range: SourceRange;
}

/** A rule about the same thing written twice, as what is written and how to judge a repeat (./repeats.ts). */
export interface RepeatCheck<T> {
  written(model: DocumentModel): Written<T>[];
  /** diagnostics for one key written more than once: all its occurrences, in document order */
  judge(occurrences: readonly Written<T>[], context: RuleContext): CoreDiagnostic[];
}
