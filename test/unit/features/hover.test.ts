import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Hover, MarkupContent } from 'vscode-languageserver-types';
import { hover } from '../../../core/features/hover';
import { catalogUiLink } from '../../../core/links/catalogUi';
import type { EntityExistenceView } from '../../../core/definitions/types';
import { CLASSIFICATION, RETENTION, caret, definition, definitionsOf, documentOf, inputOf } from './helpers';

function hoverAt(uri: string, markedText: string, defs = definitionsOf([RETENTION, CLASSIFICATION]), entities?: EntityExistenceView): Hover | null {
  const { text, offset } = caret(markedText);
  const input = inputOf(documentOf(uri, text), defs);
  if (entities) input.entities = entities;
  return hover(input, offset);
}

const markdown = (h: Hover | null) => (h?.contents as MarkupContent | undefined)?.value ?? '';

const DATASET = 'id: user_events\nplatform: hive\nenv: PROD\nstructured_properties:\n';

test('a property key shows its card: name, type, cardinality, allowed values, entity types, origin', () => {
  const text = markdown(hoverAt('file:///w/dataset.yaml', `${DATASET}  io.acryl.privacy.ret|entionTime: 30\n`));
  assert.match(text, /\*\*Retention Time\*\* `io.acryl.privacy.retentionTime`/);
  assert.match(text, /Type: `number` · Cardinality: `MULTIPLE`/);
  assert.match(text, /Applies to: `dataset`, `dataFlow`/);
  assert.match(text, /- `30` — 30 days, usually reserved/);
  assert.match(text, /Defined in: the service/);
});

test('a property value shows the same card', () => {
  assert.match(markdown(hoverAt('file:///w/dataset.yaml', `${DATASET}  io.acryl.dataManagement.classification: Pub|lic\n`)), /Classification/);
});

test('a soft-deleted property says so', () => {
  const deleted = definition({ qualifiedName: 'io.old.prop', softDeleted: true });
  const text = markdown(hoverAt('file:///w/dataset.yaml', `${DATASET}  io.old.pr|op: x\n`, definitionsOf([deleted])));
  assert.match(text, /Soft-deleted/);
});

test('a property defined only in the workspace names the file and says it is not pushed', () => {
  const local = definition({ qualifiedName: 'io.local.prop', origin: { kind: 'workspace', uri: 'file:///w/props.yaml', range: { start: 0, end: 1 } } });
  const text = markdown(hoverAt('file:///w/dataset.yaml', `${DATASET}  io.local.pr|op: x\n`, definitionsOf([], [local])));
  assert.match(text, /Defined in: `props.yaml` \(not pushed yet\)/);
});

test('an unknown property says no definition was found', () => {
  assert.match(markdown(hoverAt('file:///w/dataset.yaml', `${DATASET}  io.nope.x|: 1\n`)), /No definition found/);
});

test('a URN is broken into its labelled parts, with whether it exists', () => {
  const exists: EntityExistenceView = { exists: (urn) => urn === 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)' };
  const defs = definitionsOf([RETENTION]);
  const text = markdown(hoverAt('file:///w/dataset.yaml', `${DATASET}downstreams:\n  - urn:li:dataset:(urn:li:dataPlatform:hive,or|ders,PROD)\n`, defs, exists));
  assert.match(text, /\*\*dataset\*\* URN/);
  assert.match(text, /- platform: `urn:li:dataPlatform:hive`/);
  assert.match(text, /- name: `orders`/);
  assert.match(text, /- environment: `PROD`/);
  assert.match(text, /Exists in the service/);
  const missing = markdown(hoverAt('file:///w/dataset.yaml', `${DATASET}downstreams:\n  - urn:li:dataset:(urn:li:dataPlatform:hive,gh|ost,PROD)\n`, defs, exists));
  assert.match(missing, /Does not exist in the service/);
});

test('hovering the dataset inside a schemaField URN describes the dataset', () => {
  const lineage = 'version: 1\nlineage:\n  - entity:\n      name: a\n      type: dataset\n      platform: hive\n    fineGrainedLineages:\n      - upstreams:\n          - urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,a,P|ROD),id)\n';
  const text = markdown(hoverAt('file:///w/lineage.yml', lineage));
  assert.match(text, /\*\*dataset\*\* URN/);
  assert.match(text, /not checked/);
});

test('a property value shows the allowed value it stands for, with its description, first', () => {
  const text = markdown(hoverAt('file:///w/dataset.yaml', `${DATASET}  io.acryl.privacy.retentionTime: 9|0\n`));
  assert.match(text.split('---')[0], /^`90` — Use this for datasets that drive monthly reporting/);
});

test('with a UI address, a URN hover links to its page in DataHub', () => {
  const { text, offset } = caret('id: orders\nplatform: hive\ndownstreams:\n  - urn:li:dataset:(urn:li:dataPlatform:hive,rev|enue,PROD)\n');
  const input = { ...inputOf(documentOf('file:///w/orders.yaml', text), definitionsOf([])), catalogLink: (urn: string) => catalogUiLink('http://localhost:9002', urn) };
  assert.match(markdown(hover(input, offset)), /\[Open in DataHub\]\(<http:\/\/localhost:9002\/dataset\/urn:li:dataset:\(urn:li:dataPlatform:hive,revenue,PROD\)>\)/);
});

test('a URN a file of the workspace creates says so first, whatever the catalog holds now (the pending state)', () => {
  const { text, offset } = caret('edgesToAdd:\n  - downstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,web_ev|ents,PROD)\n    upstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)\nedgesToRemove: []\n');
  const input = inputOf(documentOf('file:///w/edges.yaml', text), definitionsOf([RETENTION]));
  input.entities = { exists: () => false };
  input.createdBy = (urn) => (urn.includes('web_events') ? new Set(['file:///w/new%20datasets.yaml']) : undefined);
  const card = markdown(hover(input, offset));
  assert.match(card, /✓ Created by `new datasets\.yaml` once pushed\./);
});

test("a property with allowed platforms lists them (PR #18089), each as inline code even when a name carries a backtick", () => {
  const limited = definition({ qualifiedName: 'io.acme.tier', allowedPlatforms: ['snowflake', 'odd`name'] });
  const text = markdown(hoverAt('file:///w/dataset.yaml', `${DATASET}  io.acme.ti|er: gold\n`, definitionsOf([limited])));
  assert.match(text, /Only on platforms: `snowflake`, ``odd`name``/);
});
