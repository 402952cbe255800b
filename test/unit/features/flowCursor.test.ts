import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cursorContext } from '../../../core/features/cursor';
import { complete } from '../../../core/features/completion';
import { hover } from '../../../core/features/hover';
import { readDocument } from '../../../core/formats';
import { LineIndex } from '../../../core/model/range';
import { EMPTY_DEFINITIONS } from '../../../core/definitions/types';
import type { FeatureInput } from '../../../core/workspace/workspaceDocument';
import { caret } from './helpers';

function at(marked: string) {
  const { text, offset } = caret(marked);
  return cursorContext(text, offset, false);
}

function input(uri: string, text: string): FeatureInput {
  return { document: { uri, text, model: readDocument(uri, text), lineIndex: new LineIndex(text) }, definitions: EMPTY_DEFINITIONS };
}

test('a key being written in a flow mapping of a block list item', () => {
  const context = at('version: 1\nlineage:\n  - entity: {name: a.orders, plat|}\n');
  assert.deepEqual(context.path, ['lineage', 'entity']);
  assert.equal(context.atKey, true);
  assert.equal(context.prefix, 'plat');
  assert.equal(context.inListItem, false);
});

test('a value in a flow mapping knows its key; the replaced word stops at the comma or brace', () => {
  const { text, offset } = caret('lineage:\n  - entity: {name: a.orders, platform: sn|, env: PROD}\n');
  const context = cursorContext(text, offset, false);
  assert.deepEqual(context.path, ['lineage', 'entity']);
  assert.equal(context.key, 'platform');
  assert.equal(context.prefix, 'sn');
  assert.equal(text.slice(context.replace.start, context.replace.end), 'sn');
});

test('nested flow collections: a mapping in a flow sequence under a flow mapping', () => {
  const context = at('lineage:\n  - {entity: {name: a, platform: hive}, upstream: [{entity: {name: b, pla|\n');
  assert.deepEqual(context.path, ['lineage', 'upstream', 'entity']);
  assert.equal(context.atKey, true);
  assert.equal(context.prefix, 'pla');
});

test('a flow sequence value is the value of its key, as in `entity_types: [da`', () => {
  const context = at('- id: foo\n  type: string\n  entity_types: [dataset, cha|]\n');
  assert.deepEqual(context.path, []);
  assert.equal(context.key, 'entity_types');
  assert.equal(context.prefix, 'cha');
});

test('quoted keys and values in a flow mapping; commas and braces inside quotes do not count', () => {
  const context = at('lineage:\n  - "entity": {"name": "a,{b}", \'platform\': "sn|"}\n');
  assert.deepEqual(context.path, ['lineage', 'entity']);
  assert.equal(context.key, 'platform');
  assert.equal(context.quoted, true);
  assert.equal(context.prefix, 'sn');
});

test('a flow mapping written over several lines', () => {
  const context = at('lineage:\n  - entity: {\n      name: a.orders,\n      platform: hi|\n    }\n');
  assert.deepEqual(context.path, ['lineage', 'entity']);
  assert.equal(context.key, 'platform');
  assert.equal(context.prefix, 'hi');
});

test('block style is unchanged when a closed flow mapping precedes the caret on an earlier line', () => {
  const context = at('lineage:\n  - entity: {name: a, platform: hive}\n    upst|\n');
  assert.deepEqual(context.path, ['lineage']);
  assert.equal(context.atKey, true);
  assert.equal(context.prefix, 'upst');
});

test('completion and hover in the README lineage style (flow mappings)', () => {
  const { text, offset } = caret('version: 1\nlineage:\n  - entity: {name: orders, platform: sno|}\n    upstream:\n      - entity: {name: raw, platform: snowflake}\n');
  const labels = complete(input('file:///w/l.yml', text), offset).items.map((item) => item.label);
  assert.ok(labels.includes('snowflake'), labels.join(', '));
  const keys = complete(input('file:///w/l.yml', text.replace('platform: sno}', 'platform: snow, e}')), offset + 3).items.map((item) => item.label);
  assert.ok(keys.includes('env'), keys.join(', '));
  const written = text.replace('sno}', 'snowflake}');
  const card = hover(input('file:///w/l.yml', written), written.indexOf('raw') + 1);
  assert.ok(card, 'a hover on an upstream name written in a flow mapping');
  assert.match(JSON.stringify(card.contents), /dataPlatform:snowflake.*name: `raw`/);
});

test('brackets and quotes inside a plain scalar open nothing', () => {
  const context = at("- id: foo\n  description: it's a [draft {really\n  ty|\n");
  assert.deepEqual(context.path, []);
  assert.equal(context.atKey, true);
  assert.equal(context.prefix, 'ty');
});

test('block style on the YAML tree: right after `key:`, under a key, and in a list item', () => {
  const afterColon = at('- id: foo\n  type:|\n');
  assert.equal(afterColon.key, 'type');
  assert.equal(afterColon.atKey, false);
  const underKey = at('- id: foo\n  structured_properties:\n    io.acme.te|\n');
  assert.deepEqual(underKey.path, ['structured_properties']);
  assert.equal(underKey.atKey, true);
  const quotedKey = at('- id: foo\n  "structured_properties":\n    "io.acme.team": fin|\n');
  assert.deepEqual(quotedKey.path, ['structured_properties']);
  assert.equal(quotedKey.key, 'io.acme.team');
  const item = at('lineage:\n  - entity:\n      name: a\n    upstream:\n      - entity:\n          plat|\n');
  assert.deepEqual(item.path, ['lineage', 'upstream', 'entity']);
  assert.equal(item.atKey, true);
});
