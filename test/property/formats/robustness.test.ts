import assert from 'node:assert/strict';
import { describe } from 'node:test';
import fc from 'fast-check';
import { readDocument } from '../../../core/formats/index';
import { example, testsOnExamples } from '../../unit/formats/support';

const onExamples = testsOnExamples('truncations of DataHub’s example files');

describe('malformed input', () => {
  onExamples.it('never throws on truncations of the examples or on random text', () => {
    const texts = ['file_lineage.yml', 'dataset.yaml', 'structured_properties.yaml', 'test_domains.json'].map((n) => example(n));
    for (const { uri, text } of texts) {
      for (let cut = 0; cut <= text.length; cut += 7) {
        const model = readDocument(uri, text.slice(0, cut));
        for (const fact of model.facts) assert.ok(fact.kind);
      }
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.constantFrom('a.yml', 'a.json', 'a.jsonc', 'a'), fc.constantFrom(undefined, 'lineageFile', 'mcpJson', 'datasetYaml', 'propertyDefinitions', 'lineageEdges'), (text, name, forced) => {
        const model = readDocument(`file:///r/${name}`, text, forced ? { associations: { '*': forced } } : {});
        assert.ok(Array.isArray(model.facts));
        assert.ok(!model.parseProblems.some((p) => p.message.startsWith('Catalog Code could not read')));
      }),
      { numRuns: 300 },
    );
  });
});
