import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Hover } from 'vscode-languageserver-protocol';
import type { StatusParams } from '../../core/protocol';
import { DATASET_YAML_SCHEMA } from '../generate/jsonSchemas';
import { datasetYaml, PROPERTIES_YAML } from '../generate/metadataFiles';
import { formatCount, SERVER_JS, YAML_LANGUAGE_SERVER, type BenchContext } from '../support/context';
import { BenchLspClient } from '../support/lspClient';
import { seededRandom } from '../support/random';
import { emptyResult, timingRow, type CaseResult } from '../support/results';
import { nowMs, summarise, type Timing } from '../support/stats';
import { waitForWorkspaceDefinitions, YLS_VALIDATION_DELAY_MS } from './diagnostics';

/**
 * Case 12 (issue 27): opening a large document and never being blocked by one.
 *
 * Open: a 50,000-line dataset YAML opened (didOpen, then a pull, as VS Code does); the first
 * diagnostics are those of the items read in the first slice, the whole file's come after the
 * server asks the editor to pull again (workspace/diagnostic/refresh). yaml-language-server opens
 * the same text (with an equivalent JSON Schema) in the same run, timed to its first published
 * diagnostics.
 *
 * Never blocked: a 20 MB dataset YAML is opened and, while the server reads it (until the status
 * says it is checked partially), a small document's hover and diagnostics are asked one after the
 * other; each answer's latency is a sample. The server's memory is read from /proc afterwards.
 */

const GROUP = 'openLarge';
const OPEN_LINES = 50_000;
/** about 20 MB of generated datasets */
const BIG_LINES = 780_000;
const STATUS = 'catalogCode/status';
const SMALL = ['- id: small.table', '  platform: hive', '  structured_properties:', '    io.bench.tier: platinum', ''].join('\n');

export async function openLargeCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  const root = path.join(ctx.workDir, 'open-large');
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'properties.yaml'), PROPERTIES_YAML);
  const schema = path.join(ctx.workDir, 'open-large.datasets.schema.json');
  writeFileSync(schema, JSON.stringify(DATASET_YAML_SCHEMA, null, 2));
  const ours = await BenchLspClient.start({ name: 'Catalog Code language server', args: [SERVER_JS, '--stdio'], cwd: root, pull: true, refresh: true, initializationOptions: { catalogCodeStatus: true }, env: { CATALOG_SERVICE_URL: undefined, CATALOG_TOKEN: undefined } }, root);
  const yls = await BenchLspClient.start({ name: 'yaml-language-server', args: [YAML_LANGUAGE_SERVER, '--stdio'], cwd: root, pull: false }, root);
  try {
    await yls.configure({ yaml: { validate: true, hover: false, completion: true, format: { enable: false }, schemaStore: { enable: false }, schemas: {} } });
    await waitForWorkspaceDefinitions(ours, root);
    await openFast(ctx, result, ours, yls, root, schema);
    await neverBlocked(ctx, result, ours, root);
  } finally {
    await Promise.all([ours.stop(), yls.stop()]);
  }
  return result;
}

async function openFast(ctx: BenchContext, result: CaseResult, ours: BenchLspClient, yls: BenchLspClient, root: string, schema: string): Promise<void> {
  const file = datasetYaml(OPEN_LINES, seededRandom(ctx.seed + 1));
  const text = `# yaml-language-server: $schema=${pathToFileURL(schema).toString()}\n${file.text}`;
  const runs = ctx.quick ? 3 : 5;
  const first: number[] = [];
  const whole: number[] = [];
  const theirs: number[] = [];
  let counts = '';
  for (let run = -1; run < runs; run++) {
    ctx.log(`openLarge: open ${formatCount(OPEN_LINES)} lines, run ${run + 2} of ${runs + 1}`);
    const uri = pathToFileURL(path.join(root, `open-${run + 1}.datasets.yaml`)).toString();
    const refreshes = ours.refreshRequests;
    const start = nowMs();
    await ours.open(uri, text);
    const firstItems = await ours.pullDiagnostics(uri);
    const firstMs = nowMs() - start;
    // Read in part: the rest comes when the server asks the editor to pull again.
    const reading = ours.latestNotification<StatusParams>(STATUS)?.readingDocuments?.includes(uri) === true;
    if (reading) await ours.nextRefresh(refreshes);
    const wholeItems = reading ? await ours.pullDiagnostics(uri) : firstItems;
    const wholeMs = nowMs() - start;
    await ours.close(uri);

    const theirUri = pathToFileURL(path.join(root, `yls-${run + 1}.datasets.yaml`)).toString();
    const before = yls.publishCount(theirUri);
    const theirStart = nowMs();
    await yls.open(theirUri, text);
    const theirItems = await yls.nextPublished(theirUri, before);
    const theirMs = nowMs() - theirStart;
    await yls.close(theirUri);
    if (run < 0) continue; // warm-up
    first.push(firstMs);
    whole.push(wholeMs);
    theirs.push(theirMs);
    counts = `first answer ${firstItems.length} diagnostics, whole file ${wholeItems.length}; yaml-language-server ${theirItems.length}`;
  }
  const firstTiming = summarise(first);
  const wholeTiming = summarise(whole);
  const theirTiming = summarise(theirs);
  const theirNet = summarise(theirs.map((ms) => Math.max(0, ms - YLS_VALIDATION_DELAY_MS)));
  const caseName = `open a dataset YAML of ${formatCount(OPEN_LINES)} lines`;
  result.rows.push(
    timingRow(GROUP, caseName, 'catalog-code, first diagnostics', firstTiming, { note: counts }),
    timingRow(GROUP, caseName, 'catalog-code, whole file', wholeTiming, { ratios: [{ to: 'yaml-language-server net of its 200 ms debounce', ratio: wholeTiming.medianMs / theirNet.medianMs }] }),
    timingRow(GROUP, caseName, 'yaml-language-server', theirTiming, { note: `didOpen to its first publishDiagnostics; includes its fixed ${YLS_VALIDATION_DELAY_MS} ms debounce` }),
    timingRow(GROUP, caseName, 'yaml-language-server − debounce', theirNet),
  );
  result.targets.push(
    target(`open ${formatCount(OPEN_LINES)} lines: first diagnostics ≤ 300 ms`, firstTiming, 300, theirTiming, theirNet, 'read a smaller first slice (FIRST_SLICE_MS) or the slice around the visible range first'),
    target(`open ${formatCount(OPEN_LINES)} lines: whole-file analysis ≤ 1 s`, wholeTiming, 1000, theirTiming, theirNet, 'profile the end of the read (the analysis put together in one step, the document rules and the LSP conversion of the first whole answer) and check each run of parts as it is read instead of after the read'),
  );
}

function target(name: string, ours: Timing, boundMs: number, theirs: Timing, theirNet: Timing, next: string): CaseResult['targets'][number] {
  const met = ours.medianMs <= boundMs;
  return {
    target: name,
    measured: `median ${ours.medianMs.toFixed(0)} ms, p95 ${ours.p95Ms.toFixed(0)} ms; yaml-language-server in the same run ${theirs.medianMs.toFixed(0)} ms (${theirNet.medianMs.toFixed(0)} ms net of its debounce)`,
    met,
    ...(met ? {} : { miss: `${(ours.medianMs - boundMs).toFixed(0)} ms over`, next }),
  };
}

async function neverBlocked(ctx: BenchContext, result: CaseResult, ours: BenchLspClient, root: string): Promise<void> {
  const smallUri = pathToFileURL(path.join(root, 'small.datasets.yaml')).toString();
  const bigUri = pathToFileURL(path.join(root, 'twenty-mb.datasets.yaml')).toString();
  await ours.open(smallUri, SMALL);
  await ours.pullDiagnostics(smallUri);
  // The floor: the same requests to the same server with no large document open, in this run (the machine's load shows in both).
  const idle: number[] = [];
  for (let i = 0; i < 40; i++) idle.push(await askAboutSmall(ours, smallUri, i));
  const idleTiming = summarise(idle);
  const big = datasetYaml(BIG_LINES, seededRandom(ctx.seed + 2)).text;
  ctx.log(`openLarge: a ${(big.length / 1e6).toFixed(1)} MB document opened; asking about a small one while it is read`);
  const analysed = ours.waitForNotification<StatusParams>(STATUS, (status) => status.checkedPartially?.some((p) => p.uri === bigUri) === true && !status.readingDocuments?.includes(bigUri), 600_000);
  let done = false;
  void analysed.then(() => (done = true));
  const start = nowMs();
  await ours.open(bigUri, big);
  void ours.pullDiagnostics(bigUri);
  const samples: number[] = [];
  for (let i = 0; !done; i++) samples.push(await askAboutSmall(ours, smallUri, i));
  await analysed;
  const readMs = nowMs() - start;
  const memory = memoryOf(ours.child.pid);
  await ours.close(bigUri);
  const timing = summarise(samples);
  const caseName = `requests about a small document while a ${(big.length / 1e6).toFixed(1)} MB dataset YAML is read`;
  result.rows.push(
    timingRow(GROUP, caseName, 'catalog-code, hover and diagnostics of the small document', timing, { ratios: [{ to: 'the same requests with no large document open', ratio: timing.p95Ms / idleTiming.p95Ms }], note: `${samples.length} requests, one after the other, while the large document was read (${(readMs / 1000).toFixed(1)} s from didOpen to 'checked partially'); the first, sent right after didOpen, took ${samples[0]?.toFixed(0)} ms` }),
    timingRow(GROUP, caseName, 'floor: the same requests, no large document open', idleTiming, { note: 'asked of the same server just before the large document was opened' }),
    { group: GROUP, case: caseName, subject: 'catalog-code server memory', value: memory, note: 'resident memory with the document open and checked partially, and the peak, from /proc' },
  );
  const met = timing.p95Ms <= 100;
  result.targets.push({
    target: 'requests about other documents while a 20 MB document is read: p95 ≤ 100 ms',
    measured: `p50 ${timing.medianMs.toFixed(0)} ms, p95 ${timing.p95Ms.toFixed(0)} ms over ${samples.length} requests (read took ${(readMs / 1000).toFixed(1)} s; without the first, which waits for the 20 MB didOpen to be decoded: p95 ${summarise(samples.slice(1)).p95Ms.toFixed(0)} ms); the same requests with no large document open in this run: p50 ${idleTiming.medianMs.toFixed(0)} ms, p95 ${idleTiming.p95Ms.toFixed(0)} ms; server ${memory}`,
    met,
    ...(met ? {} : { miss: `p95 ${(timing.p95Ms - 100).toFixed(0)} ms over`, next: 'the slowest answers wait for the decoding of the 20 MB didOpen message and the one-step end of the read (the analysis put together, the document rules of the first whole answer)' }),
  });
}

/** One request about the small document (a hover, then its diagnostics, in turn), timed; a short pause after it, as an editor's requests come. */
async function askAboutSmall(ours: BenchLspClient, smallUri: string, i: number): Promise<number> {
  const asked = nowMs();
  if (i % 2 === 0) await ours.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri: smallUri }, position: { line: 3, character: 6 } });
  else await ours.pullDiagnostics(smallUri);
  const took = nowMs() - asked;
  await new Promise((resolve) => setTimeout(resolve, 10));
  return took;
}

/** The server's resident memory now and at its peak, from /proc (Linux). */
function memoryOf(pid: number | undefined): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Math.round(Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024);
    return `RSS ${field('VmRSS')} MiB (peak ${field('VmHWM')} MiB)`;
  } catch {
    return 'not measured (no /proc)';
  }
}
