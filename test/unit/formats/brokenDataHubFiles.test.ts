import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument, type ReadOptions } from '../../../core/formats';
import { validateDocument } from '../../../core/validate';

/**
 * Issue #40: a DataHub file that does not parse is not someone else's file. Named by its file name
 * or folder (glossary, business_glossary, data_contract, forms, properties), by the keys of its
 * readable part, or by the associations setting, it gets parse.syntax; tabs are named as tabs.
 */
function judge(uri: string, text: string, options: ReadOptions = {}) {
  const model = readDocument(uri, text, options);
  return validateDocument({ model, text }).map((d) => `${d.severity} ${d.code}: ${d.message}`);
}

const tabbed = 'version: 1\nsource: DataHub\nnodes:\n  - name: Classification\n\tterms:\n      - name: PII\n';
const deeper = 'version: 1\nnodes:\n  - name: A\n      terms:\n        - name: x\n';

describe('DataHub files that do not parse', () => {
  it('a glossary by its keys, its name or its folder; a tab named as a tab', () => {
    const found = judge('file:///repo/metadata/terms.yml', tabbed);
    assert.equal(found.length, 1);
    assert.match(found[0], /^error parse\.syntax: A tab is used for indentation here; YAML allows only spaces \(DataHub's loader stops: "found character '\\t' that cannot start any token"\).*DataHub business glossary by its keys/);
    for (const uri of ['file:///repo/business_glossary.yml', 'file:///repo/glossary/finance.yaml']) {
      const named = judge(uri, deeper);
      assert.ok(named.length > 0 && named.every((d) => /^error parse\.syntax: .*DataHub business glossary by its name or folder/.test(d)), named.join('\n'));
      assert.match(named[0], /DataHub's loader: "mapping values are not allowed here"/);
    }
  });

  it('a data contract, forms and a properties YAML by name; a file forced by the associations setting', () => {
    assert.match(judge('file:///repo/data_contract.yaml', deeper)[0], /DataHub data contract/);
    assert.match(judge('file:///repo/forms/governance.yaml', deeper)[0], /DataHub forms YAML/);
    assert.match(judge('file:///repo/structured_properties.yaml', '- id: x\n\ttype: string\n')[0], /^error parse\.syntax: A tab is used for indentation/);
    assert.ok(judge('file:///repo/meta/x.yml', deeper, { associations: { 'meta/*.yml': 'lineageFile' } }).some((d) => d.startsWith('error parse.syntax')));
  });

  it("someone else's broken YAML stays silent", () => {
    assert.deepEqual(judge('file:///repo/.github/workflows/ci.yml', deeper), []);
    assert.deepEqual(judge('file:///repo/notes.yaml', 'a:\n\tb: 1\n'), []);
  });
});
