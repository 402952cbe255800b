import type { DefinitionsView, EntityExistenceView } from '../definitions/types';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import type { ServiceTarget } from './target';

export interface RuleContext {
  model: DocumentModel;
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
}
