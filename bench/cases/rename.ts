import { LineIndex } from '../../core/model/range';
import { EMPTY_DEFINITIONS } from '../../core/definitions/types';
import { findReferences } from '../../core/features/references';
import { rename } from '../../core/features/rename';
import type { WorkspaceDocument } from '../../core/workspace/workspaceDocument';
import { readDocument } from '../../core/formats';
import type { BenchContext } from '../support/context';
import { emptyResult, timingRow, type CaseResult } from '../../support/bench/results';
import { nowMs, repeat } from '../../support/bench/stats';

/**
 * Case: Rename Symbol of a structured property used in every file of a workspace (2,000 dataset
 * files, 5 uses each: 10,000 edits, every edited file read again to check it), against Find
 * References of the same property in the same run (the search a rename cannot do without).
 */

const GROUP = 'rename';
const FILES = 2_000;
const USES_PER_FILE = 5;

function datasetFile(index: number): string {
  return Array.from({ length: USES_PER_FILE }, (_, j) => `- id: t${index}_${j}\n  platform: hive\n  structured_properties:\n    io.bench.tier: gold\n`).join('');
}

export async function renameCase(ctx: BenchContext): Promise<CaseResult> {
  const result = emptyResult();
  const files = ctx.quick ? FILES / 4 : FILES;
  const props = '- id: io.bench.tier\n  type: string\n';
  const document = toDocument('file:///bench/props.yaml', props);
  const workspace = Array.from({ length: files }, (_, i) => toDocument(`file:///bench/datasets${i}.yaml`, datasetFile(i)));
  const input = { document, workspace, definitions: EMPTY_DEFINITIONS, reread: (uri: string, text: string) => readDocument(uri, text) };
  const runs = { warmup: 1, runs: ctx.quick ? 3 : 5 };
  const references = await repeat(runs, () => {
    const t0 = nowMs();
    findReferences({ document, definitions: EMPTY_DEFINITIONS, workspace }, 8, true);
    return nowMs() - t0;
  });
  let edits = 0;
  const renaming = await repeat(runs, () => {
    const t0 = nowMs();
    const answer = rename(input, 8, 'io.bench.serviceTier');
    const ms = nowMs() - t0;
    if (!answer.ok) throw new Error(answer.problem);
    edits = [...answer.value.values()].reduce((sum, list) => sum + list.length, 0);
    return ms;
  });
  const label = `property used in ${files.toLocaleString('en-US')} files (${edits.toLocaleString('en-US')} edits)`;
  result.rows.push(timingRow(GROUP, label, 'find references (peer)', references));
  result.rows.push(timingRow(GROUP, label, 'rename (edits + every edited file read again)', renaming, { ratios: [{ to: 'find references', ratio: renaming.medianMs / references.medianMs }] }));
  result.notes.push(`rename: ${edits} edits in ${files + 1} files; each edited file is parsed again to check the rename.`);
  return result;
}

function toDocument(uri: string, text: string): WorkspaceDocument {
  return { uri, text, model: readDocument(uri, text), lineIndex: new LineIndex(text) };
}
