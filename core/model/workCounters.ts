/**
 * Counts of the work incremental analysis does, so tests can show that one keystroke costs the
 * same in a 5,000-line file as in a 50,000-line one (test/integration/keystrokeWork.test.ts; counted by core/incremental and the line index)
 * without timing anything. Plain increments on a module object: free next to the work counted.
 */
export const WORK = {
  /** units (YAML items, JSON array elements) read again after an edit */
  unitsRead: 0,
  /** range objects moved (facts, problems, kept diagnostics) */
  rangesMoved: 0,
  /** steps in the pending-shift tree (./pendingShifts.ts) */
  shiftSteps: 0,
  /** parts visited by the checks (./checkParts.ts) */
  partsVisited: 0,
  /** part rules run on one part */
  partsChecked: 0,
  /** facts put into a whole-document list (the model's facts read whole, factsOfKind over everything) */
  factsListed: 0,
  /** line starts written by the line index (core/model/range.ts) */
  lineStartsMoved: 0,
  /** characters scanned for suppression comments (core/rules/suppression.ts) */
  suppressionScan: 0,
  /** parts whose keys a part union computed (core/incremental/partUnion.ts) */
  partUnionReads: 0,
  /** closed files read again from their text because something asked for their facts (core/workspace/recordedFile.ts) */
  closedFileReads: 0,
};

export type WorkCounts = typeof WORK;

/** A copy of the counters (to subtract two of them). */
export function workSnapshot(): WorkCounts {
  return { ...WORK };
}

/** The work done between two snapshots. */
export function workSince(before: WorkCounts): WorkCounts {
  const after = workSnapshot();
  const result = { ...after };
  for (const key of Object.keys(after) as (keyof WorkCounts)[]) result[key] = after[key] - before[key];
  return result;
}
