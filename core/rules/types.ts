import type { DefinitionsView, EntityExistenceView } from '../definitions/types';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';

export interface RuleContext {
  model: DocumentModel;
  text: string;
  definitions: DefinitionsView;
  entities: EntityExistenceView;
}

/** One check; each lives in its own file under core/rules/ and owns its stable codes. */
export interface Rule {
  /** the diagnostic codes this rule may report */
  codes: readonly string[];
  run(context: RuleContext): CoreDiagnostic[];
}
