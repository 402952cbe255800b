import { fileLabel } from '../output/fileLabel';
import type { PendingBasis, PendingMark, PendingView } from '../common/pendingTypes';

/**
 * How a pending mark (core/pending) reads beside an entity or edge of a lineage view: the lineage
 * tree's description, the graph's edge title and legend say the same words, so "added in
 * revenue-lineage.yml" means one thing in every view.
 */

function files(mark: PendingMark): string {
  const names = [...new Set(mark.sources.map(fileLabel))];
  if (names.length === 0) return 'the workspace';
  return names.length <= 2 ? names.join(' and ') : `${names[0]} and ${names.length - 1} more files`;
}

/** "+ added in revenue-lineage.yml", "− removed by revenue-lineage.yml", "~ changed by …", "? proposed by the SQL in orders_v.sql"; undefined when unchanged or absent. */
export function markDescription(mark: PendingMark | undefined): string | undefined {
  if (!mark) return undefined;
  switch (mark.change) {
    case 'added':
      return `+ added in ${files(mark)}`;
    case 'removed':
      return `− removed by ${files(mark)}`;
    case 'changed':
      return `~ changed by ${files(mark)}`;
    case 'proposed':
      return `? proposed by the SQL in ${files(mark)}`;
    case 'unchanged':
      return undefined;
  }
}

/** A sentence for a tooltip: what pushing does to this edge. */
export function markSentence(mark: PendingMark | undefined): string | undefined {
  if (!mark || mark.change === 'unchanged') return undefined;
  if (mark.change === 'proposed') return `Proposed: the SQL in ${files(mark)} implies this column edge, and no lineage file writes it yet. Write it with the quick fix in the lineage file, or Write Column Lineage from SQL….`;
  const verb = { added: 'adds', removed: 'removes', changed: 'changes' }[mark.change];
  return `Not pushed yet: ${files(mark)} ${verb} this edge. Pushing makes it so in the catalog.`;
}

/** What a lineage view shows, in words: "with my changes" or "as pushed", and what the answer was computed from. */
export function pendingViewWords(view: PendingView, basis: PendingBasis | undefined): string {
  const shown = view === 'pending' ? 'with my changes' : 'as pushed';
  if (basis === 'filesOnly') return `${shown} — files only: no catalog is connected, so only what the workspace's files say is shown`;
  return shown;
}
