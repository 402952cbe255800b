/**
 * The pending state's vocabulary: how the catalog will differ once the workspace's files are
 * pushed. Every surface that marks a change (lineage tree and graph, existence, impact, plan,
 * `catalog-code lineage PATH…`) speaks these words, so "added" means one thing everywhere.
 */

/**
 * What the workspace's files do to one entity, edge or property assignment of the catalog;
 * `proposed`: a column edge the SQL that defines a dataset implies and no file writes yet (issue 38).
 */
export type PendingChange = 'unchanged' | 'added' | 'removed' | 'changed' | 'proposed';

/** A change and the files (URIs) that cause it; `sources` is empty for `unchanged`. */
export interface PendingMark {
  change: PendingChange;
  sources: string[];
}

/** Which state a view shows: the catalog as last pushed, or with the workspace's files applied. */
export type PendingView = 'pushed' | 'pending';

/**
 * What the pending state was computed from: the catalog and the files, the files alone (no catalog
 * is configured or it cannot be reached — views say so), or the catalog alone (view `pushed`).
 */
export type PendingBasis = 'catalogAndFiles' | 'filesOnly' | 'catalogOnly';
