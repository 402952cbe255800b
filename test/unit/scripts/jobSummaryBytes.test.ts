import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FileDiagnostic } from '../../../cli/report';
import { jobSummary } from '../../../scripts/review/reviewMarkdown';

test("the job summary stays under GitHub's 1 MiB per step in bytes, also when every message is CJK text (three bytes a character)", () => {
  const problems: FileDiagnostic[] = Array.from({ length: 2_500 }, (_, i) => ({
    file: `datasets/${i}.yaml`,
    code: 'property.notAllowedValue',
    severity: 'error',
    message: `'${'数据'.repeat(150)}' is not an allowed value of io.acme.tier.`,
    range: { start: { line: 1, character: 2 }, end: { line: 1, character: 9 } },
  }));
  const summary = jobSummary(problems, 'https://docs.example/diagnostics');
  assert.ok(Buffer.byteLength(summary) <= 1_048_576, `${Buffer.byteLength(summary)} bytes`);
  assert.match(summary, /\d+ more problem\(s\) not listed here \(the job summary's size limit\)/);
});
