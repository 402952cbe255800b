import { InMemoryLineageIndex } from '../../service/lineage/lineageIndex';
import { searchLineage } from '../../service/lineage/search';
import { bfsDownstream, datasetUrn, upstreamLineageBatches, type LineageGraph } from '../generate/lineageGraph';
import { formatCount } from './context';
import { timingRow, type BenchRow } from '../../support/bench/results';
import { repeat, timeOnce } from '../../support/bench/stats';

/**
 * The service's lineage walk without HTTP or SQLite: `searchLineage` on an in-memory index of the
 * graph, all degrees, count 10, against the plain BFS over the same adjacency in the same run. It
 * was a unit test's `p50 < 100 ms` (test/service/graphqlLineageWalk.test.ts), which failed on a
 * loaded machine; here it is a ratio to a floor measured beside it.
 */
export async function inProcessWalkRows(group: string, sizeLabel: string, graph: LineageGraph, adjacency: number[][], starts: readonly number[], runs: { warmup: number; runs: number }): Promise<BenchRow[]> {
  const index = new InMemoryLineageIndex();
  for (const batch of upstreamLineageBatches(graph, 5_000)) for (const write of batch) index.onAspect(write.urn, write.aspectName, write.value);
  const caseName = `${sizeLabel}, in process, degree 1, 2, 3+, count 10`;
  const expected = starts.map((start) => bfsDownstream(adjacency, start, Infinity, 10).total);
  const totals: number[] = [];
  const walk = await repeat(runs, async (i) => {
    let total = 0;
    const start = starts[i % starts.length];
    const elapsed = await timeOnce(() => {
      total = searchLineage(index, { start: datasetUrn(start), direction: 'DOWNSTREAM', maxDegree: Infinity, accept: () => true, offset: 0, count: 10 }).total;
    });
    if (total !== expected[i % starts.length]) throw new Error(`${caseName}: searchLineage counted ${total} entities downstream of node ${start}, the BFS ${expected[i % starts.length]}; the benchmark compares different work.`);
    totals.push(total);
    return elapsed;
  });
  const floor = await repeat(runs, (i) => timeOnce(() => bfsDownstream(adjacency, starts[i % starts.length], Infinity, 10)));
  return [
    timingRow(group, caseName, 'searchLineage on InMemoryLineageIndex', walk, {
      ratios: [{ to: 'in-memory BFS', ratio: walk.medianMs / floor.medianMs }],
      note: `reach up to ${formatCount(Math.max(...totals))}; floor: BFS ${floor.medianMs.toFixed(2)} ms`,
    }),
    timingRow(group, caseName, 'in-memory BFS (floor)', floor, { detail: true }),
  ];
}
