import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { goldenMcpJson } from '../../support/generate/goldenMcp';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { formatCount, SERVER_JS, type BenchContext } from '../support/context';
import { BenchLspClient } from '../support/lspClient';
import { seededRandom } from '../../support/random';
import { emptyResult, timingRow, type CaseResult } from '../../support/bench/results';
import { nowMs, summarise, type Timing } from '../../support/bench/stats';
import { ISSUE_27 } from '../../support/bench/targets';

/**
 * Issue 27: typing as a plain stdio LSP client does it. The real server over stdio; a 50,000-line
 * file opened; characters typed one by one in the middle with incremental didChange; after each
 * version the client waits for that version's diagnostics before the next keystroke — pulled
 * (`textDocument/diagnostic` sent after the change) or pushed (the `publishDiagnostics` that
 * carries the version). Each sample is one keystroke: didChange sent → its diagnostics received.
 * The same again with two busy loops (child processes spinning) beside the server.
 */
const GROUP = 'keystroke';
const TYPED = 'abcdefghijklmnopqrstuvwxyz';
/** the floor: the same keystrokes in a small file of the same kind */
const SMALL_LINES = 1_000;
const STATUS = 'catalogCode/status';

interface FileKind {
  label: string;
  fileName: string;
  languageId: string;
  text: (lines: number, seed: number) => string;
  /** typing goes right after the first match at or past the middle: inside a name */
  anchor: RegExp;
}

const FILES: FileKind[] = [
  { label: 'dataset YAML', fileName: 'keystroke.datasets.yaml', languageId: 'yaml', text: (n, seed) => datasetYaml(n, seededRandom(seed + 1)).text, anchor: /warehouse\./g },
  { label: 'lineage file', fileName: 'keystroke.lineage.yml', languageId: 'yaml', text: (n, seed) => lineageFile(n, seededRandom(seed)).text, anchor: /warehouse\./g },
  { label: 'MCP JSON', fileName: 'keystroke.golden.json', languageId: 'json', text: (n) => goldenMcpJson(n), anchor: /analytics\.public\./g },
];

type Mode = 'pull' | 'push';

function middleOffset(text: string, kind: FileKind): number {
  const anchor = new RegExp(kind.anchor.source, 'g');
  anchor.lastIndex = Math.floor(text.length / 2);
  const match = anchor.exec(text);
  if (!match) throw new Error(`No place to type in the middle of the generated ${kind.label}.`);
  return match.index + match[0].length;
}

/** Two child processes that spin until killed: the "busy machine" of the issue. */
function startBusyLoops(): ChildProcess[] {
  return [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

function stopBusyLoops(loops: ChildProcess[]): void {
  for (const loop of loops) if (loop.exitCode === null) loop.kill();
}

/**
 * Opens the file and waits for the whole file's diagnostics. A file over 256 KiB is read in slices
 * (core/workspace/backgroundReads.ts): a pull from a client without refresh waits for the end of
 * the read, but pushed, the first items' diagnostics come at once and the rest when the read ends.
 * Typing after the first of those would time keystrokes during the read (each edit then starts the
 * read again), not typing in an open file, which is what the pulled rows time; so pushed rows also
 * wait until the status (`catalogCode/status`) no longer names the file as being read, and for the
 * diagnostics published after that.
 */
async function openWhole(client: BenchLspClient, mode: Mode, uri: string, kind: FileKind, text: string): Promise<void> {
  const opened = client.publishCount(uri);
  await client.open(uri, text, kind.languageId);
  if (mode === 'pull') {
    await client.pullDiagnostics(uri);
    return;
  }
  await client.nextPublished(uri, opened, 300_000);
  const reading = (status: { readingDocuments?: string[] } | undefined) => status?.readingDocuments?.includes(uri) === true;
  if (!reading(client.latestNotification(STATUS))) return;
  // Counted when the status arrives (the whole file's diagnostics are published after it).
  let publishedBefore = 0;
  await client.waitForNotification<{ readingDocuments?: string[] }>(STATUS, (status) => !reading(status) && ((publishedBefore = client.publishCount(uri)), true), 300_000);
  await client.nextPublished(uri, publishedBefore, 300_000);
}

/** One run: open, wait for the first diagnostics, type `keystrokes` characters, each waited for; answers the per-keystroke times. */
async function typeOnce(client: BenchLspClient, mode: Mode, uri: string, kind: FileKind, text: string, keystrokes: number): Promise<number[]> {
  await openWhole(client, mode, uri, kind, text);
  let document = TextDocument.create(uri, kind.languageId, 1, text);
  const offset = middleOffset(text, kind);
  const samples: number[] = [];
  for (let i = 0; i < keystrokes; i++) {
    const position = document.positionAt(offset + i);
    const char = TYPED[i % TYPED.length];
    const version = document.version + 1;
    document = TextDocument.update(document, [{ range: { start: position, end: position }, text: char }], version);
    const sent = nowMs();
    await client.edit(uri, { start: position, end: position }, char);
    if (mode === 'pull') await client.pullDiagnostics(uri);
    else await client.publishedVersion(uri, version, 120_000);
    samples.push(nowMs() - sent);
  }
  await client.close(uri);
  return samples;
}

function targetOf(label: string, mode: Mode, busy: boolean, timing: Timing, load: string): CaseResult['targets'][number] {
  const p50Bar = busy ? 30 : 15;
  const p95Bar = busy ? undefined : 30;
  const met = timing.medianMs <= p50Bar && (p95Bar === undefined || timing.p95Ms <= p95Bar);
  const bar = p95Bar === undefined ? `p50 ≤ ${p50Bar} ms` : `p50 ≤ ${p50Bar} ms, p95 ≤ ${p95Bar} ms`;
  return {
    key: busy ? ISSUE_27.typingBusyP50.key : ISSUE_27.typingP50.key,
    target: `a keystroke in a ${label} of 50k lines, plain stdio client (${mode}), ${busy ? 'two busy loops beside it' : 'no extra load'}: ${bar} (issue 27)`,
    measured: `p50 ${timing.medianMs.toFixed(1)} ms, p95 ${timing.p95Ms.toFixed(1)} ms, load ${load}`,
    met,
    ...(met ? {} : { miss: `p50 ${Math.max(0, timing.medianMs - p50Bar).toFixed(1)} ms over${p95Bar === undefined ? '' : `, p95 ${Math.max(0, timing.p95Ms - p95Bar).toFixed(1)} ms over`}`, next: NEXT_STEP }),
  };
}

interface Row {
  kind: FileKind;
  mode: Mode;
  busy: boolean;
}

/** One row: runs of the large file, each right after a run of the small one (the floor), so both see the same load. */
async function measureRow(ctx: BenchContext, clients: Record<Mode, BenchLspClient>, root: string, row: Row, texts: { large: string; small: string }, shape: { keystrokes: number; runs: number }): Promise<{ large: Timing; small: Timing; load: string }> {
  const { kind, mode, busy } = row;
  const loops = busy ? startBusyLoops() : [];
  const large: number[] = [];
  const small: number[] = [];
  try {
    for (let run = 0; run < shape.runs; run++) {
      ctx.log(`keystroke: ${kind.label}, ${mode}${busy ? ', two busy loops' : ''}, run ${run + 1}/${shape.runs}`);
      for (const [size, text, samples] of [['small', texts.small, small], ['large', texts.large, large]] as const) {
        const uri = pathToFileURL(path.join(root, `${mode}.${busy ? 'busy' : 'quiet'}.${run}.${size}.${kind.fileName}`)).toString();
        samples.push(...(await typeOnce(clients[mode], mode, uri, kind, text, shape.keystrokes)));
      }
    }
  } finally {
    stopBusyLoops(loops);
  }
  return { large: summarise(large), small: summarise(small), load: os.loadavg()[0].toFixed(1) };
}

export async function keystrokeCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  const lines = ctx.quick ? 10_000 : 50_000;
  const shape = { keystrokes: ctx.quick ? 12 : 16, runs: ctx.quick ? 1 : 2 };
  const root = path.join(ctx.workDir, 'keystroke-workspace');
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'properties.yaml'), PROPERTIES_YAML);
  const env = { CATALOG_SERVICE_URL: undefined, CATALOG_TOKEN: undefined };
  const clients = {
    pull: await BenchLspClient.start({ name: 'Catalog Code language server (pull)', args: [SERVER_JS, '--stdio'], cwd: root, pull: true, env }, root),
    // The status says when a large file's read in slices ended (openWhole).
    push: await BenchLspClient.start({ name: 'Catalog Code language server (push)', args: [SERVER_JS, '--stdio'], cwd: root, pull: false, env, initializationOptions: { catalogCodeStatus: true } }, root),
  };
  try {
    for (const kind of FILES) {
      const texts = { large: kind.text(lines, ctx.seed), small: kind.text(SMALL_LINES, ctx.seed) };
      const caseName = `${kind.label}, ${formatCount(texts.large.split('\n').length)} lines`;
      for (const busy of [false, true]) {
        for (const mode of ['pull', 'push'] as const) {
          const { large, small, load } = await measureRow(ctx, clients, root, { kind, mode, busy }, texts, shape);
          const subject = `catalog-code, ${mode}${busy ? ', two busy loops' : ''}`;
          const ratio = { to: `the same keystrokes in a ${formatCount(SMALL_LINES)}-line file, interleaved (floor)`, ratio: large.medianMs / small.medianMs };
          result.rows.push(
            timingRow(GROUP, caseName, subject, large, { ratios: [ratio], note: `didChange → that version's diagnostics; load ${load}` }),
            timingRow(GROUP, `${kind.label}, ${formatCount(SMALL_LINES)} lines`, `${subject} (floor)`, small, { note: `load ${load}` }),
          );
          if (lines === 50_000) result.targets.push(targetOf(kind.label, mode, busy, large, `${load}; ${ratio.ratio.toFixed(1)}× the ${formatCount(SMALL_LINES)}-line floor of ${small.medianMs.toFixed(1)} ms`));
        }
      }
    }
  } finally {
    await Promise.all([clients.pull.stop(), clients.push.stop()]);
  }
  result.notes.push(
    `Each sample is one keystroke: ${shape.keystrokes} one-character incremental didChange notifications in the middle of the file per run, ${shape.runs} run(s) per row, each waited for before the next: pulled (textDocument/diagnostic sent after the change) or pushed (the publishDiagnostics carrying that version).`,
    'Typing starts once the file is read whole: pulled, the first pull waits for the read in slices to end (the client takes no refresh); pushed, the status stops naming the file as being read and the whole file\'s diagnostics are published. Until this session the pushed rows typed right after the first items\' diagnostics, during the read (every edit then started the read of a file over 256 KiB again): that timed an open, not a keystroke.',
    `Floor: the same keystrokes in a ${formatCount(SMALL_LINES)}-line file of the same kind, each run right before the large file's, so both see the same load: the ratio is what the file's size still costs per keystroke.`,
    'Busy rows: two child processes spinning (`node -e "for (;;) {}"`) for the length of the row, on top of whatever else the machine runs; the load printed is the 1-minute average at the end of the row.',
  );
  return result;
}

// Profiled again in session 7 (bench/adhoc/keystrokeProfile.ts --prof): with the text in chunks
// and messages written into a reused buffer, what is left per keystroke that follows the file is
// the answer itself (JSON of every diagnostic of the file, about 200 KB for a 50k-line dataset YAML),
// listing the parts that hold diagnostics and converting their positions, and garbage collection.
const NEXT_STEP = 'keep each part\'s diagnostics converted and serialised between keystrokes (only the parts an edit read, or whose line moved, again), so an answer is joined from kept pieces; then rerun on a quieter machine';
