import type { DocumentModel } from '../model/facts';
import { standardAspectWriter } from '../plan/pushPlan';
import type { RecordMakers } from '../workspace/madeRecord';
import { collectFileLineage, LINEAGE_COLLECTION } from './lineageIntentFiles';
import { CREATED_DERIVATION, createdByFile } from './pendingEntities';

const writer = standardAspectWriter();

/**
 * How the pending state's parts of a closed file's record are made away from the session (a
 * worker thread reading the workspace scan's files: server/scanReadWorker.ts): the entities the
 * file creates, with the aspect writer the pending state uses by default, and its lineage.
 */
export const PENDING_RECORD_MAKERS: RecordMakers = {
  derive: { [CREATED_DERIVATION]: (model: DocumentModel) => createdByFile(model, writer) },
  collect: { [LINEAGE_COLLECTION]: (model: DocumentModel) => collectFileLineage(model, writer) },
};
