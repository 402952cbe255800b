import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { policyOf } from '../../../core/diagnostics/policy';
import { definitionsFromModel } from '../../../core/definitions/fromFacts';
import type { DefinitionsView } from '../../../core/definitions/types';
import { readDocument } from '../../../core/formats';
import { SERVICE_TARGETS } from '../../../core/rules/target';
import { validateDocument } from '../../../core/validate';
import { corpusCases, corpusFiles, corpusText, corpusUri } from './datahubCorpus';

/**
 * DataHub's verdicts, reproduced in files of our own (test/fixtures/datahub-corpus, manifest.json
 * names the DataHub source deciding each): no error on any shape DataHub accepts, for any target;
 * the right error on each it rejects.
 */
const cases = corpusCases();

function judge(file: string, target: (typeof SERVICE_TARGETS)[number]) {
  const text = corpusText(file);
  const model = readDocument(corpusUri(file), text);
  // A file is judged with the definitions it writes itself, as `validate` does for a lone file.
  const workspace = new Map(definitionsFromModel(model).map((d) => [d.urn, d]));
  const definitions: DefinitionsView = { service: new Map(), workspace, serviceAvailable: false };
  return { model, diagnostics: validateDocument({ model, text, definitions, target }) };
}

describe('DataHub corpus', () => {
  it('has at least 120 cases, each file listed once with its verdict and the source that decides it', () => {
    assert.ok(cases.length >= 120, `${cases.length} cases`);
    assert.deepEqual(cases.map((c) => c.file).sort(), corpusFiles());
    for (const c of cases) {
      assert.equal(c.file.split('/')[0], c.verdict, `${c.file} sits in the folder of its verdict`);
      assert.ok(c.decidedBy.length > 10 && c.shape.length > 3, `${c.file} says what it shows and what decides it`);
      assert.equal(c.verdict === 'rejected', typeof c.code === 'string', `${c.file}: a rejected case names its code`);
    }
  });

  // Issue #25's wider corpus: excerpts of ingestion goldens (src-) and files of DataHub users'
  // public repositories (user-), each naming the repository it comes from (owner/name).
  it('names the public repository of every golden excerpt and user file', () => {
    const sourced = cases.filter((c) => /^(src|user)-/.test(c.file.split('/')[1]));
    assert.ok(sourced.length >= 40, `${sourced.length} files from goldens and users' repositories`);
    for (const c of sourced) assert.match(c.decidedBy, /\b[\w.-]+\/[\w.-]+\b/, `${c.file} names the repository it comes from`);
  });

  for (const c of cases.filter((x) => x.verdict === 'accepted')) {
    it(`accepted by DataHub, no error here: ${c.file} (${c.shape})`, () => {
      for (const target of SERVICE_TARGETS) {
        const { model, diagnostics } = judge(c.file, target);
        if (c.unchecked) {
          // Recognised and named, never skipped silently and never judged (issue #25 item 13).
          assert.equal(model.unchecked?.id, c.unchecked);
          assert.deepEqual(diagnostics.map((d) => `${d.severity} ${d.code}`), ['information format.notChecked']);
          continue;
        }
        assert.notEqual(model.format, null, 'read as one of our formats');
        // Connected to the local catalog, only its own rules (policy authority localCatalog) may refuse more.
        const errors = diagnostics.filter((d) => d.severity === 'error' && !(target === 'localCatalog' && policyOf(d.code)?.authority === 'localCatalog'));
        assert.deepEqual(errors.map((d) => `${d.code}: ${d.message}`), [], `target ${target}`);
      }
    });
  }

  for (const c of cases.filter((x) => x.verdict === 'rejected')) {
    it(`rejected by DataHub with ${c.code}: ${c.file} (${c.shape})`, () => {
      for (const target of SERVICE_TARGETS) {
        const { diagnostics } = judge(c.file, target);
        const errors = diagnostics.filter((d) => d.severity === 'error');
        assert.ok(errors.some((d) => d.code === c.code), `target ${target}: expected ${c.code}, got ${JSON.stringify(errors.map((d) => d.code))}`);
      }
    });
  }
});
