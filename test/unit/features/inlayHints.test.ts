import { test } from 'node:test';
import assert from 'node:assert/strict';
import { propertyNameHints } from '../../../core/features/inlayHints';
import { definition, definitionsOf, documentOf } from './helpers';

const RETENTION = definition({ qualifiedName: 'io.acme.privacy.retentionDays', displayName: 'Retention (days)', valueType: 'number', cardinality: 'SINGLE' });

test('a property used in a dataset YAML gets its display name, type and cardinality after the value', () => {
  const text = 'id: orders\nplatform: hive\nstructured_properties:\n  io.acme.privacy.retentionDays: 365\n  io.acme.unknown: x\n';
  const hints = propertyNameHints(documentOf('file:///w/orders.yaml', text), definitionsOf([RETENTION]), { start: 0, end: text.length });
  assert.equal(hints.length, 1);
  assert.equal(hints[0].label, 'Retention (days) · number · SINGLE');
  assert.equal(hints[0].offset, text.indexOf('365') + 3);
});

test('a list of values on the next lines: the hint sits after the key', () => {
  const text = 'id: orders\nplatform: hive\nstructured_properties:\n  io.acme.privacy.retentionDays:\n    - 365\n';
  const [hint] = propertyNameHints(documentOf('file:///w/orders.yaml', text), definitionsOf([RETENTION]), { start: 0, end: text.length });
  assert.equal(hint.offset, text.indexOf('retentionDays:') + 'retentionDays:'.length);
});

test('a hostile display name is shown on one line, cut short', () => {
  const hostile = definition({ qualifiedName: 'io.acme.privacy.retentionDays', displayName: `x\n${'y'.repeat(200)}`, valueType: 'number' });
  const text = 'id: orders\nplatform: hive\nstructured_properties:\n  io.acme.privacy.retentionDays: 365\n';
  const [hint] = propertyNameHints(documentOf('file:///w/orders.yaml', text), definitionsOf([hostile]), { start: 0, end: text.length });
  assert.ok(!hint.label.includes('\n'));
  assert.ok(hint.label.length < 100);
});
