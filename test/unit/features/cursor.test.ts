import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cursorContext } from '../../../core/features/cursor';
import { caret } from './helpers';

function at(marked: string, json = false) {
  const { text, offset } = caret(marked);
  return cursorContext(text, offset, json);
}

test('a value after `key: ` knows its key and the enclosing keys', () => {
  const context = at('id: x\nschema:\n  fields:\n    - id: a\n      structured_properties:\n        io.acryl.x: Con|\n');
  assert.deepEqual(context.path, ['schema', 'fields', 'structured_properties']);
  assert.equal(context.key, 'io.acryl.x');
  assert.equal(context.atKey, false);
  assert.equal(context.prefix, 'Con');
});

test('a bare word is a key position under its parent mapping', () => {
  const context = at('lineage:\n  - entity:\n      name: x\n      pla|\n');
  assert.deepEqual(context.path, ['lineage', 'entity']);
  assert.equal(context.atKey, true);
  assert.equal(context.prefix, 'pla');
});

test('a list item under entity_types is inside that list', () => {
  const context = at('- id: foo\n  type: string\n  entity_types:\n    - dataset\n    - da|\n');
  assert.deepEqual(context.path, ['entity_types']);
  assert.equal(context.inListItem, true);
  assert.equal(context.prefix, 'da');
});

test('siblings of the same list item are not parents', () => {
  const context = at('- id: foo\n  type: |\n');
  assert.deepEqual(context.path, []);
  assert.equal(context.key, 'type');
});

test('a quoted value excludes the quotes from the replaced range', () => {
  const { text, offset } = caret('env: "PR|OD"\n');
  const context = cursorContext(text, offset, false);
  assert.equal(context.quoted, true);
  assert.equal(context.prefix, 'PR');
  assert.equal(text.slice(context.replace.start, context.replace.end), 'PROD');
});

test('JSON: a string value knows its key and path', () => {
  const context = at('[{"entityUrn": "urn:li:dataset:x", "aspect": {"json": {"properties": [{"propertyUrn": "urn:li:str|"}]}}}]', true);
  assert.equal(context.key, 'propertyUrn');
  assert.deepEqual(context.path, ['aspect', 'json', 'properties']);
  assert.equal(context.prefix, 'urn:li:str');
  assert.equal(context.quoted, true);
});

test('JSON: a property key position', () => {
  const context = at('[{"entityType": "dataset", "|"}]', true);
  assert.equal(context.atKey, true);
  assert.deepEqual(context.path, []);
});
