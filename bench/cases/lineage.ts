import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { openStore } from '../../service/store/sqliteStore';
import { bfsDownstream, datasetUrn, downstreamAdjacency, generateLineageGraph, queryStarts, upstreamLineageBatches } from '../generate/lineageGraph';
import { formatCount, mib, type BenchContext } from '../support/context';
import { seededRandom } from '../../support/random';
import { emptyResult, timingRow, type CaseResult } from '../../support/bench/results';
import { startBfsHttpFloor } from '../support/bfsHttpFloor';
import { inProcessWalkRows } from '../support/inProcessWalk';
import { startServiceProcess, type ServiceProcess } from '../support/serviceProcess';
import { nowMs, percentile, repeat, timeOnce } from '../../support/bench/stats';
import { reportTarget } from '../../support/bench/targets';

/**
 * Case 3: `scrollAcrossLineage` over HTTP on graphs of 10k/100k/1M edges, degree 1, 1–2 and all
 * (1, 2, 3+), count 10 and 1,000, against a plain BFS over the same adjacency in this process.
 * The graph is written straight into the store (store.apply in batches), then the service is
 * started on that folder as its own process, so start-up time and memory are its own.
 */

const GROUP = 'lineage';
const TOKEN = 'bench-lineage-token';
const BATCH = 5_000;
const DEGREES = [
  { label: 'degree 1', values: ['1'], maxDegree: 1 },
  { label: 'degree 1–2', values: ['1', '2'], maxDegree: 2 },
  { label: 'degree 1, 2, 3+', values: ['1', '2', '3+'], maxDegree: Infinity },
] as const;
const COUNTS = [10, 1_000];

const QUERY = `query benchLineage($input: ScrollAcrossLineageInput!) {
  scrollAcrossLineage(input: $input) { total searchResults { degree entity { urn type } } }
}`;

interface LineageAnswer {
  data?: { scrollAcrossLineage?: { total: number; searchResults: { degree: number; entity: { urn: string } }[] } };
  errors?: { message: string }[];
}

async function scroll(service: ServiceProcess, urn: string, degrees: readonly string[], count: number): Promise<{ total: number; results: number }> {
  const input = { urn, direction: 'DOWNSTREAM', query: '*', count, orFilters: [{ and: [{ field: 'degree', condition: 'EQUAL', values: degrees }] }] };
  const response = await fetch(`${service.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${service.token}` },
    body: JSON.stringify({ query: QUERY, variables: { input } }),
  });
  const body = (await response.json()) as LineageAnswer;
  const answer = body.data?.scrollAcrossLineage;
  if (!response.ok || !answer) throw new Error(`scrollAcrossLineage from ${urn} failed with HTTP ${response.status}: ${JSON.stringify(body.errors ?? body).slice(0, 500)}`);
  return { total: answer.total, results: answer.searchResults.length };
}

export async function lineageCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  const sizes = ctx.quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000];
  for (const edges of sizes) {
    const sizeLabel = `${formatCount(edges)} edges`;
    ctx.log(`lineage: generating and writing ${sizeLabel}`);
    const graph = generateLineageGraph(edges, seededRandom(ctx.seed + edges));
    const dataDir = path.join(ctx.workDir, `lineage-${edges}`);
    mkdirSync(dataDir, { recursive: true });
    const writeMs = await timeOnce(() => {
      const store = openStore(dataDir);
      try {
        for (const batch of upstreamLineageBatches(graph, BATCH)) store.apply(batch);
      } finally {
        store.close();
      }
    });
    result.notes.push(`${sizeLabel} (${formatCount(graph.nodeCount)} datasets, ${graph.layerStart.length - 1} layers): written into the store in ${(writeMs / 1000).toFixed(1)} s with store.apply in batches of ${formatCount(BATCH)} upstreamLineage aspects.`);

    ctx.log(`lineage: starting the service on ${sizeLabel}`);
    const service = await startServiceProcess(dataDir, TOKEN);
    const afterStart = service.memory();
    result.rows.push(
      { group: GROUP, case: `service start-up, ${sizeLabel}`, subject: 'catalog-code serve', medianMs: service.startupMs, runs: 1, note: 'spawn to the "listening on" line (opens SQLite, rebuilds the lineage index)' },
      { group: GROUP, case: `service memory after start, ${sizeLabel}`, subject: 'catalog-code serve', value: mib(afterStart.rss), note: `peak so far ${mib(afterStart.peakRss)}` },
    );
    const adjacency = downstreamAdjacency(graph);
    const walkStarts = queryStarts(graph, seededRandom(ctx.seed + 7), 8, 'typical');
    result.rows.push(...(await inProcessWalkRows(GROUP, sizeLabel, graph, adjacency, walkStarts, { warmup: 3, runs: ctx.quick ? 8 : 16 })));
    const httpFloor = await startBfsHttpFloor(adjacency);
    try {
      for (const kind of ['typical', 'hub'] as const) {
        const starts = queryStarts(graph, seededRandom(ctx.seed + 7), kind === 'hub' ? 4 : 8, kind).map((node) => ({ node, urn: datasetUrn(node) }));
        const runs = kind === 'hub' ? { warmup: 2, runs: ctx.quick ? 4 : 8 } : { warmup: 3, runs: ctx.quick ? 8 : 16 };
        for (const degree of DEGREES) {
          for (const count of COUNTS) {
            const caseName = `${sizeLabel}, ${kind} start, ${degree.label}, count ${formatCount(count)}`;
            ctx.log(`lineage: ${caseName}`);
            const totals: number[] = [];
            const serviceTiming = await repeat(runs, async (i) => {
              const start = starts[i % starts.length];
              const t0 = nowMs();
              const answer = await scroll(service, start.urn, degree.values, count);
              const elapsed = nowMs() - t0;
              const floor = bfsDownstream(adjacency, start.node, degree.maxDegree, count);
              if (answer.total !== floor.total) throw new Error(`${caseName}: the service counted ${answer.total} entities downstream of ${start.urn}, the in-memory BFS ${floor.total}; the benchmark compares different work.`);
              totals.push(answer.total);
              return elapsed;
            });
            const floorTiming = await repeat(runs, (i) => timeOnce(() => bfsDownstream(adjacency, starts[i % starts.length].node, degree.maxDegree, count)));
            const httpTiming = await repeat(runs, (i) => timeOnce(() => httpFloor.query(starts[i % starts.length].node, degree.maxDegree, count)));
            const ratio = serviceTiming.medianMs / floorTiming.medianMs;
            result.rows.push(
              timingRow(GROUP, caseName, 'catalog-code over HTTP', serviceTiming, {
                ratios: [
                  { to: 'in-memory BFS', ratio },
                  { to: 'BFS behind bare HTTP', ratio: serviceTiming.medianMs / httpTiming.medianMs },
                ],
                note: `reach median ${formatCount(percentile(totals, 50))}, max ${formatCount(Math.max(...totals))}; floors: BFS ${floorTiming.medianMs.toFixed(2)} ms, BFS+HTTP ${httpTiming.medianMs.toFixed(2)} ms`,
              }),
              timingRow(GROUP, caseName, 'in-memory BFS (floor)', floorTiming, { detail: true }),
              timingRow(GROUP, caseName, 'BFS behind bare node:http (transport floor)', httpTiming, { detail: true }),
            );
            if (edges === 1_000_000 && degree.maxDegree === Infinity) {
              const walk = `1M edges, 3+ hops, ${kind} start, count ${formatCount(count)}`;
              const next =
                'the walk already runs on integer ids (service/lineage/lineageIndex.ts, search.ts); what remains per reached entity is the filter in service/graphql/searchFilters.ts: keep a per-id soft-delete flag in the lineage index (it sees every status write) so accept() never reads the URN, and test only degree when no URN filter is given. Small walks are bounded by the HTTP round trip (compare the BFS behind bare HTTP)';
              result.targets.push(
                reportTarget({ name: `lineage, ${walk}, p50`, target: 50, unit: 'ms', measured: serviceTiming.medianMs, next }),
                reportTarget({
                  name: `lineage, ${walk}, vs the in-memory BFS`,
                  target: 3,
                  unit: '×',
                  measured: ratio,
                  peer: `BFS ${floorTiming.medianMs.toFixed(2)} ms; BFS behind bare HTTP ${httpTiming.medianMs.toFixed(2)} ms (${(serviceTiming.medianMs / httpTiming.medianMs).toFixed(1)}× that)`,
                  next,
                }),
              );
            }
          }
        }
      }
    } finally {
      await httpFloor.close();
      const atEnd = service.memory();
      result.rows.push({ group: GROUP, case: `service memory after the queries, ${sizeLabel}`, subject: 'catalog-code serve', value: mib(atEnd.rss), note: `peak ${mib(atEnd.peakRss)}` });
      await service.stop();
    }
  }
  if (!sizes.includes(1_000_000)) {
    result.targets.push(reportTarget({ name: 'lineage, 1M edges, 3+ hops, p50', target: 50, unit: 'ms', measured: undefined, detail: 'quick run: graphs up to 100,000 edges only', next: 'run the full `npm run bench`' }));
  }
  return result;
}
