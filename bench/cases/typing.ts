import { mkdirSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { goldenMcpJson } from '../../support/generate/goldenMcp';
import { DATASET_YAML_SCHEMA, LINEAGE_FILE_SCHEMA } from '../generate/jsonSchemas';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { formatCount, SERVER_JS, YAML_LANGUAGE_SERVER, type BenchContext } from '../support/context';
import { BenchLspClient } from '../support/lspClient';
import { seededRandom } from '../../support/random';
import { emptyResult, timingRow, type CaseResult } from '../../support/bench/results';
import { nowMs, summarise, type Timing } from '../../support/bench/stats';
import { YLS_VALIDATION_DELAY_MS } from './diagnostics';
import { ISSUE_27 } from '../../support/bench/targets';

/**
 * Issue 16's typing benchmark: type 50 characters, one incremental didChange every 30 ms, at the
 * start, the middle and the end of 1k/10k/50k-line files of each format, and time from the last
 * keystroke to the final diagnostics. Catalog Code is asked for diagnostics after every keystroke
 * as VS Code does (each pull cancels the previous one); yaml-language-server publishes them
 * itself, 200 ms after the last change.
 */

const GROUP = 'typing';
const KEYSTROKES = 50;
const INTERVAL_MS = 30;
const TYPED = 'abcdefghijklmnopqrstuvwxyz';

interface Kind {
  label: string;
  fileName: string;
  languageId: string;
  text: (lines: number, seed: number) => string;
  /** where typing goes near an offset: inside the next name or string value */
  anchor: RegExp;
  schema?: { name: string; value: unknown };
}

const KINDS: Kind[] = [
  { label: 'lineage file', fileName: 'typing.lineage.yml', languageId: 'yaml', text: (n, seed) => lineageFile(n, seededRandom(seed)).text, anchor: /warehouse\./g, schema: { name: 'lineage.schema.json', value: LINEAGE_FILE_SCHEMA } },
  { label: 'dataset YAML', fileName: 'typing.datasets.yaml', languageId: 'yaml', text: (n, seed) => datasetYaml(n, seededRandom(seed + 1)).text, anchor: /warehouse\./g, schema: { name: 'datasets.schema.json', value: DATASET_YAML_SCHEMA } },
  { label: 'MCP JSON', fileName: 'typing.golden.json', languageId: 'json', text: (n) => goldenMcpJson(n), anchor: /analytics\.public\./g },
];

const POSITIONS = [
  ['start', 0.02],
  ['middle', 0.5],
  ['end', 0.97],
] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The offset typing starts at: inside the first name at or after `fraction` of the text. */
function typingOffset(text: string, kind: Kind, fraction: number): number {
  const anchor = new RegExp(kind.anchor.source, 'g');
  anchor.lastIndex = Math.floor(text.length * fraction);
  const match = anchor.exec(text) ?? anchor.exec(text.slice(0));
  if (!match) throw new Error(`No place to type in the generated ${kind.label}.`);
  return match.index + match[0].length;
}

/** Types the characters, one edit each, into `document` (advanced in place) and returns the time of the last edit. */
async function typeInto(client: BenchLspClient, document: { current: TextDocument }, offset: number, afterEach?: () => void): Promise<number> {
  let last = 0;
  for (let i = 0; i < KEYSTROKES; i++) {
    const position = document.current.positionAt(offset + i);
    const char = TYPED[i % TYPED.length];
    document.current = TextDocument.update(document.current, [{ range: { start: position, end: position }, text: char }], document.current.version + 1);
    last = nowMs();
    await client.edit(document.current.uri, { start: position, end: position }, char);
    afterEach?.();
    if (i < KEYSTROKES - 1) await sleep(INTERVAL_MS);
  }
  return last;
}

export async function typingCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  const sizes = ctx.quick ? [1_000, 10_000] : [1_000, 10_000, 50_000];
  const runsPerPosition = ctx.quick ? 2 : 4;
  const root = path.join(ctx.workDir, 'typing-workspace');
  const schemaDir = path.join(ctx.workDir, 'typing-schemas');
  mkdirSync(root, { recursive: true });
  mkdirSync(schemaDir, { recursive: true });
  writeFileSync(path.join(root, 'properties.yaml'), PROPERTIES_YAML);
  for (const kind of KINDS) if (kind.schema) writeFileSync(path.join(schemaDir, kind.schema.name), JSON.stringify(kind.schema.value, null, 2));

  const ours = await BenchLspClient.start({ name: 'Catalog Code language server', args: [SERVER_JS, '--stdio'], cwd: root, pull: true, env: { CATALOG_SERVICE_URL: undefined, CATALOG_TOKEN: undefined } }, root);
  const yls = await BenchLspClient.start({ name: 'yaml-language-server', args: [YAML_LANGUAGE_SERVER, '--stdio'], cwd: root, pull: false }, root);
  try {
    await yls.configure({ yaml: { validate: true, hover: false, completion: true, format: { enable: false }, schemaStore: { enable: false }, schemas: {} } });
    for (const lines of sizes) {
      for (const kind of KINDS) {
        const body = kind.text(lines, ctx.seed);
        const text = kind.schema ? `# yaml-language-server: $schema=${pathToFileURL(path.join(schemaDir, kind.schema.name)).toString()}\n${body}` : body;
        const caseName = `${kind.label}, ${formatCount(text.split('\n').length)} lines`;
        const ourSamples: number[] = [];
        const ylsSamples: number[] = [];
        for (const [where, fraction] of POSITIONS) {
          for (let run = 0; run < runsPerPosition; run++) {
            ctx.log(`typing: ${caseName}, ${where}, run ${run + 1}/${runsPerPosition}`);
            const uri = pathToFileURL(path.join(root, `${lines}.${where}.${run}.${kind.fileName}`)).toString();
            const offset = typingOffset(text, kind, fraction);

            const document = { current: TextDocument.create(uri, kind.languageId, 1, text) };
            await ours.open(uri, text, kind.languageId);
            await ours.pullDiagnostics(uri);
            let pull: ReturnType<BenchLspClient['pullDiagnosticsCancellable']> | undefined;
            const lastKeystroke = await typeInto(ours, document, offset, () => {
              pull?.cancel();
              pull = ours.pullDiagnosticsCancellable(uri);
            });
            const final = await pull?.result;
            if (!final) throw new Error(`Catalog Code answered no diagnostics after the last keystroke in ${caseName}.`);
            ourSamples.push(nowMs() - lastKeystroke);
            await ours.close(uri);

            // yaml-language-server reads YAML only; a JSON file is no fair comparison.
            if (kind.languageId !== 'yaml') continue;
            const ylsDocument = { current: TextDocument.create(uri, 'yaml', 1, text) };
            const opened = yls.publishCount(uri);
            await yls.open(uri, text);
            await yls.nextPublished(uri, opened);
            let before = yls.publishCount(uri);
            const ylsLast = await typeInto(yls, ylsDocument, offset, () => {
              before = yls.publishCount(uri);
            });
            await yls.nextPublished(uri, before);
            ylsSamples.push(nowMs() - ylsLast);
            await yls.close(uri);
          }
        }
        const ourTiming = summarise(ourSamples);
        const ylsTiming = ylsSamples.length ? summarise(ylsSamples) : undefined;
        const ylsNet = ylsTiming ? netOfWait(ylsTiming) : undefined;
        result.rows.push(
          timingRow(GROUP, caseName, 'catalog-code', ourTiming, {
            ...(ylsNet ? { ratios: [{ to: 'yaml-language-server net of its 200 ms wait', ratio: ourTiming.medianMs / ylsNet.medianMs }, { to: 'yaml-language-server with its wait', ratio: ourTiming.medianMs / (ylsTiming as Timing).medianMs }] } : {}),
            note: `last keystroke → final diagnostics; ${KEYSTROKES} keystrokes every ${INTERVAL_MS} ms at start, middle and end`,
          }),
        );
        if (ylsTiming && ylsNet) {
          result.rows.push(
            timingRow(GROUP, caseName, 'yaml-language-server', ylsTiming, { note: `includes its fixed ${YLS_VALIDATION_DELAY_MS} ms wait` }),
            timingRow(GROUP, caseName, 'yaml-language-server − wait', ylsNet),
          );
        }
        if (lines === 50_000) {
          // Issue 27's bar (issue 16's was p50 ≤ 30 ms, p95 ≤ 60 ms); the load is part of the figure.
          const met = ourTiming.medianMs <= 15 && ourTiming.p95Ms <= 30;
          result.targets.push({
            key: ISSUE_27.typingP95.key,
            target: `typing in a ${kind.label} of 50k lines, as a plain stdio client: p50 ≤ 15 ms, p95 ≤ 30 ms (issue 27)`,
            measured: `p50 ${ourTiming.medianMs.toFixed(1)} ms, p95 ${ourTiming.p95Ms.toFixed(1)} ms, load ${os.loadavg()[0].toFixed(1)}`,
            met,
            ...(met ? {} : { miss: `p50 ${Math.max(0, ourTiming.medianMs - 15).toFixed(1)} ms, p95 ${Math.max(0, ourTiming.p95Ms - 30).toFixed(1)} ms over`, next: NEXT_STEP }),
          });
        }
        if ((lines === 10_000 || lines === 50_000) && ylsNet) {
          const times = ylsNet.medianMs / ourTiming.medianMs;
          result.targets.push({
            target: `typing in a ${kind.label} of ${formatCount(lines)} lines: ≥ 10× faster than yaml-language-server net of its wait`,
            measured: `${times.toFixed(1)}× (ours ${ourTiming.medianMs.toFixed(0)} ms, its ${ylsNet.medianMs.toFixed(0)} ms net, ${(ylsTiming as Timing).medianMs.toFixed(0)} ms with the wait)`,
            met: times >= 10,
            ...(times >= 10 ? {} : { miss: `${(ourTiming.medianMs - ylsNet.medianMs / 10).toFixed(0)} ms too slow`, next: NEXT_STEP }),
          });
        }
      }
    }
  } finally {
    await Promise.all([ours.stop(), yls.stop()]);
  }
  result.notes.push(
    `Each sample: ${KEYSTROKES} one-character incremental didChange notifications ${INTERVAL_MS} ms apart, then the time from the last one to the final diagnostics; ${runsPerPosition} runs at each of start, middle and end.`,
    'Catalog Code: a textDocument/diagnostic pull after every keystroke, cancelling the previous one (VS Code does the same); the sample ends when the pull sent after the last keystroke answers.',
    `yaml-language-server: the first publishDiagnostics after the last keystroke (it validates ${YLS_VALIDATION_DELAY_MS} ms after the last change); schema by modeline. It does not read the MCP JSON, so that row has no peer.`,
  );
  return result;
}

function netOfWait(timing: Timing): Timing {
  return summarise(timing.samples.map((sample) => Math.max(0, sample - YLS_VALIDATION_DELAY_MS)));
}

// Per keystroke the analysis no longer does work that grows with the file (counted in
// test/integration/keystrokeWork.test.ts); what is left: the LSP library's TextDocument moves
// every later line offset per change, the editor's text is copied once per change (a V8 string),
// and entity existence asks about every edge of a lineage file.
const NEXT_STEP =
  'profile the server on this file (node --cpu-prof dist/server.js) under the same load; next: a text document with lazily moved line offsets in place of the LSP library\'s, and existence answers with a generation so unchanged answers are not asked again';
