/**
 * DataHub's URN verdicts (test/fixtures/urn-vectors/gms-verdicts.json, each with the DataHub source
 * that decides it): Catalog Code's grammar refuses exactly what GMS refuses, except the deliberate
 * differences listed in the fixture with their reason.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseUrn } from '../../../core/urn';

interface Vector {
  urn: string;
  gms: 'valid' | 'invalid';
  source: string;
  why: string;
  /** our verdict where it deliberately differs from GMS */
  ours?: 'accepted' | 'error';
  difference?: string;
  /** advice (warning codes) we give on a URN GMS accepts */
  warns?: string[];
  /** a URN GMS accepts that should draw no advice either */
  quiet?: boolean;
  expand?: { token: string; unit: string; times: number };
}

const fixture = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'urn-vectors', 'gms-verdicts.json'), 'utf8')) as { vectors: Vector[] };

function text(vector: Vector): string {
  const { expand } = vector;
  return expand ? vector.urn.replace(expand.token, expand.unit.repeat(expand.times)) : vector.urn;
}

function label(vector: Vector): string {
  const urn = text(vector);
  return JSON.stringify(urn.length > 90 ? `${urn.slice(0, 60)}…(${urn.length} chars)` : urn);
}

describe("URN vectors: our verdict is GMS's", () => {
  it('the table has at least 80 vectors, each with its DataHub source and a reason', () => {
    assert.ok(fixture.vectors.length >= 80, `${fixture.vectors.length} vectors`);
    for (const vector of fixture.vectors) {
      assert.ok(vector.source.includes('datahub'), `source of ${vector.urn}`);
      assert.ok(vector.why.length > 3, `why of ${vector.urn}`);
      if (vector.ours !== undefined) assert.ok((vector.difference ?? '').length > 40, `a deliberate difference explains itself: ${vector.urn}`);
    }
  });

  for (const vector of fixture.vectors) {
    const expected = vector.ours ?? (vector.gms === 'valid' ? 'accepted' : 'error');
    it(`${label(vector)} → ${expected}${vector.ours ? ' (deliberate difference)' : ''}`, () => {
      const result = parseUrn(text(vector));
      const verdict = result.ok ? 'accepted' : 'error';
      assert.equal(verdict, expected, `${vector.why}. ${result.ok ? '' : result.error.message}`);
      if (vector.quiet) assert.deepEqual(result.warnings ?? [], [], 'no advice on this URN');
      for (const code of vector.warns ?? []) {
        assert.ok(
          (result.warnings ?? []).some((w) => w.code === code && w.severity === 'warning'),
          `expected the advice ${code}; got ${JSON.stringify(result.warnings ?? [])}`,
        );
      }
    });
  }
});
