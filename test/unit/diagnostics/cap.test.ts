import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { capDiagnostics, MAX_DIAGNOSTICS_PER_DOCUMENT } from '../../../core/diagnostics/cap';
import { expandCollapsed } from '../../../core/diagnostics/collapsed';
import type { CollapsedRest, CoreDiagnostic, Severity } from '../../../core/model/diagnostic';

function diagnostic(start: number, severity: Severity): CoreDiagnostic {
  return { range: { start, end: start + 1 }, severity, code: 'urn.syntax', message: `problem at ${start}` };
}

describe('diagnostics per document', () => {
  it('up to the limit: all of them, unchanged', () => {
    const all = Array.from({ length: MAX_DIAGNOSTICS_PER_DOCUMENT }, (_, i) => diagnostic(i, 'warning'));
    assert.deepEqual(capDiagnostics(all, 'file:///w/a.yaml'), all);
  });

  it('past it: errors first, then warnings, each in document order, and one summary naming the command', () => {
    const all = [...Array.from({ length: 5 }, (_, i) => diagnostic(100 - i, 'warning')), diagnostic(50, 'error'), diagnostic(7, 'error')];
    const shown = capDiagnostics(all, 'file:///w/my%20files/a.yaml', 4);
    assert.deepEqual(shown.slice(0, 4).map((d) => [d.severity, d.range.start]), [['error', 7], ['error', 50], ['warning', 96], ['warning', 97]]);
    assert.equal(shown.length, 5);
    assert.equal(shown[4].code, 'document.moreProblems');
    assert.equal(shown[4].severity, 'information');
    assert.equal(shown[4].message, "3 more problems in this file not shown: the editor shows the first 4. Run catalog-code validate '/w/my files/a.yaml' to see all of them.");
  });

  it('one standing for more of its kind after it is counted as all of them, and gives the same answer as all of them', () => {
    const rest = (from: number, count: number): CollapsedRest => ({
      count,
      expand: (start) => Array.from({ length: count - 1 }, (_, i) => ({ range: { start: start + (i + 1) * 2, end: start + (i + 1) * 2 + 1 }, message: `stream error ${from + i + 1}` })),
    });
    const errors = Array.from({ length: 6 }, (_, i) => ({ ...diagnostic(10 + i * 2, 'error'), code: 'parse.syntax', message: `stream error ${i}` }));
    const standing: CoreDiagnostic = { ...diagnostic(22, 'error'), code: 'parse.syntax', message: 'stream error 6', rest: rest(6, 5) };
    const collapsed = [diagnostic(3, 'warning'), ...errors, standing];
    const all = expandCollapsed(collapsed);
    assert.equal(all.length, 12);
    assert.ok(all.every((d) => d.rest === undefined));
    assert.deepEqual(all.slice(7).map((d) => [d.range.start, d.message]), [[22, 'stream error 6'], [24, 'stream error 7'], [26, 'stream error 8'], [28, 'stream error 9'], [30, 'stream error 10']]);
    for (const limit of [2, 4, 6, 7, 11, 12, 20]) assert.deepEqual(capDiagnostics(collapsed, 'file:///w/a.yaml', limit), capDiagnostics(all, 'file:///w/a.yaml', limit), `limit ${limit}`);
  });
});
