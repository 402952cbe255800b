import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DIAGNOSTIC_POLICY, LIMIT_CODES, NOT_CHECKED_CODE, severityCeiling } from '../../../core/diagnostics/policy';
import { applySeverityOverrides, overrideFor, parseSeverityArgument, parseSeverityOverrides } from '../../../core/diagnostics/severityOverrides';
import { readDocument } from '../../../core/formats';
import type { CoreDiagnostic } from '../../../core/model/diagnostic';
import { ALL_RULES } from '../../../core/rules';
import type { Rule } from '../../../core/rules/types';
import { validateDocument } from '../../../core/validate';

const LINEAGE_EDGES = 'file:///repo/edges.yaml';
const EDGES = 'edgesToAdd:\n  - downstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)\n    upstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)\nedgesToRemove: []\n';

/** A rule that reports `code` as an error on the first character, to see what validateDocument makes of it. */
const reporting = (code: string): Rule => ({
  codes: [code],
  run: () => [{ range: { start: 0, end: 1 }, severity: 'error', code, message: `${code} as an error` }],
});

function judged(code: string, target?: 'localCatalog' | 'datahub' | 'offline'): CoreDiagnostic[] {
  return validateDocument({ model: readDocument(LINEAGE_EDGES, EDGES), text: EDGES, rules: [reporting(code)], ...(target ? { target } : {}) });
}

describe('severity policy: every code has an authority, and severity follows it', () => {
  it('names the authority of every code a rule can report, and of no code none reports', () => {
    const reported = new Set(['internal.ruleFailed', NOT_CHECKED_CODE, ...LIMIT_CODES, ...ALL_RULES.flatMap((rule) => [...rule.codes])]);
    assert.deepEqual([...reported].filter((code) => !(code in DIAGNOSTIC_POLICY)), [], 'codes without an authority in core/diagnostics/policy.ts');
    assert.deepEqual(Object.keys(DIAGNOSTIC_POLICY).filter((code) => !reported.has(code)), [], 'authorities of codes no rule reports');
    for (const [code, policy] of Object.entries(DIAGNOSTIC_POLICY)) assert.ok(policy.decidedBy.length > 10, `${code} names what decides it`);
  });

  it('never lets advice be an error', () => {
    assert.equal(judged('lineage.selfLoop')[0].severity, 'warning');
    assert.equal(severityCeiling('urn.platform', true), 'warning');
  });

  it('makes a local-catalog rule an error only when the target is the local catalog', () => {
    assert.equal(judged('lineage.columnOutsideEdge', 'localCatalog')[0].severity, 'error');
    assert.equal(judged('lineage.columnOutsideEdge', 'datahub')[0].severity, 'warning');
    assert.equal(judged('lineage.columnOutsideEdge')[0].severity, 'warning');
  });

  it('keeps what DataHub refuses an error everywhere', () => {
    for (const target of ['localCatalog', 'datahub', 'offline'] as const) assert.equal(judged('urn.arity', target)[0].severity, 'error');
  });
});

describe('severity overrides (catalogCode.diagnostics.severity, --severity)', () => {
  it('reads a map, reporting entries it cannot use instead of throwing', () => {
    const parsed = parseSeverityOverrides({ 'lineage.selfLoop': 'error', 'urn.*': 'off', 'bad code': 'error', 'lineage.duplicateEdge': 'loud' }, 'the setting');
    assert.deepEqual(parsed.overrides, { 'lineage.selfLoop': 'error', 'urn.*': 'off' });
    assert.equal(parsed.problems.length, 2);
    assert.match(parsed.problems[1], /must be one of error, warning, information, hint, off/);
    assert.deepEqual(parseSeverityOverrides(['x'], 'the setting').overrides, {});
  });

  it('reads code=level from the command line', () => {
    assert.deepEqual(parseSeverityArgument('lineage.selfLoop=error'), { ok: true, value: { code: 'lineage.selfLoop', level: 'error' } });
    const missing = parseSeverityArgument('lineage.selfLoop');
    assert.ok(!missing.ok);
    assert.match(missing.problem, /has no '='/);
  });

  it('lets the exact code win over its family, drops `off`, and changes nothing else', () => {
    const overrides = { 'lineage.*': 'information', 'lineage.selfLoop': 'error', 'urn.platform': 'off' } as const;
    assert.equal(overrideFor(overrides, 'lineage.selfLoop'), 'error');
    assert.equal(overrideFor(overrides, 'lineage.duplicateEdge'), 'information');
    assert.equal(overrideFor(overrides, 'property.unknown'), undefined);
    const diagnostics: CoreDiagnostic[] = [
      { range: { start: 0, end: 1 }, severity: 'warning', code: 'lineage.selfLoop', message: '' },
      { range: { start: 0, end: 1 }, severity: 'warning', code: 'urn.platform', message: '' },
      { range: { start: 0, end: 1 }, severity: 'error', code: 'urn.arity', message: '' },
    ];
    assert.deepEqual(applySeverityOverrides(diagnostics, overrides).map((d) => [d.code, d.severity]), [['lineage.selfLoop', 'error'], ['urn.arity', 'error']]);
  });

  it('is applied by validateDocument after the authority: a user may make advice an error', () => {
    const text = EDGES;
    const found = validateDocument({ model: readDocument(LINEAGE_EDGES, text), text, rules: [reporting('lineage.selfLoop')], severity: { 'lineage.selfLoop': 'error' } });
    assert.equal(found[0].severity, 'error');
  });
});
