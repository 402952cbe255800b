import * as os from 'node:os';
import { parse as parseYamlLibrary } from 'yaml';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../generate/metadataFiles';
import { definitionsFromModel } from '../../core/definitions/fromFacts';
import { EMPTY_DEFINITIONS } from '../../core/definitions/types';
import { readDocument } from '../../core/formats';
import { validateParts } from '../../core/incremental/checkParts';
import { DocumentAnalysis, type TextEdit } from '../../core/incremental/documentAnalysis';
import { LineIndex } from '../../core/model/range';
import { workSince, workSnapshot } from '../../core/model/workCounters';
import { formatCount, type BenchContext } from '../support/context';
import { seededRandom } from '../support/random';
import { emptyResult, timingRow, type CaseResult } from '../support/results';
import { nowMs, summarise } from '../support/stats';

/**
 * Issue 27: each kind of edit in a large YAML file, in process (what the server does for one
 * didChange and the diagnostics pull after it: the edit applied with the editor's text, the line
 * index moved, the definitions the file writes, the checks), beside the floor of the same run —
 * the `yaml` package parsing the same file, which a server that reads the whole file per edit
 * cannot beat. Each sample is one edit on a fresh analysis of the file (checked once before), so
 * every sample pays what that kind of edit costs the first time.
 */
const GROUP = 'editKinds';
const definitions = { ...EMPTY_DEFINITIONS, workspace: new Map(definitionsFromModel(readDocument('file:///p.yaml', PROPERTIES_YAML)).map((info) => [info.urn, info])) };

type EditAt = (text: string, middle: number, next: number) => TextEdit;

const KINDS: [string, EditAt][] = [
  ['typing a character in a name', (text, middle) => ({ start: text.indexOf('warehouse.', middle) + 10, end: text.indexOf('warehouse.', middle) + 10, text: 'x' })],
  ['pasting 20 items', (text, middle, next) => ({ start: middle, end: middle, text: text.slice(next, next + 20 * (next - middle)).replace(/\n[^\n]*$/, '\n') })],
  ['splitting an item (a new `- ` line)', (text, middle) => ({ start: text.indexOf('\n', middle + 2), end: text.indexOf('\n', middle + 2), text: `\n${/^ */.exec(text.slice(middle))?.[0] ?? ''}- id: split` })],
  ['deleting a range across items', (text, middle, next) => ({ start: text.indexOf('\n', middle) + 1, end: text.indexOf('\n', next) + 1, text: '' })],
  ['joining two items (a syntax error)', (_text, _middle, next) => ({ start: next - 1, end: next, text: '' })],
  ['an unclosed quote (a syntax error)', (text, middle) => ({ start: text.indexOf(': ', middle) + 2, end: text.indexOf(': ', middle) + 2, text: '"' })],
];

function itemStarts(text: string): number[] {
  const indent = text.includes('\nlineage:') ? '  ' : '';
  return [...text.matchAll(new RegExp(`^${indent}- `, 'gm'))].map((match) => match.index ?? 0);
}

function oneEdit(uri: string, text: string, edit: TextEdit): { ms: number; path: string; unitsRead: number } {
  const analysis = DocumentAnalysis.read(uri, text);
  const check = (current: DocumentAnalysis) =>
    validateParts({ model: current.model, text: current.text, definitions, parts: current.parts ?? [], cache: current.cache, repeats: current.repeats, suppressions: current.suppressions });
  check(analysis);
  const lines = new LineIndex(text);
  const edited = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  const before = workSnapshot();
  const start = nowMs();
  const next = analysis.apply([edit], edited);
  lines.afterEdits([edit], edited);
  definitionsFromModel(next.model);
  if (next.parts) check(next);
  else readDocument(uri, edited);
  const ms = nowMs() - start;
  return { ms, path: next.path, unitsRead: workSince(before).unitsRead };
}

export async function editKindsCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  const lines = ctx.quick ? 10_000 : 50_000;
  const runs = ctx.quick ? 3 : 5;
  for (const [label, uri, text] of [
    ['dataset YAML', 'file:///bench/datasets.yaml', datasetYaml(lines, seededRandom(ctx.seed)).text],
    ['lineage file', 'file:///bench/lineage.yml', lineageFile(lines, seededRandom(ctx.seed + 1)).text],
  ] as const) {
    const caseBase = `${label}, ${formatCount(text.split('\n').length)} lines`;
    const floor: number[] = [];
    for (let run = 0; run < runs; run++) {
      const start = nowMs();
      parseYamlLibrary(text);
      floor.push(nowMs() - start);
    }
    const floorTiming = summarise(floor);
    result.rows.push(timingRow(GROUP, caseBase, 'yaml parse of the whole file (floor)', floorTiming));
    const starts = itemStarts(text);
    for (const [kind, editAt] of KINDS) {
      const samples: number[] = [];
      let path = '';
      let unitsRead = 0;
      for (let run = 0; run < runs; run++) {
        const middle = starts[Math.floor(starts.length / 2) + run];
        const measured = oneEdit(uri, text, editAt(text, middle, starts[Math.floor(starts.length / 2) + run + 1]));
        samples.push(measured.ms);
        path = measured.path;
        unitsRead = measured.unitsRead;
        ctx.log(`editKinds: ${caseBase}, ${kind}, run ${run + 1}/${runs}: ${measured.ms.toFixed(1)} ms (${measured.path})`);
      }
      const timing = summarise(samples);
      const load = os.loadavg()[0].toFixed(1);
      result.rows.push(timingRow(GROUP, `${caseBase}: ${kind}`, 'catalog-code (in process)', timing, { ratios: [{ to: 'the yaml parse of the file', ratio: timing.medianMs / floorTiming.medianMs }], note: `read as: ${path}, ${unitsRead} item(s) read again; load ${load}` }));
      if (lines === 50_000) {
        const met = timing.medianMs <= 30;
        result.targets.push({
          target: `${kind} in a ${label} of 50k lines: p50 ≤ 30 ms (issue 27)`,
          measured: `p50 ${timing.medianMs.toFixed(1)} ms (${path}; the yaml parse of the file ${floorTiming.medianMs.toFixed(0)} ms), load ${load}`,
          met,
          ...(met ? {} : { miss: `${(timing.medianMs - 30).toFixed(0)} ms over`, next: 'a syntax error reads the file whole (the error model of the whole file); next: keep the items around a local error and take the parser’s problems of the run' }),
        });
      }
    }
  }
  result.notes.push('In process: one edit per sample on an analysis checked once before, timed from the edit to its diagnostics (apply, line index, definitions, checks); the LSP round trip is in the typing case.');
  return result;
}
