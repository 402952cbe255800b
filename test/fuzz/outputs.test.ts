import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { formatGithub, formatSarif, formatText, type FileDiagnostic } from '../../cli/report';
import type { PlanImpact } from '../../core/plan/impactTypes';
import { logLines, logValue } from '../../core/output/logText';
import { formatPlanReport } from '../../core/plan/planReport';
import type { PushItem, PushPlan } from '../../core/plan/pushPlanTypes';
import { checkPlanMarkdown } from '../support/markdownCheck';
import { FUZZ_RUNS } from './harness';

/**
 * Values and file names from data — controls, line and paragraph separators, bidi overrides,
 * backticks, HTML, `::`, `##[`, `<!--`, `|` — through every output of validate and plan, as the
 * CLI writes them (core/output/logText.ts's edge for the streams): (a) no line the runner reads
 * starts a workflow command, except the github format's own, whose data and properties parse back
 * by GitHub's rules; (b) the plan comment renders every value as text or code and shows (or counts
 * as left out) every planned change; (c) SARIF is JSON whose strings round-trip. A fixed seed by
 * default (CATALOG_FUZZ_SEED replays another, CATALOG_FUZZ_RUNS runs more: `npm run fuzz -- outputs`).
 */

const SEED = Number(process.env.CATALOG_FUZZ_SEED ?? 21_0607);
const RUNS = FUZZ_RUNS ?? 300;

const FRAGMENTS = ['::', '::error::x', '::add-mask::s', '##[', '##[error]e', '`', '``', '```', '<!--', '-->', '<img src=x>', '</details>', '**', '_', '|', '\n', '\r', '\r\n', '\n\n', '\u2028', '\u2029', '\u202e', '\u2066', '\u0085', '\u001b[2K', '\u0000', '\t', ' ', '&amp;', '&', '%', '%0A', ',', ':', '\\', '#', '- ', '> ', '[x](http://e)', 'a', 'urn:li:dataset:(x)'];
const value = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 4 }), fc.string({ unit: 'binary', maxLength: 3 })), { maxLength: 10 })
  .map((parts) => parts.join(''));

const diagnostic: fc.Arbitrary<FileDiagnostic> = fc.record({
  file: value,
  range: fc.record({ start: fc.record({ line: fc.nat(50), character: fc.nat(50) }), end: fc.record({ line: fc.nat(50), character: fc.nat(50) }) }),
  severity: fc.constantFrom('error' as const, 'warning' as const, 'information' as const, 'hint' as const),
  code: fc.constantFrom('urn.syntax', 'format.unknownKey', 'property.notAllowedValue'),
  message: value,
});

const item: fc.Arbitrary<PushItem> = fc.record({
  id: value,
  phase: fc.constant('entities' as const),
  entityUrn: value,
  title: value,
  changes: fc.array(fc.record({ action: fc.constantFrom('add' as const, 'remove' as const, 'change' as const), text: value }), { maxLength: 4 }),
  notes: fc.array(value, { maxLength: 2 }),
  operation: fc.constant({ kind: 'status' as const, entityType: 'dataset', urn: 'urn:li:dataset:x', removed: true }),
  sources: fc.array(value.map((v) => `file://${encodeURIComponent(v)}`), { maxLength: 2 }),
});
const plan: fc.Arbitrary<PushPlan> = fc.record({ items: fc.array(item, { maxLength: 6 }), unchanged: fc.constant([]), warnings: fc.array(value, { maxLength: 2 }) });
const impact: fc.Arbitrary<PlanImpact> = fc.oneof(
  fc.record({ kind: fc.constant('edgeRemoved' as const), downstream: value, upstream: value, affected: fc.array(fc.record({ urn: value, degree: fc.nat(3) }), { maxLength: 3 }), truncated: fc.boolean() }),
  fc.record({ kind: fc.constant('propertyChange' as const), propertyUrn: value, changes: fc.array(value, { maxLength: 2 }), usedBy: fc.nat(9), invalid: fc.array(fc.record({ urn: value, reason: value }), { maxLength: 3 }), truncated: fc.boolean() }),
);

/** The lines GitHub's runner reads (it splits at \n and \r): none may start a command or hold `##[`. */
function assertNoCommands(output: string): void {
  for (const line of output.split(/\r\n|\r|\n/)) {
    assert.doesNotMatch(line, /^\s*::/, JSON.stringify(line));
    assert.ok(!line.includes('##['), JSON.stringify(line));
  }
}

/** GitHub's own unescaping of a command's data and properties (actions/runner ActionCommand.cs). */
const unescapeData = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const unescapeProperty = (s: string) => unescapeData(s.replace(/%3A/g, ':').replace(/%2C/g, ','));

test('fuzz: validate text, github and SARIF built from hostile values', (t) => {
  t.diagnostic(`seed ${SEED}, ${RUNS} runs`);
  fc.assert(
    fc.property(fc.array(diagnostic, { maxLength: 5 }), (diagnostics) => {
      assertNoCommands(logLines(formatText(diagnostics, 3)));
      const github = formatGithub(diagnostics).annotations;
      const lines = github === '' ? [] : github.split('\n');
      assert.equal(lines.length, diagnostics.length);
      lines.forEach((line, i) => {
        const match = /^::(error|warning|notice) file=([^,\r]*),line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=([^,:\r]*)::([^\r\n]*)$/.exec(line);
        assert.ok(match, JSON.stringify(line));
        assert.equal(unescapeProperty(match[2]), logValue(diagnostics[i].file));
        assert.equal(unescapeData(match[4]), logValue(diagnostics[i].message));
      });
      const sarifText = logLines(formatSarif(diagnostics, 'test'));
      assertNoCommands(sarifText);
      const sarif = JSON.parse(sarifText) as { runs: { results: { message: { text: string }; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
      assert.deepEqual(
        sarif.runs[0].results.map((r) => [r.message.text, r.locations[0].physicalLocation.artifactLocation.uri]),
        diagnostics.map((d) => [d.message, d.file.replace(/\\/g, '/')]),
      );
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

test('fuzz: plan markdown, text and JSON built from hostile values', (t) => {
  t.diagnostic(`seed ${SEED}, ${RUNS} runs`);
  fc.assert(
    fc.property(plan, fc.array(impact, { maxLength: 2 }), fc.option(value, { nil: undefined }), (planned, impacts, impactError) => {
      const input = { plan: planned, serviceUrl: 'http://127.0.0.1:8080', impacts, ...(impactError === undefined ? {} : { impactError }) };
      const markdown = logLines(formatPlanReport(input, 'markdown'));
      const rendered = checkPlanMarkdown(markdown);
      assert.equal(rendered.changes + rendered.omitted, planned.items.reduce((sum, i) => sum + i.changes.length, 0), markdown);
      // Removals are listed first as well, never more than there are.
      assert.ok(rendered.removalsListed <= planned.items.reduce((sum, i) => sum + i.changes.filter((c) => c.action === 'remove').length, 0), markdown);
      assertNoCommands(logLines(formatPlanReport(input, 'text')));
      const json = logLines(formatPlanReport(input, 'json'));
      assertNoCommands(json);
      assert.deepEqual((JSON.parse(json) as { items: { entity: string }[] }).items.map((i) => i.entity), planned.items.map((i) => i.entityUrn));
    }),
    { seed: SEED, numRuns: RUNS },
  );
});
