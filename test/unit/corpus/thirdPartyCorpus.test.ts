import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { policyOf } from '../../../core/diagnostics/policy';
import { definitionsFromModel } from '../../../core/definitions/fromFacts';
import type { DefinitionsView } from '../../../core/definitions/types';
import { readDocument } from '../../../core/formats';
import { SERVICE_TARGETS } from '../../../core/rules/target';
import { validateDocument } from '../../../core/validate';
import { thirdPartyFiles, thirdPartyManifest, thirdPartyText, thirdPartyUri, type ThirdPartyCase } from './thirdPartyCorpus';

/**
 * Files of DataHub users' public repositories (test/fixtures/third-party-corpus, verbatim), each with
 * DataHub's verdict from its source for the version the file was written for: no error on any file
 * DataHub accepts, for any target; the expected error on each it refuses. A file where Catalog Code
 * disagrees is listed in manifest.json `knownDisagreements` (reported, never tuned away) and this
 * test checks the disagreement still holds, so a fix shows up as a failure asking to unlist it.
 */
const { cases, knownDisagreements } = thirdPartyManifest();
const disagreeing = new Set(knownDisagreements.map((d) => d.file));

function judge(file: string, target: (typeof SERVICE_TARGETS)[number]) {
  const text = thirdPartyText(file);
  const model = readDocument(thirdPartyUri(file), text);
  // A file is judged with the definitions it writes itself, as `validate` does for a lone file.
  const workspace = new Map(definitionsFromModel(model).map((d) => [d.urn, d]));
  const definitions: DefinitionsView = { service: new Map(), workspace, serviceAvailable: false };
  return { model, diagnostics: validateDocument({ model, text, definitions, target }) };
}

/** Errors Catalog Code reports on an accepted file (connected to the local catalog, its own rules may refuse more). */
function errorsOnAccepted(c: ThirdPartyCase, target: (typeof SERVICE_TARGETS)[number]): string[] {
  const { model, diagnostics } = judge(c.file, target);
  if (c.unchecked) {
    // Recognised and named, never skipped silently and never judged.
    return model.unchecked?.id === c.unchecked && diagnostics.every((d) => d.code === 'format.notChecked') ? [] : [`unchecked ${model.unchecked?.id ?? 'none'}: ${diagnostics.map((d) => d.code).join(', ')}`];
  }
  if (model.format === null) return ['not read as one of our formats'];
  return diagnostics
    .filter((d) => d.severity === 'error' && !(target === 'localCatalog' && policyOf(d.code)?.authority === 'localCatalog'))
    .map((d) => `${d.code}: ${d.message}`);
}

function refusedWithCode(c: ThirdPartyCase, target: (typeof SERVICE_TARGETS)[number]): string[] {
  return judge(c.file, target).diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
}

describe('third-party corpus', () => {
  it('lists every file once, from at least 4 users\' repositories, each with its licence, commit, verdict and deciding source', () => {
    assert.ok(cases.length >= 10, `${cases.length} files`);
    assert.deepEqual(cases.map((c) => c.file).sort(), thirdPartyFiles());
    const repositories = new Set(cases.map((c) => c.repository));
    assert.ok(repositories.size >= 4, `${repositories.size} repositories`);
    for (const c of cases) {
      assert.match(c.repository, /^[\w.-]+\/[\w.-]+$/, `${c.file}: owner/name`);
      assert.doesNotMatch(c.repository, /^(datahub-project|acryldata)\/|\/datahub$/i, `${c.file}: not DataHub's own repository or a fork of it`);
      assert.equal(c.file, `files/${c.repository.replace('/', '__')}/${c.commit.slice(0, 7)}/${c.path}`, `${c.file} sits under its repository, commit and path`);
      assert.match(c.commit, /^[0-9a-f]{40}$/, `${c.file}: full commit`);
      assert.match(c.license, /^(Apache-2\.0|MIT|BSD-[23]-Clause|MPL-2\.0)\b/, `${c.file}: a licence that allows keeping it verbatim`);
      assert.ok(c.decidedBy.length > 10 && c.why.length > 10 && c.format.length > 3 && c.dataHubVersion.length > 0, `${c.file} says what it shows and what decides it`);
      assert.equal(c.verdict === 'refused', typeof c.code === 'string', `${c.file}: a refused file names its code`);
    }
  });

  it('lists each known disagreement once, for a listed file, with the reason', () => {
    assert.equal(disagreeing.size, knownDisagreements.length);
    for (const d of knownDisagreements) {
      assert.ok(cases.some((c) => c.file === d.file), `${d.file} is a listed file`);
      assert.ok(d.reason.length > 20 && d.catalogCode.length > 0, `${d.file} says what Catalog Code reports and why DataHub differs`);
    }
  });

  for (const c of cases.filter((x) => !disagreeing.has(x.file))) {
    if (c.verdict === 'accepted') {
      it(`accepted by DataHub, no error here: ${c.repository} ${c.path} @${c.commit.slice(0, 7)}`, () => {
        for (const target of SERVICE_TARGETS) assert.deepEqual(errorsOnAccepted(c, target), [], `target ${target}`);
      });
    } else {
      it(`refused by DataHub with ${c.code}: ${c.repository} ${c.path} @${c.commit.slice(0, 7)}`, () => {
        for (const target of SERVICE_TARGETS) {
          const codes = refusedWithCode(c, target);
          assert.ok(codes.includes(c.code ?? ''), `target ${target}: expected ${c.code}, got ${JSON.stringify(codes)}`);
        }
      });
    }
  }

  for (const d of knownDisagreements) {
    const c = cases.find((x) => x.file === d.file);
    it(`known disagreement still holds (unlist it once fixed): ${d.file}`, () => {
      assert.ok(c);
      const agrees = SERVICE_TARGETS.every((target) => (c.verdict === 'accepted' ? errorsOnAccepted(c, target).length === 0 : refusedWithCode(c, target).includes(c.code ?? '')));
      assert.equal(agrees, false, `Catalog Code now agrees with DataHub on ${d.file}: remove it from knownDisagreements`);
    });
  }
});
