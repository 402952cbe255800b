import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServiceConnection } from '../../core/api/http';
import { readDocument } from '../../core/formats';
import { applyPlan } from '../../core/plan/pushApply';
import { buildPushPlan } from '../../core/plan/pushPlan';
import { groupForSending } from '../../core/plan/pushBatch';
import { openStore } from '../../service/store/sqliteStore';
import { generateLineageGraph } from '../generate/lineageGraph';
import { propertyDefinitionWrites } from '../generate/propertyDefinitions';
import { assignmentsYaml, existingDatasets, lineageFileOfGraph } from '../generate/pushFiles';
import { formatCount, type BenchContext } from '../support/context';
import { seededRandom } from '../../support/random';
import { emptyResult, timingRow, type CaseResult } from '../../support/bench/results';
import { startServiceProcess } from '../support/serviceProcess';
import { nowMs, summarise } from '../../support/bench/stats';
import { reportTarget } from '../../support/bench/targets';

/**
 * Case 4: push 10,000 lineage edges and 10,000 property assignments from files into the local
 * catalog with the code `catalog-code push` runs (readDocument → buildPushPlan → applyPlan). Each
 * run starts from a fresh copy of a catalog that already holds the datasets and definitions.
 */

const GROUP = 'push';
const TOKEN = 'bench-push-token';
const EDGES = 10_000;
const DEFINITIONS = 100;
const ASSIGNMENTS_PER_DATASET = 4;
const TARGET_MS = 10_000;

interface PushInput {
  label: string;
  file: string;
  text: string;
  /** issue 7: 10 s for both; issue 16: 2 s for the property assignments */
  targetMs: number;
}

export async function pushCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  const graph = generateLineageGraph(EDGES, seededRandom(ctx.seed + 11));
  const datasets = graph.nodeCount;
  const assignmentDatasets = EDGES / ASSIGNMENTS_PER_DATASET;
  const template = path.join(ctx.workDir, 'push-template');
  mkdirSync(template, { recursive: true });
  const store = openStore(template);
  try {
    store.apply([...existingDatasets(datasets), ...propertyDefinitionWrites(DEFINITIONS)]);
  } finally {
    store.close();
  }
  const filesDir = path.join(ctx.workDir, 'push-files');
  mkdirSync(filesDir, { recursive: true });
  const inputs: PushInput[] = [
    { label: `${formatCount(graph.edgeCount)} lineage edges (lineage file)`, file: path.join(filesDir, 'lineage.yml'), text: lineageFileOfGraph(graph), targetMs: TARGET_MS },
    { label: `${formatCount(assignmentDatasets * ASSIGNMENTS_PER_DATASET)} property assignments (dataset YAML)`, file: path.join(filesDir, 'datasets.yaml'), text: assignmentsYaml(assignmentDatasets, ASSIGNMENTS_PER_DATASET, DEFINITIONS, seededRandom(ctx.seed + 12)), targetMs: 2_000 },
  ];
  for (const input of inputs) writeFileSync(input.file, input.text);
  result.notes.push(`The catalog already holds ${formatCount(datasets)} datasets and ${DEFINITIONS} property definitions; every run pushes into a fresh copy of it.`);

  const runs = ctx.quick ? 1 : 3;
  for (const input of inputs) {
    const totals: number[] = [];
    const phases = { read: [] as number[], plan: [] as number[], apply: [] as number[] };
    let items = 0;
    let requests = 0;
    for (let run = 0; run < runs; run++) {
      ctx.log(`push: ${input.label}, run ${run + 1}/${runs}`);
      const dataDir = path.join(ctx.workDir, `push-run-${run}`);
      rmSync(dataDir, { recursive: true, force: true });
      cpSync(template, dataDir, { recursive: true });
      const service = await startServiceProcess(dataDir, TOKEN);
      try {
        const connection: ServiceConnection = { url: service.url, token: TOKEN };
        const t0 = nowMs();
        const model = readDocument(pathToFileURL(input.file).toString(), readFileSync(input.file, 'utf8'));
        const t1 = nowMs();
        const plan = await buildPushPlan(connection, [model]);
        const t2 = nowMs();
        const pushed = await applyPlan(connection, plan);
        const t3 = nowMs();
        if (pushed.failed.length > 0) {
          const first = pushed.results.find((r) => !r.ok);
          throw new Error(`Pushing ${input.label}: ${pushed.failed.length} of ${plan.items.length} items failed, first: ${first?.error ?? 'not sent'}`);
        }
        items = plan.items.length;
        requests = groupForSending(plan.items).length;
        phases.read.push(t1 - t0);
        phases.plan.push(t2 - t1);
        phases.apply.push(t3 - t2);
        totals.push(t3 - t0);
      } finally {
        await service.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    const total = summarise(totals);
    const median = (samples: number[]) => summarise(samples).medianMs;
    result.rows.push(
      timingRow(GROUP, input.label, 'catalog-code push (read, plan, apply)', total, {
        note: `${formatCount(items)} plan items in ${formatCount(requests)} write requests; read+parse ${median(phases.read).toFixed(0)} ms, plan ${median(phases.plan).toFixed(0)} ms, apply ${median(phases.apply).toFixed(0)} ms`,
      }),
    );
    result.targets.push(
      reportTarget({
        name: `push ${input.label}`,
        target: input.targetMs / 1000,
        unit: 's',
        measured: total.medianMs / 1000,
        detail: `median of ${runs}; read ${median(phases.read).toFixed(0)} ms, plan ${median(phases.plan).toFixed(0)} ms, apply ${median(phases.apply).toFixed(0)} ms`,
        next: 'writes already go out in batches; planning reads the current aspects with GraphQL 100 entities at a time and the YAML read is a full parse: read the aspects with the v3 batchGet route (500 per request) and read the file with the streaming path',
      }),
    );
  }
  return result;
}
