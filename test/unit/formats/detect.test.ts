import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectFormat, readDocument } from '../../../core/formats/index';
import { pathOfUri } from '../../../core/formats/associations';
import { example, facts, fixture, testsOnExamples } from './support';

const onExamples = testsOnExamples('format detection of DataHub’s example files');

describe('format detection', () => {
  onExamples.it('recognises each DataHub example by content and leaves the non-formats alone', () => {
    const expected: Record<string, string | null> = {
      'structured_properties.yaml': 'propertyDefinitions',
      'struct_props.yaml': 'propertyDefinitions',
      'dataset.yaml': 'datasetYaml',
      'datasets.yaml': 'datasetYaml',
      'dataset.yml': 'datasetYaml',
      'file_lineage.yml': 'lineageFile',
      'test_domains.json': 'mcpJson',
      'single_mce.json': 'mcpJson',
      'datahub-lineage-file_recipe.yml': null,
      'click_event.avsc': null,
    };
    for (const [name, format] of Object.entries(expected)) {
      const { uri, text } = example(name);
      assert.equal(detectFormat(uri, text), format, name);
    }
  });

  it('gives foreign YAML and JSON no format and no facts, not even parse problems', () => {
    for (const name of ['foreign-k8s.yaml', 'foreign-package.json', 'foreign-workflow.yml', 'foreign-compose.yml', 'foreign-openapi.yaml', 'foreign-tsconfig.json', 'foreign-list.yaml']) {
      const { uri, text } = fixture(name);
      const model = readDocument(uri, text);
      assert.equal(model.format, null, name);
      assert.equal(model.detectedBy, 'none', name);
      assert.deepEqual(model.facts, [], name);
      assert.deepEqual(model.parseProblems, [], name);
    }
  });

  it('gives empty, blank, comment-only and scalar files no format', () => {
    for (const [uri, text] of [
      ['file:///a.yaml', ''],
      ['file:///a.yaml', '\n\n   \n'],
      ['file:///a.yaml', '# just a comment\n'],
      ['file:///a.json', ''],
      ['file:///a.json', '42'],
      ['file:///a.yaml', '---\n---\n'],
      ['file:///a.yaml', '- 1\n- 2\n'],
      ['file:///a.yaml', '{lineage: [1, 2]}'],
    ]) {
      assert.equal(readDocument(uri, text).format, null, JSON.stringify(text));
    }
  });

  it('detects a lineage file that is still being written (version and an empty lineage)', () => {
    assert.equal(detectFormat('file:///l.yml', 'version: 1\nlineage:\n'), 'lineageFile');
  });

  it('reads files of other extensions by content (JSON first, then YAML)', () => {
    assert.equal(detectFormat('untitled:Untitled-1', '{"edgesToAdd": []}'), 'lineageEdges');
    assert.equal(detectFormat('file:///x/lineage.txt', 'version: 1\nlineage:\n  - entity: {name: a, type: dataset, platform: hive}\n'), 'lineageFile');
  });
});

describe('catalogCode.formats.associations', () => {
  const text = 'a: 1\n';

  it('forces a format by glob, matched against the path or any trailing part of it', () => {
    const associations = { 'lineage/**/*.yml': 'lineageFile', '*.edges.json': 'lineageEdges' } as const;
    const model = readDocument('file:///home/me/repo/lineage/team/a.yml', text, { associations });
    assert.equal(model.format, 'lineageFile');
    assert.equal(model.detectedBy, 'association');
    assert.equal(detectFormat('file:///home/me/repo/x/orders.edges.json', '{}', { associations }), 'lineageEdges');
    assert.equal(detectFormat('file:///home/me/repo/other/a.yml', text, { associations }), null);
  });

  it('forces a format onto content that would not be detected, and reads what it can', () => {
    const model = readDocument('file:///r/p.yaml', '- id: io.acme.x\n', { associations: { '**/p.yaml': 'propertyDefinitions' } });
    assert.equal(model.format, 'propertyDefinitions');
    assert.equal(facts(model, 'propertyDefinition')[0].urn.value, 'urn:li:structuredProperty:io.acme.x');
    assert.deepEqual(facts(model, 'missingKey').map((m) => m.key), ['type']);
  });

  onExamples.it("'none' switches detection off for matching files", () => {
    const { uri, text: lineage } = example('file_lineage.yml');
    const model = readDocument(uri, lineage, { associations: { '**/datahub-examples/**': 'none' } });
    assert.equal(model.format, null);
    assert.equal(model.detectedBy, 'association');
    assert.deepEqual(model.facts, []);
  });

  it('prefers the most specific (longest) matching glob', () => {
    const associations = { '**/*.yml': 'none', '**/lineage/*.yml': 'lineageFile' } as const;
    assert.equal(detectFormat('file:///r/lineage/a.yml', text, { associations }), 'lineageFile');
    assert.equal(detectFormat('file:///r/other/a.yml', text, { associations }), null);
  });

  it('reads the path of file URIs, percent-decoded, and of plain paths', () => {
    assert.equal(pathOfUri('file:///c%3A/Users/me/my%20repo/a.yml'), '/c:/Users/me/my repo/a.yml');
    assert.equal(pathOfUri('/tmp/a.yml'), '/tmp/a.yml');
    assert.equal(pathOfUri('C:\\repo\\a.yml'), 'C:/repo/a.yml');
    assert.equal(detectFormat('file:///r/my%20lineage/a.yml', text, { associations: { 'my lineage/*.yml': 'lineageFile' } }), 'lineageFile');
  });
});

describe('a format decided by the language server (ReadOptions.format)', () => {
  it('reads the file as that format, whatever the associations and the content would say', () => {
    const text = '- id: io.acme.x\n  type: string\n';
    // By content this is a property definitions file, and an association says it is none.
    const model = readDocument('file:///r/p.yaml', text, { format: 'propertyDefinitions', associations: { '**/p.yaml': 'none' } });
    assert.equal(model.format, 'propertyDefinitions');
    assert.equal(facts(model, 'propertyDefinition')[0].urn.value, 'urn:li:structuredProperty:io.acme.x');
    assert.equal(readDocument('file:///r/p.yaml', text, { format: 'datasetYaml' }).format, 'datasetYaml');
  });
});
