import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { codeActions } from '../../../core/features/codeActions';
import type { DefinitionsView } from '../../../core/definitions/types';
import { EMPTY_DEFINITIONS } from '../../../core/definitions/types';
import { validateDocument } from '../../../core/validate';
import { DIAGNOSTIC_SOURCE } from '../../../core/model/diagnostic';
import { CLASSIFICATION, RETENTION, caret, definitionsOf, documentOf, inputOf } from './helpers';
import { referencePath, testsNeedingReference } from '../../support/reference';

const REFERENCE = referencePath('datahub-examples');
const withExamples = testsNeedingReference('quick fixes on DataHub’s own example files', ['datahub-examples']);
const definitions = definitionsOf([RETENTION, CLASSIFICATION]);

function diagnosticsOf(uri: string, text: string, defs: DefinitionsView): Diagnostic[] {
  const document = documentOf(uri, text);
  return validateDocument({ model: document.model, text, definitions: defs }).map((d) => ({
    range: { start: document.lineIndex.positionAt(d.range.start), end: document.lineIndex.positionAt(d.range.end) },
    message: d.message,
    code: d.code,
    source: DIAGNOSTIC_SOURCE,
    data: d.data,
  }));
}

function actionsFor(uri: string, text: string, code: string, defs: DefinitionsView = definitions): { actions: CodeAction[]; diagnostic: Diagnostic } {
  const diagnostic = diagnosticsOf(uri, text, defs).find((d) => d.code === code);
  assert.ok(diagnostic, `expected a ${code} diagnostic`);
  const document = documentOf(uri, text);
  const index = document.lineIndex;
  const range = { start: index.offsetAt(diagnostic.range.start), end: index.offsetAt(diagnostic.range.end) };
  return { actions: codeActions(inputOf(document, defs), range, [diagnostic]), diagnostic };
}

function apply(uri: string, text: string, action: CodeAction): string {
  const edits = action.edit?.changes?.[uri];
  assert.ok(edits, `action "${action.title}" has edits for the document`);
  return TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, text), edits);
}

const DATASET = 'id: user_events\nplatform: hive\nenv: PROD\nstructured_properties:\n';

test('a value outside the allowed values: replace with the closest allowed value, preferred', () => {
  const uri = 'file:///w/dataset.yaml';
  const text = `${DATASET}  io.acryl.dataManagement.classification: Confidentail\n`;
  const { actions } = actionsFor(uri, text, 'property.notAllowedValue');
  const preferred = actions.find((a) => a.isPreferred);
  assert.equal(preferred?.title, "Use the allowed value 'Confidential'");
  assert.equal(apply(uri, text, preferred), `${DATASET}  io.acryl.dataManagement.classification: Confidential\n`);
});

test('SINGLE with several values: keep one, written as a scalar', () => {
  const uri = 'file:///w/dataset.yaml';
  const text = `${DATASET}  io.acryl.dataManagement.classification:\n    - Public\n    - Internal\n`;
  const { actions } = actionsFor(uri, text, 'property.cardinality');
  assert.equal(actions[0].title, "Keep only 'Public' (the property takes a single value)");
  const fixed = apply(uri, text, actions[0]);
  assert.equal(fixed, `${DATASET}  io.acryl.dataManagement.classification: Public\n`);
  assert.deepEqual(diagnosticsOf(uri, fixed, definitions), []);
});

test('a one-element list of a SINGLE property can be rewritten as a plain value', () => {
  const uri = 'file:///w/dataset.yaml';
  const { text, offset } = caret(`${DATASET}  io.acryl.dataManagement.classification: [Pub|lic]\n`);
  const actions = codeActions(inputOf(documentOf(uri, text), definitions), { start: offset, end: offset }, []);
  const rewrite = actions.find((a) => a.title === 'Write the single value without a list');
  assert.ok(rewrite);
  assert.equal(apply(uri, text, rewrite), `${DATASET}  io.acryl.dataManagement.classification: Public\n`);
});

test('a mis-cased entity type: fix the case', () => {
  const uri = 'file:///w/props.yaml';
  const text = '- id: io.x.owner\n  type: string\n  entity_types:\n    - dataflow\n';
  const { actions } = actionsFor(uri, text, 'format.enumValue', EMPTY_DEFINITIONS);
  assert.equal(actions[0].title, "Fix the case: 'dataFlow'");
  assert.match(apply(uri, text, actions[0]), /- dataFlow\n$/);
});

withExamples.test('a column edge outside the entity-level edges: fix the column, or add the missing upstream (file_lineage.yml)', () => {
  const uri = 'file:///w/file_lineage.yml';
  const text = readFileSync(join(REFERENCE, 'file_lineage.yml'), 'utf8');
  const { actions } = actionsFor(uri, text, 'lineage.columnOutsideEdge', EMPTY_DEFINITIONS);
  assert.equal(actions.find((a) => a.isPreferred)?.title, "Replace with 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:kafka,topic1,DEV),user_id)'");
  const add = actions.find((a) => a.title.startsWith('Add urn:li:dataset:(urn:li:dataPlatform:kafka,topic1,PROD) as an upstream'));
  assert.ok(add, actions.map((a) => a.title).join('\n'));
  const fixed = apply(uri, text, add);
  assert.match(fixed, /platform: kafka\n {6}- entity:\n {10}name: topic1\n {10}type: dataset\n {10}env: PROD\n {10}platform: kafka\n {4}fineGrainedLineages:/);
  const remaining = diagnosticsOf(uri, fixed, EMPTY_DEFINITIONS).filter((d) => d.code === 'lineage.columnOutsideEdge');
  assert.equal(remaining.length, 1, 'only the downstream column edge is left');
});

test('a suppression comment silences exactly that diagnostic (YAML)', () => {
  const uri = 'file:///w/dataset.yaml';
  const text = `${DATASET}  io.acryl.dataManagement.classification: Secret\n`;
  const { actions } = actionsFor(uri, text, 'property.notAllowedValue');
  const suppress = actions.find((a) => a.title === 'Ignore property.notAllowedValue on this line');
  assert.ok(suppress);
  const fixed = apply(uri, text, suppress);
  assert.match(fixed, /\n {2}# catalog-code-disable-next-line property.notAllowedValue\n {2}io\.acryl/);
  assert.deepEqual(diagnosticsOf(uri, fixed, definitions), []);
});

test('JSON documents get no suppression comment', () => {
  const uri = 'file:///w/mcp.json';
  const text = '[{"entityType": "dataset", "entityUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)", "changeType": "UPSERT", "aspectName": "structuredProperties", "aspect": {"json": {"properties": [{"propertyUrn": "urn:li:structuredProperty:io.acryl.dataManagement.classification", "values": [{"string": "Publik"}]}]}}}]';
  const { actions } = actionsFor(uri, text, 'property.notAllowedValue');
  assert.ok(actions.every((a) => !a.title.startsWith('Ignore')));
  assert.match(apply(uri, text, actions[0]), /"string": "Public"/);
});

test('an environment typo inside a URN: fix the environment, closest first', () => {
  const uri = 'file:///w/dataset.yaml';
  const text = 'id: user_events\nplatform: hive\nenv: PROD\ndownstreams:\n  - urn:li:dataset:(urn:li:dataPlatform:hive,orders,PORD)\n';
  const { actions } = actionsFor(uri, text, 'urn.environment', EMPTY_DEFINITIONS);
  assert.equal(actions[0].title, "Fix the environment: 'PROD'");
  assert.match(apply(uri, text, actions[0]), /hive,orders,PROD\)\n$/);
});

test('a quick fix that only removes or adds quotes says so, not "Replace with"', () => {
  const uri = 'file:///repo/team.yaml';
  const text = `id: orders\nplatform: hive\nstructured_properties:\n  io.acryl.privacy.retentionTime: "365"\n`;
  const { actions } = actionsFor(uri, text, 'property.valueType');
  const unquote = actions.find((a) => a.isPreferred);
  assert.equal(unquote?.title, 'Remove the quotes: 365');
  assert.match(apply(uri, text, unquote as CodeAction), /retentionTime: 365\n/);

  const quoteIt = actionsFor(uri, text.replace('"365"', '365'), 'property.valueType', definitionsOf([{ ...RETENTION, valueType: 'string', allowedValues: undefined }]));
  assert.equal(quoteIt.actions.find((a) => a.isPreferred)?.title, 'Quote it: "365"');
});
