/**
 * Issue 35: each part written by hand beside a library, measured in the same run against the
 * library's own lower-level API. Where the library is within 1.5× of ours, ours goes; otherwise the
 * part keeps a comment naming the figure.
 * - server/frameGuard.ts in front of vscode-jsonrpc's StreamMessageReader vs the reader alone: the
 *   guard's cost on a stream of ordinary frames, and what the reader's own error events report for
 *   the frames the guard refuses.
 * - core/formats/quickYaml.ts vs `yaml`'s Lexer, Parser (CST) and Composer (documents).
 * - the JSON fast path (core/formats/jsonFast.ts + jsonNodes.ts) vs jsonc-parser's scanner and visitor.
 * - the V8 flags of `catalog-code validate` (cli/youngGeneration.ts, cli/optimizerMemory.ts) vs none.
 * Ours and the library's run in turn in every round, so a change of load hits both alike.
 * A stdio writer of ours (server/messageWriter.ts) was measured here against vscode-jsonrpc's
 * StreamMessageWriter (0.82–1.11× of ours) and removed; docs/performance.md has the figures.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { createScanner, visit } from 'jsonc-parser';
import { StreamMessageReader } from 'vscode-jsonrpc/node';
import { Composer, Lexer, Parser } from 'yaml';
import { parseQuickYaml } from '../../core/formats/quickYaml';
import { parseYamlFully } from '../../core/formats/yamlTree';
import { parseJson, parseJsonTolerant } from '../../core/formats/jsonTree';
import { JsonArray, JsonLiteral, JsonObject, JsonProperty, JsonString, identityOffset, type JsonNode, type JsonSource } from '../../core/formats/jsonNodes';
import type { DocNode } from '../../core/formats/tree';
import { guardedInput } from '../../server/stdioConnection';
import { goldenMcpJson } from '../../support/generate/goldenMcp';
import { datasetYaml, lineageFile } from '../../support/generate/metadataFiles';
import { seededRandom } from '../../support/random';
import { emptyResult, timingRow, type CaseResult, type TargetCheck } from '../../support/bench/results';
import { nowMs, summarise, type Timing } from '../../support/bench/stats';
import { reportTarget } from '../../support/bench/targets';
import { CLI_JS, formatCount, type BenchContext } from '../support/context';

const GROUP = 'hand-written vs library (issue 35)';
/** Where the library is within this factor of ours, the library is used (issue 35). */
const KEEP_OURS_ABOVE = 1.5;

/** Runs each subject once per round, in turn; the first `warmup` rounds are thrown away. */
async function interleaved(rounds: { warmup: number; runs: number }, subjects: Record<string, () => Promise<unknown> | unknown>): Promise<Record<string, Timing>> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(subjects).map((name) => [name, []]));
  for (let i = 0; i < rounds.warmup + rounds.runs; i++) {
    for (const [name, run] of Object.entries(subjects)) {
      const start = nowMs();
      await run();
      if (i >= rounds.warmup) samples[name].push(nowMs() - start);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, summarise(values)]));
}

const ms = (timing: Timing) => `${timing.medianMs.toFixed(2)} ms`;

/** A target met when the library is slower than ours by more than KEEP_OURS_ABOVE: ours stays. */
function keepOurs(part: string, library: string, ours: Timing, theirs: Timing, note?: string): TargetCheck {
  return reportTarget({
    name: `${part}: ${library} ÷ ours (ours is kept only above ${KEEP_OURS_ABOVE}×)`,
    target: KEEP_OURS_ABOVE,
    unit: '×',
    bound: 'atLeast',
    measured: theirs.medianMs / ours.medianMs,
    peer: `${library} ${ms(theirs)}, ours ${ms(ours)}`,
    ...(note ? { detail: note } : {}),
    next: `use ${library} and delete ours`,
  });
}

export async function handWrittenCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  const rounds = ctx.quick ? { warmup: 2, runs: 5 } : { warmup: 5, runs: 20 };
  for (const part of [readerPart, yamlPart, jsonPart]) {
    ctx.log(`hand-written vs library: ${part.name}`);
    const { rows, targets, notes } = await part(ctx, rounds);
    result.rows.push(...rows);
    result.targets.push(...targets);
    result.notes.push(...notes);
  }
  ctx.log('hand-written vs library: V8 flags of validate');
  const flags = v8FlagsPart(ctx, ctx.quick ? { warmup: 1, runs: 3 } : { warmup: 1, runs: 7 });
  result.rows.push(...flags.rows);
  result.targets.push(...flags.targets);
  result.notes.push(...flags.notes);
  return result;
}

type Part = (ctx: BenchContext, rounds: { warmup: number; runs: number }) => Promise<CaseResult>;

/** `count` LSP frames of ordinary didChange notifications (about 1 KB each). */
function frames(count: number): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const body = JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri: 'file:///work/lineage.yaml', version: i }, contentChanges: [{ range: { start: { line: i, character: 0 }, end: { line: i, character: 0 } }, text: `    - urn:li:dataset:(urn:li:dataPlatform:hive,db.table_${i},PROD)\n`.repeat(12) }] } });
    parts.push(Buffer.from(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`, 'utf8'));
  }
  return Buffer.concat(parts);
}

/** Reads `stream` with vscode-jsonrpc's reader until `count` messages arrived. */
function readAll(stream: NodeJS.ReadableStream, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const reader = new StreamMessageReader(stream);
    let seen = 0;
    reader.onError(reject);
    reader.listen(() => {
      if (++seen === count) {
        reader.dispose();
        resolve();
      }
    });
  });
}

function chunked(data: Buffer, size = 64 * 1024): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < data.length; at += size) chunks.push(data.subarray(at, at + size));
  return Readable.from(chunks, { objectMode: false });
}

/** What the library's reader alone reports for a frame the guard refuses: an error event, or nothing within `waitMs`. */
async function libraryVerdict(input: string, waitMs = 200): Promise<string> {
  const stream = new PassThrough();
  const reader = new StreamMessageReader(stream);
  // its timer for a message that never completes re-arms itself every 10 s, and would keep the bench alive
  reader.partialMessageTimeout = 0;
  let timer: NodeJS.Timeout | undefined;
  let read: () => void = () => undefined;
  const verdict = new Promise<string>((resolve) => {
    reader.onError((error) => resolve(`onError: ${error.message.split('\n')[0]}`));
    read = () => resolve('read a message');
    timer = setTimeout(() => resolve(`no event in ${waitMs} ms (it keeps buffering)`), waitMs);
  });
  const listening = reader.listen(() => read());
  stream.write(Buffer.from(input, 'latin1'));
  const answer = await verdict;
  clearTimeout(timer);
  listening.dispose();
  reader.dispose();
  stream.destroy();
  return answer;
}

const readerPart: Part = async (_ctx, rounds) => {
  const count = 2000;
  const data = frames(count);
  const timings = await interleaved(rounds, {
    guarded: () => readAll(guardedInput(chunked(data), () => undefined), count),
    library: () => readAll(chunked(data), count),
  });
  const caseName = `${formatCount(count)} didChange frames (${(data.length / 1e6).toFixed(1)} MB) in 64 KiB chunks`;
  const probes: [string, string][] = [
    ['a declared 10 GB body', 'Content-Length: 10737418240\r\n\r\n{"jsonrpc":"2.0"'],
    ['a header line ending in a lone "\\n"', 'Content-Length: 2\n\r\n{}'],
    ['9 KB of header without its blank line', `X-Pad: ${'a'.repeat(9 * 1024)}`],
    ['no Content-Length', 'Content-Type: x\r\n\r\n{}'],
  ];
  const verdicts = await Promise.all(probes.map(async ([what, input]) => `${what}: ${await libraryVerdict(input)}`));
  const overhead = timings.guarded.medianMs / timings.library.medianMs;
  const perFrameMs = (timings.guarded.medianMs - timings.library.medianMs) / count;
  return {
    rows: [
      timingRow(GROUP, caseName, 'vscode-jsonrpc StreamMessageReader alone', timings.library),
      timingRow(GROUP, caseName, 'server/frameGuard.ts in front of it', timings.guarded, { ratios: [{ to: 'reader alone', ratio: overhead }] }),
    ],
    targets: [
      reportTarget({
        name: 'frame guard in front of vscode-jsonrpc\'s reader (which has no size limit to replace it): time it adds per frame, at most 1 % of the 15 ms keystroke target',
        target: 0.15,
        unit: 'ms',
        measured: perFrameMs,
        peer: `reader alone ${ms(timings.library)}, guarded ${ms(timings.guarded)} (${overhead.toFixed(2)}×) for ${formatCount(count)} frames`,
        next: 'make the guard cheaper: the reader alone does not refuse what the notes list, so the guard stays',
      }),
    ],
    notes: [`vscode-jsonrpc's reader alone, on frames the guard refuses: ${verdicts.join('; ')}`],
  };
};

const yamlPart: Part = async (ctx, rounds) => {
  const random = seededRandom(ctx.seed);
  const files = [
    { label: 'dataset YAML, 3,000 lines', text: datasetYaml(3000, random).text },
    { label: 'lineage file, 3,000 lines', text: lineageFile(3000, random).text },
  ];
  const result = emptyResult();
  for (const { label, text } of files) {
    if (!parseQuickYaml(text)) throw new Error(`the quick reader left ${label} to the full parser: nothing to compare`);
    const timings = await interleaved(rounds, {
      ours: () => parseQuickYaml(text),
      lexer: () => { for (const token of new Lexer().lex(text)) void token; },
      parser: () => { for (const token of new Parser().parse(text)) void token; },
      composer: () => { for (const document of new Composer().compose(new Parser().parse(text))) void document; },
      full: () => parseYamlFully(text),
    });
    const ratio = (t: Timing) => [{ to: 'quickYaml', ratio: t.medianMs / timings.ours.medianMs }];
    result.rows.push(
      timingRow(GROUP, label, 'core/formats/quickYaml.ts parseQuickYaml (our tree)', timings.ours),
      timingRow(GROUP, label, 'yaml Lexer (tokens only)', timings.lexer, { ratios: ratio(timings.lexer) }),
      timingRow(GROUP, label, 'yaml Parser (CST, no tree of ours)', timings.parser, { ratios: ratio(timings.parser) }),
      timingRow(GROUP, label, 'yaml Parser + Composer (documents)', timings.composer, { ratios: ratio(timings.composer) }),
      timingRow(GROUP, label, 'parseYamlFully (documents → our tree)', timings.full, { ratios: ratio(timings.full) }),
    );
    result.targets.push(keepOurs(`quick YAML reader, ${label}`, 'yaml Parser (CST alone, before any tree of ours is built)', timings.ours, timings.parser, `Lexer ${ms(timings.lexer)}, Composer ${ms(timings.composer)}, whole path ${ms(timings.full)}`));
  }
  return result;
};

type Open = { start: number; entries: JsonProperty[]; key?: JsonString } | { start: number; items: DocNode[] };

/** Our tree (core/formats/jsonNodes.ts) built from jsonc-parser's visitor: the library's path to what the fast path gives. */
function treeByVisitor(text: string): DocNode | undefined {
  const source: JsonSource = { text, map: identityOffset };
  const stack: Open[] = [];
  let root: DocNode | undefined;
  const add = (node: JsonNode) => {
    const top = stack[stack.length - 1];
    if (!top) root = node;
    else if ('entries' in top) top.entries.push(new JsonProperty(top.key!, node));
    else top.items.push(node);
  };
  visit(text, {
    onObjectBegin: (offset) => void stack.push({ start: offset, entries: [] }),
    onObjectProperty: (property, offset, length) => void ((stack[stack.length - 1] as { key?: JsonString }).key = new JsonString(source, offset, offset + length, property)),
    onObjectEnd: (offset, length) => {
      const open = stack.pop() as { start: number; entries: JsonProperty[] };
      add(new JsonObject(source, open.start, offset + length, open.entries));
    },
    onArrayBegin: (offset) => void stack.push({ start: offset, items: [] }),
    onArrayEnd: (offset, length) => {
      const open = stack.pop() as { start: number; items: DocNode[] };
      add(new JsonArray(source, open.start, offset + length, open.items));
    },
    onLiteralValue: (value: unknown, offset, length) => add(typeof value === 'string' ? new JsonString(source, offset, offset + length, value) : new JsonLiteral(source, offset, offset + length, value as null | boolean | number)),
  });
  return root;
}

const jsonPart: Part = async (_ctx, rounds) => {
  const text = goldenMcpJson(20_000);
  const visitor = {};
  const timings = await interleaved(rounds, {
    ours: () => parseJson(text, { allowComments: false }),
    scanner: () => {
      const scanner = createScanner(text, false);
      // 17: SyntaxKind.EOF (a const enum, which isolatedModules cannot read)
      while (scanner.scan() !== 17) void scanner.getTokenValue();
    },
    visitor: () => visit(text, visitor),
    visitorTree: () => treeByVisitor(text),
    tree: () => parseJsonTolerant(text, { allowComments: false }),
  });
  const ours = parseJson(text, { allowComments: false }).root;
  const theirs = treeByVisitor(text);
  if (ours?.type !== 'seq' || theirs?.type !== 'seq' || ours.items.length !== theirs.items.length) throw new Error('the visitor-built tree is not the fast path\'s: nothing to compare');
  const caseName = `golden-style MCP JSON, ${formatCount(text.split('\n').length)} lines`;
  const ratio = (t: Timing) => [{ to: 'fast path', ratio: t.medianMs / timings.ours.medianMs }];
  return {
    rows: [
      timingRow(GROUP, caseName, 'core/formats/jsonFast.ts + jsonNodes.ts (our tree)', timings.ours),
      timingRow(GROUP, caseName, 'jsonc-parser createScanner (tokens and values only)', timings.scanner, { ratios: ratio(timings.scanner) }),
      timingRow(GROUP, caseName, 'jsonc-parser visit (empty visitor)', timings.visitor, { ratios: ratio(timings.visitor) }),
      timingRow(GROUP, caseName, 'jsonc-parser visit → our tree (the same nodes)', timings.visitorTree, { ratios: ratio(timings.visitorTree) }),
      timingRow(GROUP, caseName, 'jsonc-parser parseTree → our tree (the tolerant path)', timings.tree, { ratios: ratio(timings.tree) }),
    ],
    targets: [keepOurs('JSON fast path', 'jsonc-parser visit building the same nodes', timings.ours, timings.visitorTree, `empty visitor ${ms(timings.visitor)}, scanner ${ms(timings.scanner)}, parseTree path ${ms(timings.tree)}`)],
    notes: [],
  };
};

/** Prints the process's peak resident memory and CPU time on exit (preloaded with --require). */
const PROCESS_HOOK = `process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\npeak-rss ' + u.maxRSS * 1024 + ' cpu-us ' + (u.userCPUTime + u.systemCPUTime) + '\\n'); });`;
/**
 * Each flag given its V8 default on node's command line: the CLI then leaves every one alone (a
 * user's own setting wins), so this is validate without our tuning.
 */
const V8_DEFAULTS = ['--semi-space-growth-factor=2', '--turbo-inlining', '--interrupt-budget=67584'];

function v8FlagsPart(ctx: BenchContext, rounds: { warmup: number; runs: number }): CaseResult {
  const file = path.join(ctx.workDir, 'flags-golden.json');
  writeFileSync(file, goldenMcpJson(90_000));
  const hook = path.join(ctx.workDir, 'flags-hook.js');
  writeFileSync(hook, PROCESS_HOOK);
  const kinds: Record<'tuned' | 'defaults', string[]> = { tuned: [], defaults: V8_DEFAULTS };
  const samples = { tuned: { cpu: [] as number[], peak: [] as number[], wall: [] as number[] }, defaults: { cpu: [] as number[], peak: [] as number[], wall: [] as number[] } };
  for (let i = 0; i < rounds.warmup + rounds.runs; i++) {
    for (const kind of ['tuned', 'defaults'] as const) {
      const start = nowMs();
      const run = spawnSync(process.execPath, [...kinds[kind], '--require', hook, CLI_JS, 'validate', file], { encoding: 'utf8' });
      const wall = nowMs() - start;
      const figures = /peak-rss (\d+) cpu-us (\d+)/.exec(run.stderr);
      if (!figures) throw new Error(`validate (${kind}) did not report its figures (exit ${run.status}): ${run.stderr.slice(-500)}`);
      if (i < rounds.warmup) continue;
      samples[kind].wall.push(wall);
      samples[kind].peak.push(Number(figures[1]));
      samples[kind].cpu.push(Number(figures[2]) / 1000);
    }
  }
  const median = (values: number[]) => summarise(values).medianMs;
  const [tuned, defaults] = [samples.tuned, samples.defaults].map((s) => ({ wall: summarise(s.wall), cpu: median(s.cpu), peak: median(s.peak) }));
  const caseName = 'catalog-code validate of a 90,000-line golden MCP JSON';
  const figures = (f: typeof tuned) => `CPU ${f.cpu.toFixed(0)} ms, peak ${(f.peak / 1e6).toFixed(1)} MB`;
  return {
    rows: [
      timingRow(GROUP, caseName, 'with its V8 flags (youngGeneration.ts, optimizerMemory.ts)', tuned.wall, { note: figures(tuned) }),
      timingRow(GROUP, caseName, `V8's defaults (${V8_DEFAULTS.join(' ')})`, defaults.wall, { note: figures(defaults), ratios: [{ to: 'with flags', ratio: defaults.wall.medianMs / tuned.wall.medianMs }] }),
    ],
    targets: [
      reportTarget({ name: 'validate\'s V8 flags: peak memory saved against V8\'s defaults', target: 0, unit: 'MB', bound: 'atLeast', measured: (defaults.peak - tuned.peak) / 1e6, peer: `defaults ${figures(defaults)}; flags ${figures(tuned)}`, next: 'remove the flags' }),
      reportTarget({ name: 'validate\'s V8 flags: CPU time with ÷ without', target: 1.05, unit: '×', measured: tuned.cpu / defaults.cpu, peer: `defaults ${defaults.cpu.toFixed(0)} ms, flags ${tuned.cpu.toFixed(0)} ms`, next: 'remove the flag that costs time' }),
    ],
    notes: [`V8 ${process.versions.v8}: the interrupt budget applies on V8 11 only, the young generation and inlining on V8 11–13`],
  };
}
