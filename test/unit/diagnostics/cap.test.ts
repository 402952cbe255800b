import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { capDiagnostics, MAX_DIAGNOSTICS_PER_DOCUMENT } from '../../../core/diagnostics/cap';
import type { CoreDiagnostic, Severity } from '../../../core/model/diagnostic';

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
});
