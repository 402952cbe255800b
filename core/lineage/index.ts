/** The lineage tree model the VS Code lineage view and `catalog-code lineage` render. */
export { LineageTree, nodeId, type LineageTreeOptions } from './tree';
export { serviceLineageFetcher } from './serviceFetcher';
export { expandTree, lineageToJson, renderLineageText, type ExpandedNode, type ExpandedTree, type ExpandOptions, type LineageJson, type LineageJsonNode } from './render';
export { columnEdgeLabel, columnName, degreeBucket, shortName } from './labels';
export type { DegreeBucket, FineGrainedLineageView, LineageFetcher, LineageNode, LineageNodeKind, TreeDirection } from './types';
