/** The pending state: the catalog as the workspace's files will make it (DESIGN.md §1). */
export { createdEntities, existsInPendingState, pendingExistenceView, type CreatedEntities } from '../plan/existence';
export { lineageIntentIndex, removedBy, type DownstreamIntent, type LineageIntentIndex } from './lineageIntent';
export { graphqlTypeOf, markFineGrained, markOneHop, UNCHANGED } from './marks';
export { PendingEntities } from './pendingEntities';
export { PendingLineage, type PendingLineageOptions, type PendingLineageSource } from './pendingLineage';
export { PendingState, type PendingStateOptions } from './pendingState';
export type { PendingBasis, PendingChange, PendingMark, PendingView } from '../common/pendingTypes';
