import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseDocument } from 'yaml';
import { DATASET_YAML_SCHEMA, LINEAGE_FILE_SCHEMA } from '../generate/jsonSchemas';
import { datasetYaml, lineageFile, PROPERTIES_YAML, type GeneratedFile } from '../../support/generate/metadataFiles';
import { formatCount, SERVER_JS, YAML_LANGUAGE_SERVER, type BenchContext } from '../support/context';
import { BenchLspClient } from '../support/lspClient';
import { seededRandom } from '../../support/random';
import { emptyResult, timingRow, type CaseResult } from '../../support/bench/results';
import { nowMs, repeat, timeOnce, type Timing } from '../../support/bench/stats';
import { reportTarget } from '../../support/bench/targets';

/**
 * Case 1: from didChange to the diagnostics in hand, for generated files of 1k/10k/50k lines;
 * Catalog Code (pull diagnostics) against yaml-language-server with an equivalent JSON Schema
 * (published diagnostics), and the bare `yaml` parse of the same text as the floor.
 */

/** yaml-language-server waits this long after each change before validating (yamlSettings.validationDelayMs, not configurable). */
export const YLS_VALIDATION_DELAY_MS = 200;
const GROUP = 'diagnostics';

interface Kind {
  label: string;
  fileName: string;
  schemaName: string;
  schema: unknown;
  generate: (lines: number, seed: number) => GeneratedFile;
}

const KINDS: Kind[] = [
  { label: 'lineage file', fileName: 'bench.lineage.yml', schemaName: 'lineage.schema.json', schema: LINEAGE_FILE_SCHEMA, generate: (n, seed) => lineageFile(n, seededRandom(seed)) },
  { label: 'dataset YAML', fileName: 'bench.datasets.yaml', schemaName: 'datasets.schema.json', schema: DATASET_YAML_SCHEMA, generate: (n, seed) => datasetYaml(n, seededRandom(seed + 1)) },
];

/** The same text for every subject: a schema modeline for yaml-language-server, a comment that changes each run, the body. */
function textOfRun(modeline: string, body: string, run: number): string {
  return `${modeline}\n# edit ${run}\n${body.slice(body.indexOf('\n') + 1)}`;
}

export async function diagnosticsCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  const sizes = ctx.quick ? [1_000, 10_000] : [1_000, 10_000, 50_000];
  const root = path.join(ctx.workDir, 'diagnostics-workspace');
  const schemaDir = path.join(ctx.workDir, 'schemas');
  mkdirSync(root, { recursive: true });
  mkdirSync(schemaDir, { recursive: true });
  writeFileSync(path.join(root, 'properties.yaml'), PROPERTIES_YAML);
  for (const kind of KINDS) writeFileSync(path.join(schemaDir, kind.schemaName), JSON.stringify(kind.schema, null, 2));

  const ours = await BenchLspClient.start({ name: 'Catalog Code language server', args: [SERVER_JS, '--stdio'], cwd: root, pull: true, env: { CATALOG_SERVICE_URL: undefined, CATALOG_TOKEN: undefined } }, root);
  const yls = await BenchLspClient.start({ name: 'yaml-language-server', args: [YAML_LANGUAGE_SERVER, '--stdio'], cwd: root, pull: false }, root);
  try {
    await yls.configure({ yaml: { validate: true, hover: false, completion: true, format: { enable: false }, schemaStore: { enable: false }, schemas: {} } });
    await waitForWorkspaceDefinitions(ours, root);
    for (const lines of sizes) {
      const runs = lines >= 50_000 ? { warmup: 1, runs: ctx.quick ? 3 : 5 } : { warmup: 2, runs: ctx.quick ? 5 : 10 };
      for (const kind of KINDS) {
        const file = kind.generate(lines, ctx.seed);
        const modeline = `# yaml-language-server: $schema=${pathToFileURL(path.join(schemaDir, kind.schemaName)).toString()}`;
        const uri = pathToFileURL(path.join(root, `${lines}.${kind.fileName}`)).toString();
        const caseName = `${kind.label}, ${formatCount(lines)} lines`;
        ctx.log(`diagnostics: ${caseName}`);

        let ourCount = 0;
        await ours.open(uri, textOfRun(modeline, file.text, 0));
        const ourTiming = await repeat(runs, async (run) => {
          const text = textOfRun(modeline, file.text, run + 1);
          const start = nowMs();
          await ours.change(uri, text);
          ourCount = (await ours.pullDiagnostics(uri)).length;
          return nowMs() - start;
        });
        await ours.close(uri);

        let ylsCount = 0;
        const opened = yls.publishCount(uri);
        await yls.open(uri, textOfRun(modeline, file.text, 0));
        await yls.nextPublished(uri, opened);
        const ylsTiming = await repeat(runs, async (run) => {
          const text = textOfRun(modeline, file.text, run + 1);
          const before = yls.publishCount(uri);
          const start = nowMs();
          await yls.change(uri, text);
          ylsCount = (await yls.nextPublished(uri, before)).length;
          return nowMs() - start;
        });
        await yls.close(uri);
        const ylsNet = netOfDelay(ylsTiming);

        const parseTiming = await repeat(runs, (run) => timeOnce(() => parseDocument(textOfRun(modeline, file.text, run + 1))));

        result.rows.push(
          timingRow(GROUP, caseName, 'catalog-code', ourTiming, {
            ratios: [
              { to: 'yaml-language-server net of its 200 ms debounce', ratio: ourTiming.medianMs / ylsNet.medianMs },
              { to: 'yaml parse', ratio: ourTiming.medianMs / parseTiming.medianMs },
            ],
            note: `${ourCount} diagnostics (${file.errors} errors planted)`,
          }),
          timingRow(GROUP, caseName, 'yaml-language-server', ylsTiming, { note: `${ylsCount} diagnostics; includes its fixed ${YLS_VALIDATION_DELAY_MS} ms debounce` }),
          timingRow(GROUP, caseName, 'yaml-language-server − debounce', ylsNet, { note: 'the same runs with 200 ms subtracted: its parse + schema validation + transport' }),
          timingRow(GROUP, caseName, 'yaml parseDocument (floor)', parseTiming, { note: 'in the bench process, no transport' }),
        );
        if (lines === 10_000) {
          const fasterBy = ylsNet.medianMs / ourTiming.medianMs;
          const overParse = ourTiming.medianMs / parseTiming.medianMs;
          result.targets.push(
            reportTarget({
              name: `diagnostics of a ${kind.label}, 10k lines: times faster than yaml-language-server net of its 200 ms debounce`,
              target: 3,
              unit: '×',
              bound: 'atLeast',
              measured: fasterBy,
              detail: `ours ${ourTiming.medianMs.toFixed(0)} ms; ${(ylsTiming.medianMs / ourTiming.medianMs).toFixed(1)}× with its debounce`,
              peer: `yaml-language-server ${ylsTiming.medianMs.toFixed(0)} ms (${ylsNet.medianMs.toFixed(0)} ms net)`,
              next: `yaml-language-server's own work is only ${(ylsNet.medianMs / parseTiming.medianMs).toFixed(1)}× one bare parse, so no server that re-parses the whole file on each change can be 3× faster; editors send incremental changes, which are read item by item (typing case)`,
            }),
            reportTarget({
              name: `diagnostics of a ${kind.label}, 10k lines, vs the bare yaml parse`,
              target: 2,
              unit: '×',
              measured: overParse,
              detail: `ours ${ourTiming.medianMs.toFixed(1)} ms`,
              peer: `yaml parseDocument ${parseTiming.medianMs.toFixed(1)} ms`,
              next: 'profile the server on this file (node --cpu-prof dist/server.js) and cut what runs besides the parse: model building, rules, position conversion',
            }),
          );
        }
      }
    }
  } finally {
    await Promise.all([ours.stop(), yls.stop()]);
  }
  result.notes.push(
    'Catalog Code: didChange (full text) + textDocument/diagnostic, timed in the client; workspace definitions from a properties.yaml in the folder, offline.',
    `yaml-language-server ${ylsVersion()}: didChange (full text) until the next textDocument/publishDiagnostics; schema by modeline; it waits ${YLS_VALIDATION_DELAY_MS} ms after every change before validating, so the target compares against its time minus that wait.`,
  );
  return result;
}

function netOfDelay(timing: Timing): Timing {
  const samples = timing.samples.map((s) => Math.max(0, s - YLS_VALIDATION_DELAY_MS));
  return { samples, medianMs: Math.max(0, timing.medianMs - YLS_VALIDATION_DELAY_MS), p95Ms: Math.max(0, timing.p95Ms - YLS_VALIDATION_DELAY_MS) };
}

function ylsVersion(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- reading a JSON file next to the package
  return (require('yaml-language-server/package.json') as { version: string }).version;
}

/** The server reads properties.yaml in the background; wait until a value outside its allowed values is flagged. */
export async function waitForWorkspaceDefinitions(client: BenchLspClient, root: string): Promise<void> {
  const uri = pathToFileURL(path.join(root, 'probe.datasets.yaml')).toString();
  await client.open(uri, '- id: probe\n  platform: hive\n  structured_properties:\n    io.bench.team: nobody\n');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const diagnostics = await client.pullDiagnostics(uri);
    if (diagnostics.some((d) => d.code === 'property.notAllowedValue')) break;
    if (Date.now() > deadline) throw new Error(`The Catalog Code server did not read ${root}/properties.yaml within 30 s: a value outside the allowed values was not flagged.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await client.close(uri);
}
