import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readDocument } from '../core/formats/index';
import { collectMetadataFiles } from '../core/workspace/metadataFiles';
import { aspectWritesFromModel, PLANNED_PHASES, type AspectPlan } from '../core/plan/aspects';
import { applyUpdateLineage } from './lineage/updateLineage';
import type { CatalogStore } from './store/types';
import { applyProposals, WriteRejected, type Proposal } from './writes/prepareWrites';
import { describeError } from '../core/errors/describeError';

/**
 * `serve --seed`: loads files in any format Catalog Code reads, so the demo starts with a catalog
 * worth looking at. Writes go through the same validation as the HTTP routes, phase by phase
 * (definitions, entities, values, edges), then updateLineage documents. A write that is refused
 * is reported and skipped; the rest still load.
 */

export interface SeedReport {
  files: number;
  written: number;
  edges: number;
  problems: string[];
}

/** The metadata files under the inputs, walked like the CLI and the language server walk a workspace. */
export function seedFiles(inputs: string[]): string[] {
  for (const input of inputs) {
    if (!fs.existsSync(path.resolve(input))) throw new Error(`The seed ${input} does not exist. Give a file or a directory of YAML/JSON files.`);
  }
  return collectMetadataFiles(inputs.map((input) => path.resolve(input)));
}

export async function seedCatalog(store: CatalogStore, inputs: string[]): Promise<SeedReport> {
  const report: SeedReport = { files: 0, written: 0, edges: 0, problems: [] };
  const plans: { file: string; plan: AspectPlan }[] = [];
  for (const file of seedFiles(inputs)) {
    const text = await fs.promises.readFile(file, 'utf8');
    const model = readDocument(pathToFileURL(file).href, text);
    if (model.format === null) {
      report.problems.push(`${file} is not one of the formats Catalog Code reads; skipped.`);
      continue;
    }
    if (model.parseProblems.length > 0) {
      report.problems.push(`${file} has syntax errors (${model.parseProblems[0].message}); skipped.`);
      continue;
    }
    report.files++;
    const plan = aspectWritesFromModel(model, { namespace: 'service', now: Date.now() });
    plans.push({ file, plan });
    for (const problem of plan.problems) report.problems.push(`${file}: ${problem}`);
  }

  for (const phase of PLANNED_PHASES) {
    // Whole-aspect writes of every file first, then patches, so a patch (a dataset YAML's
    // `downstreams`) adds to what a lineage file wrote instead of being replaced by it.
    const proposals: { file: string; proposal: Proposal }[] = [];
    for (const { file, plan } of plans) {
      for (const w of plan.writes) if (w.phase === phase) proposals.push({ file, proposal: { kind: 'set', urn: w.urn, aspectName: w.aspectName, value: w.value } });
    }
    for (const { file, plan } of plans) {
      for (const p of plan.patches) if (p.phase === phase) proposals.push({ file, proposal: { kind: 'patch', urn: p.urn, aspectName: p.aspectName, patch: p.patch } });
    }
    for (const { file, proposal } of proposals) {
      try {
        applyProposals(store, [proposal]);
        report.written++;
      } catch (error) {
        if (!(error instanceof WriteRejected)) throw error;
        const aspect = 'aspectName' in proposal ? proposal.aspectName : '';
        report.problems.push(`${file}: ${aspect} of ${proposal.urn} was refused: ${error.message}`);
      }
    }
  }

  for (const { file, plan } of plans) {
    const { add, remove } = plan.lineageEdges;
    if (add.length === 0 && remove.length === 0) continue;
    try {
      applyUpdateLineage(store, { edgesToAdd: add, edgesToRemove: remove });
      report.edges += add.length;
    } catch (error) {
      report.problems.push(`${file}: updateLineage was refused: ${describeError(error)}`);
    }
  }
  return report;
}
