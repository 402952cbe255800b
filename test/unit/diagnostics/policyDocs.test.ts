import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { DIAGNOSTIC_POLICY, type Authority } from '../../../core/diagnostics/policy';

/** docs/diagnostics.md's table says, for every code, the authority core/diagnostics/policy.ts gives it. */
const LABELS: Record<Authority, string> = {
  datahub: 'DataHub rejects it',
  localCatalog: 'the local catalog rejects it',
  advice: 'advice',
};

function documentedRows(): Map<string, { authority: string; severity: string }> {
  const text = readFileSync(resolve(process.cwd(), 'docs', 'diagnostics.md'), 'utf8');
  const rows = new Map<string, { authority: string; severity: string }>();
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // A row starts with the code's anchor (SARIF rules link to it), then the code.
    const code = /^(?:<a id="[a-zA-Z.]+"><\/a>)?`([a-zA-Z]+\.[a-zA-Z]+)`$/.exec(cells[1] ?? '')?.[1];
    if (code && cells.length >= 6) rows.set(code, { authority: cells[2], severity: cells[3] });
  }
  return rows;
}

describe('docs/diagnostics.md and the severity policy', () => {
  const rows = documentedRows();

  it('lists every code once with the authority of core/diagnostics/policy.ts', () => {
    assert.deepEqual([...rows.keys()].sort(), Object.keys(DIAGNOSTIC_POLICY).sort());
    for (const [code, policy] of Object.entries(DIAGNOSTIC_POLICY)) assert.equal(rows.get(code)?.authority, LABELS[policy.authority], code);
  });

  it('documents a severity that follows the authority: advice is never an error, the local catalog\'s rules are errors only there', () => {
    for (const [code, row] of rows) {
      const authority = DIAGNOSTIC_POLICY[code].authority;
      if (authority === 'advice') assert.doesNotMatch(row.severity, /error/, code);
      if (authority === 'localCatalog') assert.match(row.severity, /error connected to the local catalog; warning otherwise/, code);
      if (authority === 'datahub') assert.match(row.severity, /^error/, code);
    }
  });
});
