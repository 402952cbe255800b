import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { seededRandom } from '../../support/random';
import { definitionsFromModel } from '../../core/definitions/fromFacts';
import { EMPTY_DEFINITIONS } from '../../core/definitions/types';
import { readDocument } from '../../core/formats';
import { validateParts } from '../../core/incremental/checkParts';
import { DocumentAnalysis, type TextEdit } from '../../core/incremental/documentAnalysis';
import { LineIndex } from '../../core/model/range';
import { workSince, workSnapshot, type WorkCounts } from '../../core/model/workCounters';

/**
 * One keystroke costs the same in a 50,000-line file as in a 5,000-line one: counted, not timed
 * (core/model/workCounters.ts). What the editor does per keystroke is replayed in process — the
 * edit applied to the analysis with the editor's text, the line index moved, the diagnostics
 * checked — and the work counted per keystroke must not grow with the file: units read again,
 * parts checked, ranges moved, line starts moved, characters scanned for suppressions, facts listed.
 * (In test/integration/: it reads two 50,000-line files, seconds of work the unit loop should not carry.)
 * Parts visited for their kept diagnostics are counted apart: the answer lists every diagnostic of
 * the file, so that part of the work follows the number of diagnostics, not the file's length.
 */
const definitions = { ...EMPTY_DEFINITIONS, workspace: new Map(definitionsFromModel(readDocument('file:///p.yaml', PROPERTIES_YAML)).map((info) => [info.urn, info])) };
const KEYSTROKES = 20;

interface PerKeystroke extends WorkCounts {
  units: number;
  /** parts with kept diagnostics at the end (what listing the answer visits) */
  withDiagnostics: number;
}

function typeInTheMiddle(uri: string, original: string): PerKeystroke {
  let text = original;
  let analysis = DocumentAnalysis.read(uri, text);
  let lines = new LineIndex(text);
  // Existence as the language server asks it (its view records every answer, so it is asked about every end even offline).
  const entities = { exists: () => undefined };
  const check = () => validateParts({ model: analysis.model, text: analysis.text, definitions, entities, parts: analysis.parts ?? [], cache: analysis.cache, repeats: analysis.repeats, suppressions: analysis.suppressions });
  check();
  const anchor = /warehouse\.table_/g;
  anchor.lastIndex = Math.floor(text.length / 2);
  const at = (anchor.exec(text)?.index ?? 0) + 'warehouse.'.length;
  const before = workSnapshot();
  for (let i = 0; i < KEYSTROKES; i++) {
    const edit: TextEdit = { start: at + i, end: at + i, text: 'x' };
    // The editor's own copy of the text, as a language server receives it.
    text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
    analysis = analysis.apply([edit], text);
    assert.equal(analysis.path, 'unit', 'typing in a name is read item by item');
    lines = lines.afterEdits([edit], text);
    definitionsFromModel(analysis.model);
    check();
  }
  const work = workSince(before);
  const per = { ...work } as PerKeystroke;
  for (const key of Object.keys(work) as (keyof WorkCounts)[]) per[key] = work[key] / KEYSTROKES;
  per.units = analysis.parts?.length ?? 0;
  per.withDiagnostics = analysis.cache?.partsWithDiagnostics().size ?? 0;
  // The equality tests compare every step with a fresh read; here the text and lines must agree.
  assert.equal(analysis.text, text);
  assert.equal(lines.positionAt(text.length).line, new LineIndex(text).positionAt(text.length).line);
  return per;
}

const FILES: [string, string, (lines: number) => string][] = [
  ['dataset YAML', 'file:///w/datasets.yaml', (lines) => datasetYaml(lines, seededRandom(5)).text],
  ['lineage file', 'file:///w/lineage.yml', (lines) => lineageFile(lines, seededRandom(6)).text],
];

describe('per-keystroke work does not grow with the file', () => {
  for (const [label, uri, generate] of FILES) {
    it(`${label}: 5,000 and 50,000 lines cost the same per keystroke`, () => {
      const small = typeInTheMiddle(uri, generate(5_000));
      const large = typeInTheMiddle(uri, generate(50_000));
      assert.ok(large.units > 9 * small.units, `the large file has ten times the units (${small.units} → ${large.units})`);
      for (const key of ['unitsRead', 'partsChecked', 'lineStartsMoved', 'suppressionScan', 'partUnionReads'] as const) assert.equal(large[key], small[key], `${key}: ${small[key]} at 5k lines, ${large[key]} at 50k`);
      assert.equal(large.unitsRead, 1);
      assert.equal(large.partsChecked, 1);
      assert.equal(large.suppressionScan, 0, 'a file without suppression comments is not scanned for them');
      // The frame (a lineage file's root mapping ends after the items) moves at once; items never do.
      assert.ok(large.rangesMoved <= small.rangesMoved + 2 && large.rangesMoved < 10, `ranges moved: ${small.rangesMoved} → ${large.rangesMoved}`);
      // Visiting kept diagnostics follows their number; everything else is one fresh part.
      assert.equal(large.partsVisited - large.withDiagnostics, small.partsVisited - small.withDiagnostics);
      // The pending-shift tree: a search and an update, O(log² n), plus O(log n) per listed diagnostic part.
      const perLog = (counts: PerKeystroke) => counts.shiftSteps / ((1 + counts.withDiagnostics) * Math.log2(counts.units) ** 2);
      assert.ok(perLog(large) <= perLog(small) * 1.5, `shift steps per log²: ${perLog(small).toFixed(2)} → ${perLog(large).toFixed(2)}`);
      // Facts listed: the edited item's own (its rules ask its model by kind), a few hundred whatever
      // the file; entity existence no longer lists every edge of a lineage file (the ends are kept per part).
      assert.ok(large.factsListed < 600 && small.factsListed < 600, `facts listed: ${small.factsListed} → ${large.factsListed}`);
    });
  }
});
