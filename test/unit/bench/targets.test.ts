import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { targetsTable } from '../../../support/bench/report';
import { ISSUE_27, reportTarget, stampLoad, unreportedIssueTargets } from '../../../support/bench/targets';

describe('bench targets (support/bench/targets.ts)', () => {
  it('prints a met target with its figure, peer and load', () => {
    const check = reportTarget({ ...ISSUE_27.batchTime, measured: 1.2, peer: 'jsonc-parser parseTree 96 ms', load: 3.25 });
    assert.equal(check.met, true);
    assert.equal(check.key, 'batch.time');
    assert.deepEqual(check.figures, { value: 1.2, bound: 1.5, unit: '×' });
    const table = targetsTable([check]);
    assert.match(table, /\| validate of a 90k-line golden MCP JSON .*: ≤ 1\.50× \| 1\.20× \| jsonc-parser parseTree 96 ms \| 3\.3 \| met \|/);
  });

  it('prints MISS with the figure and how far off, and never throws', () => {
    const check = reportTarget({ ...ISSUE_27.batchMemory, measured: 80.64, detail: '76.9 MiB', next: 'heap profile', load: 12 });
    assert.equal(check.met, false);
    const row = targetsTable([check]).split('\n')[2];
    assert.match(row, /\| 80\.6 MB \(76\.9 MiB\) \|/);
    assert.match(row, /\*\*MISS\*\* \(80\.6 MB: 16\.6 MB over\)/);
    assert.match(row, /heap profile \|$/);
  });

  it('reads a lower bound as at least', () => {
    assert.equal(reportTarget({ name: 'faster than the peer', target: 3, unit: '×', bound: 'atLeast', measured: 2.5 }).met, false);
    assert.equal(reportTarget({ name: 'faster than the peer', target: 3, unit: '×', bound: 'atLeast', measured: 3.5 }).met, true);
  });

  it('says "not measured" with the reason when there is no figure', () => {
    const check = reportTarget({ ...ISSUE_27.openFirst, measured: undefined, detail: 'quick run', load: 1 });
    assert.equal(check.met, 'not measured');
    assert.match(targetsTable([check]), /\| quick run \| {2}\| 1\.0 \| not measured \|/);
  });

  it('stamps the load on targets built the old way, and lists the issue targets nobody reported', () => {
    const result = stampLoad({ rows: [], notes: [], targets: [{ target: 'old style', measured: '5 ms', met: true }] });
    assert.equal(typeof result.targets[0].load, 'number');
    const left = unreportedIssueTargets([reportTarget({ ...ISSUE_27.batchTime, measured: 1 })]);
    assert.equal(left.length, Object.keys(ISSUE_27).length - 1);
    assert.ok(!left.some((line) => line.startsWith(ISSUE_27.batchTime.name)));
  });
});
