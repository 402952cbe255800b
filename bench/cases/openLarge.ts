import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Hover } from 'vscode-languageserver-protocol';
import type { StatusParams } from '../../core/protocol';
import { DATASET_YAML_SCHEMA } from '../generate/jsonSchemas';
import { goldenMcpJson } from '../../support/generate/goldenMcp';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { formatCount, SERVER_JS, YAML_LANGUAGE_SERVER, type BenchContext } from '../support/context';
import { BenchLspClient } from '../support/lspClient';
import { seededRandom, type Random } from '../../support/random';
import { emptyResult, timingRow, type CaseResult } from '../../support/bench/results';
import { nowMs, summarise } from '../../support/bench/stats';
import { ISSUE_27, reportTarget } from '../../support/bench/targets';
import { waitForWorkspaceDefinitions, YLS_VALIDATION_DELAY_MS } from './diagnostics';

/**
 * Case 12 (issue 27): opening a large document and never being blocked by one.
 *
 * Open: a 50,000-line dataset YAML and a 50,000-line lineage file opened (didOpen, then a pull, as VS Code does); the first
 * diagnostics are those of the items read in the first slice, the whole file's come after the
 * server asks the editor to pull again (workspace/diagnostic/refresh). yaml-language-server opens
 * the same text (with an equivalent JSON Schema) in the same run, timed to its first published
 * diagnostics.
 *
 * Never blocked: a 20 MB dataset YAML, then a 20 MB lineage file, is opened and, while the server reads it (until the status
 * says it is checked partially), a small document's hover and diagnostics are asked one after the
 * other; each answer's latency is a sample. The server's memory is read from /proc afterwards.
 */

const GROUP = 'openLarge';
const OPEN_LINES = 50_000;
/** about 20 MB of generated datasets */
const BIG_LINES = 780_000;
const STATUS = 'catalogCode/status';
/**
 * The formats opened: the two YAML list formats read in slices, one with its list at the top level,
 * one inside a frame, and an MCP JSON (read an element at a time; JSON is read whole or not at all,
 * so its large document is one just under the 2 MiB limit of open documents).
 */
const OPENED = [
  { label: 'a dataset YAML', subject: 'dataset YAML', suffix: 'datasets.yaml', generate: (lines: number, random: Random) => datasetYaml(lines, random).text, bigLines: BIG_LINES, schema: true },
  { label: 'a lineage file', subject: 'lineage file', suffix: 'lineage.yml', generate: (lines: number, random: Random) => lineageFile(lines, random).text, bigLines: BIG_LINES, schema: false },
  { label: 'an MCP JSON', subject: 'MCP JSON', suffix: 'mcp.json', generate: (lines: number) => goldenMcpJson(lines), bigLines: 52_000, schema: false },
] as const;
type Opened = (typeof OPENED)[number];
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
    for (const kind of OPENED) await openFast(ctx, result, ours, yls, root, schema, kind);
    for (const kind of OPENED) await neverBlocked(ctx, result, ours, root, kind);
  } finally {
    await Promise.all([ours.stop(), yls.stop()]);
  }
  return result;
}

async function openFast(ctx: BenchContext, result: CaseResult, ours: BenchLspClient, yls: BenchLspClient, root: string, schema: string, kind: Opened): Promise<void> {
  const generated = kind.generate(OPEN_LINES, seededRandom(ctx.seed + 1));
  // yaml-language-server checks a dataset YAML against an equivalent JSON Schema; a lineage file it only parses (no schema).
  const text = kind.schema ? `# yaml-language-server: $schema=${pathToFileURL(schema).toString()}\n${generated}` : generated;
  const runs = ctx.quick ? 3 : 5;
  const first: number[] = [];
  const whole: number[] = [];
  const theirs: number[] = [];
  let counts = '';
  for (let run = -1; run < runs; run++) {
    ctx.log(`openLarge: open ${kind.label} of ${formatCount(OPEN_LINES)} lines, run ${run + 2} of ${runs + 1}`);
    const uri = pathToFileURL(path.join(root, `open-${run + 1}.${kind.suffix}`)).toString();
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

    const theirUri = pathToFileURL(path.join(root, `yls-${run + 1}.${kind.suffix}`)).toString();
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
  const caseName = `open ${kind.label} of ${formatCount(OPEN_LINES)} lines`;
  result.rows.push(
    timingRow(GROUP, caseName, 'catalog-code, first diagnostics', firstTiming, { note: counts }),
    timingRow(GROUP, caseName, 'catalog-code, whole file', wholeTiming, { ratios: [{ to: 'yaml-language-server net of its 200 ms debounce', ratio: wholeTiming.medianMs / theirNet.medianMs }] }),
    timingRow(GROUP, caseName, 'yaml-language-server', theirTiming, { note: `didOpen to its first publishDiagnostics; includes its fixed ${YLS_VALIDATION_DELAY_MS} ms debounce${kind.schema ? '' : '; no schema: it only parses the file'}` }),
    timingRow(GROUP, caseName, 'yaml-language-server − debounce', theirNet),
  );
  const peer = `yaml-language-server in the same run ${theirTiming.medianMs.toFixed(0)} ms (${theirNet.medianMs.toFixed(0)} ms net of its debounce)`;
  result.targets.push(
    reportTarget({ ...ISSUE_27.openFirst, subject: kind.subject, measured: firstTiming.medianMs, detail: `median; p95 ${firstTiming.p95Ms.toFixed(0)} ms`, peer, next: 'read a smaller first slice (FIRST_SLICE_MS) or the slice around the visible range first' }),
    reportTarget({ ...ISSUE_27.openWhole, subject: kind.subject, measured: wholeTiming.medianMs, detail: `median; p95 ${wholeTiming.p95Ms.toFixed(0)} ms`, peer, next: 'profile the end of the read (the analysis put together in one step, the document rules and the LSP conversion of the first whole answer) and check each run of parts as it is read instead of after the read' }),
  );
}

async function neverBlocked(ctx: BenchContext, result: CaseResult, ours: BenchLspClient, root: string, kind: Opened): Promise<void> {
  const smallUri = pathToFileURL(path.join(root, 'small.datasets.yaml')).toString();
  const bigUri = pathToFileURL(path.join(root, `twenty-mb.${kind.suffix}`)).toString();
  await ours.open(smallUri, SMALL);
  await ours.pullDiagnostics(smallUri);
  // The floor: the same requests to the same server with no large document open, in this run (the machine's load shows in both).
  const idle: number[] = [];
  for (let i = 0; i < 40; i++) idle.push(await askAboutSmall(ours, smallUri, i));
  const idleTiming = summarise(idle);
  const big = kind.generate(kind.bigLines, seededRandom(ctx.seed + 2));
  ctx.log(`openLarge: a ${(big.length / 1e6).toFixed(1)} MB document opened; asking about a small one while it is read`);
  // Read: the status has said it is being read, and no longer does (an MCP JSON under the limit is read whole, not partially).
  let seenReading = false;
  const analysed = ours.waitForNotification<StatusParams>(
    STATUS,
    (status) => {
      const reading = status.readingDocuments?.includes(bigUri) === true;
      seenReading ||= reading;
      return seenReading && !reading;
    },
    600_000,
  );
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
  await ours.close(smallUri);
  const timing = summarise(samples);
  const caseName = `requests about a small document while a ${(big.length / 1e6).toFixed(1)} MB document (${kind.subject}) is read`;
  result.rows.push(
    timingRow(GROUP, caseName, 'catalog-code, hover and diagnostics of the small document', timing, { ratios: [{ to: 'the same requests with no large document open', ratio: timing.p95Ms / idleTiming.p95Ms }], note: `${samples.length} requests, one after the other, while the large document was read (${(readMs / 1000).toFixed(1)} s from didOpen to the end of its read); the first, sent right after didOpen, took ${samples[0]?.toFixed(0)} ms` }),
    timingRow(GROUP, caseName, 'floor: the same requests, no large document open', idleTiming, { note: 'asked of the same server just before the large document was opened' }),
    { group: GROUP, case: caseName, subject: 'catalog-code server memory', value: memory, note: 'resident memory with the document open and checked partially, and the peak, from /proc' },
  );
  // The first request, sent right after didOpen, waits in the pipe behind the 20 MB message until
  // it is received and decoded (JSON.parse of the message, before the read of the document starts):
  // the figure is the requests asked while the document is read; the first is given beside it.
  const whileRead = summarise(samples.slice(1));
  result.targets.push(
    reportTarget({
      ...ISSUE_27.otherDocumentP95,
      subject: kind.subject,
      measured: whileRead.p95Ms,
      detail: `a ${(big.length / 1e6).toFixed(1)} MB document; p50 ${whileRead.medianMs.toFixed(0)} ms over ${samples.length - 1} requests while it was read (${(readMs / 1000).toFixed(1)} s); the first, sent right after didOpen, waited ${samples[0]?.toFixed(0)} ms for the message to be decoded; with it p95 ${timing.p95Ms.toFixed(0)} ms; server ${memory}`,
      peer: `the same requests with no large document open in this run: p50 ${idleTiming.medianMs.toFixed(0)} ms, p95 ${idleTiming.p95Ms.toFixed(0)} ms`,
      next: 'the slowest answers wait for the decoding of the 20 MB didOpen message and the one-step end of the read (the analysis put together, the document rules of the first whole answer)',
    }),
  );
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
