import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { definitionsFromModel } from '../../../core/definitions/fromFacts';
import type { DefinitionsView } from '../../../core/definitions/types';
import { EMPTY_DEFINITIONS, UNKNOWN_EXISTENCE } from '../../../core/definitions/types';
import { readDocument } from '../../../core/formats';
import { ALL_RULES } from '../../../core/rules';
import { SEMANTIC_RULES } from '../../../core/rules/semantic';
import { referencePath, testsNeedingReference } from '../../support/reference';

/** DataHub's own example files: every semantic diagnostic they deserve, and no others. */
const EXAMPLES = referencePath('datahub-examples');
const { describe, it } = testsNeedingReference('reference examples (DataHub\'s own files)', ['datahub-examples']);

function read(name: string) {
  const text = readFileSync(join(EXAMPLES, name), 'utf8');
  return { text, model: readDocument(`file://${join(EXAMPLES, name)}`, text) };
}

/** [code, severity, the text the diagnostic covers] for every semantic diagnostic of a file. */
function semanticDiagnostics(name: string, definitions: DefinitionsView): Array<[string, string, string]> {
  const { text, model } = read(name);
  return SEMANTIC_RULES.flatMap((rule) => rule.run({ model, text, definitions, entities: UNKNOWN_EXISTENCE }))
    .sort((a, b) => a.range.start - b.range.start)
    .map((d) => [d.code, d.severity, text.slice(d.range.start, d.range.end)]);
}

const topic1Prod = 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:kafka,topic1,PROD),user_id)';
const topic3Prod = 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:kafka,topic3,PROD),user_id)';

/** With no definitions and no service: what each file shows on its own. */
const ON_THEIR_OWN: Record<string, Array<[string, string, string]>> = {
  'click_event.avsc': [],
  'datahub-lineage-file_recipe.yml': [],
  'dataset.yaml': [],
  'dataset.yml': [],
  'datasets.yaml': [],
  'file_lineage.yml': [
    ['lineage.columnOutsideEdge', 'warning', topic1Prod],
    ['lineage.columnOutsideEdge', 'warning', topic3Prod],
  ],
  'single_mce.json': [],
  // `dataflow` (lower case) is reported once, by the syntax rule format.enumValue (see below).
  'struct_props.yaml': [],
  'structured_properties.yaml': [['definition.version', 'error', '1.0.0']],
  'test_domains.json': [],
};

/** With structured_properties.yaml as the workspace's definitions (offline). */
const WITH_WORKSPACE_DEFINITIONS: Record<string, Array<[string, string, string]>> = {
  ...ON_THEIR_OWN,
  // Field-level values of properties defined only for datasets (deprecationDate: dataset, dataFlow, dataJob; replicationSLA: dataset).
  'dataset.yaml': [
    ['property.entityType', 'warning', 'io.acryl.dataManagement.deprecationDate'],
    ['property.entityType', 'warning', 'io.acryl.dataManagement.replicationSLA'],
    ['property.entityType', 'warning', 'io.acryl.dataManagement.deprecationDate'],
  ],
  // `project_name` is no property (projectNames is), and deprecationDate again on a field.
  'datasets.yaml': [
    ['property.unknown', 'warning', 'project_name'],
    ['property.entityType', 'warning', 'io.acryl.dataManagement.deprecationDate'],
  ],
};

describe('reference examples (DataHub\'s own files)', () => {
  it('covers every example file', () => {
    assert.deepEqual(readdirSync(EXAMPLES).sort(), Object.keys(ON_THEIR_OWN).sort());
  });

  for (const name of Object.keys(ON_THEIR_OWN)) {
    it(`${name}: exactly the diagnostics it deserves on its own`, () => {
      assert.deepEqual(semanticDiagnostics(name, EMPTY_DEFINITIONS), ON_THEIR_OWN[name]);
    });
  }

  const workspace = new Map(definitionsFromModel(read('structured_properties.yaml').model).map((d) => [d.urn, d]));
  const offline: DefinitionsView = { service: new Map(), workspace, serviceAvailable: false };
  for (const name of Object.keys(WITH_WORKSPACE_DEFINITIONS)) {
    it(`${name}: exactly the diagnostics it deserves against structured_properties.yaml`, () => {
      assert.deepEqual(semanticDiagnostics(name, offline), WITH_WORKSPACE_DEFINITIONS[name]);
    });
  }

  it('offers projectNames for project_name and the DEV columns for file_lineage.yml', () => {
    const { text, model } = read('datasets.yaml');
    const unknown = SEMANTIC_RULES.flatMap((r) => r.run({ model, text, definitions: offline, entities: UNKNOWN_EXISTENCE })).find((d) => d.code === 'property.unknown');
    assert.deepEqual(unknown?.data?.candidates, ['projectNames']);
    const lineage = read('file_lineage.yml');
    const [up] = SEMANTIC_RULES.flatMap((r) => r.run({ model: lineage.model, text: lineage.text, definitions: EMPTY_DEFINITIONS, entities: UNKNOWN_EXISTENCE }));
    assert.equal(up.data?.missingUpstream, 'urn:li:dataset:(urn:li:dataPlatform:kafka,topic1,PROD)');
    assert.equal((up.data?.candidates ?? [])[0], 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:kafka,topic1,DEV),user_id)');
  });

  it('struct_props.yaml: the lower-case `dataflow` gets exactly one diagnostic from all rules, offering dataFlow', () => {
    const { text, model } = read('struct_props.yaml');
    const at = text.indexOf('- dataflow') + 2;
    const all = ALL_RULES.flatMap((r) => r.run({ model, text, definitions: EMPTY_DEFINITIONS, entities: UNKNOWN_EXISTENCE }));
    const here = all.filter((d) => d.range.start === at);
    assert.equal(here.length, 1, JSON.stringify(here));
    assert.equal(here[0].data?.candidates?.[0], 'dataFlow');
  });
});
