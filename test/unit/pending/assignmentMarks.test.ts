// Marks on structured-property assignments: what a push of the file does to the values the catalog
// holds, from the same comparison the plan makes (core/plan/assignmentChanges.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assignmentMarks, entitiesAssignedIn, MAX_MARKED_ENTITIES } from '../../../core/pending/assignmentMarks';
import type { JsonObject } from '../../../core/plan/pushPlanTypes';
import { documentOf } from '../features/helpers';

const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)';
const YAML = `- id: orders
  platform: hive
  structured_properties:
    io.acme.tier: gold
    io.acme.retentionDays: 365
    io.acme.domain: sales
`;
const held = (properties: Record<string, JsonObject[]>): JsonObject => ({ properties: Object.entries(properties).map(([name, values]) => ({ propertyUrn: `urn:li:structuredProperty:${name}`, values })) });
const numberTyped = (property: string) => (property.endsWith('retentionDays') ? 'number' : 'string');
const whole = { start: 0, end: YAML.length };

test('a changed value shows what the catalog holds, a new one "+ new", an equal one nothing, and one the file no longer lists is said removed', () => {
  const document = documentOf('file:///w/datasets.yaml', YAML);
  const catalog = held({ 'io.acme.tier': [{ string: 'silver' }], 'io.acme.domain': [{ string: 'sales' }], 'io.acme.owner': [{ string: 'finance' }] });
  const marks = assignmentMarks(document, whole, (urn) => (urn === ORDERS ? catalog : undefined), numberTyped);
  const at = (needle: string) => marks.filter((m) => YAML.lastIndexOf('\n', m.offset - 1) === YAML.lastIndexOf('\n', YAML.indexOf(needle))).map((m) => m.label);
  assert.deepEqual(at('io.acme.tier'), ['catalog: "silver"']);
  assert.deepEqual(at('io.acme.retentionDays'), ['+ new']);
  assert.deepEqual(at('io.acme.domain'), ['− removes io.acme.owner (not listed)'], 'unchanged gets nothing; the removal sits after the last assignment');
  assert.equal(marks.find((m) => m.label.startsWith('catalog:'))?.offset, YAML.indexOf('gold') + 'gold'.length);
  assert.match(marks.find((m) => m.kind === 'change')?.tooltip ?? '', /The catalog holds "silver"; a push changes it to "gold"\./);
});

test('a number is compared as the number the push sends', () => {
  const document = documentOf('file:///w/datasets.yaml', YAML);
  const catalog = held({ 'io.acme.tier': [{ string: 'gold' }], 'io.acme.retentionDays': [{ double: 365 }], 'io.acme.domain': [{ string: 'sales' }] });
  assert.deepEqual(assignmentMarks(document, whole, () => catalog, numberTyped), []);
});

test('an entity without values in the catalog: every value is new; not read yet: no marks at all', () => {
  const document = documentOf('file:///w/datasets.yaml', YAML);
  assert.deepEqual(assignmentMarks(document, whole, () => null, numberTyped).map((m) => m.label), ['+ new', '+ new', '+ new']);
  assert.deepEqual(assignmentMarks(document, whole, () => undefined, numberTyped), []);
});

test('only the range asked about is marked', () => {
  const document = documentOf('file:///w/datasets.yaml', YAML);
  const line = YAML.indexOf('io.acme.retentionDays');
  const marks = assignmentMarks(document, { start: line, end: line + 10 }, () => null, numberTyped);
  assert.deepEqual(marks.map((m) => m.offset), [YAML.indexOf('365') + 3]);
});

test('a PATCH that removes a value the catalog holds is marked; removing an absent one is not', () => {
  const mcp = JSON.stringify([
    {
      entityType: 'dataset',
      entityUrn: ORDERS,
      changeType: 'PATCH',
      aspectName: 'structuredProperties',
      aspect: { json: [{ op: 'remove', path: '/properties/urn:li:structuredProperty:io.acme.tier' }, { op: 'remove', path: '/properties/urn:li:structuredProperty:io.acme.gone' }] },
    },
  ], null, 2);
  const document = documentOf('file:///w/patch.json', mcp);
  const marks = assignmentMarks(document, { start: 0, end: mcp.length }, () => held({ 'io.acme.tier': [{ string: 'gold' }] }), numberTyped);
  assert.deepEqual(marks.map((m) => m.label), ['− removes "gold"']);
});

test('hostile values are shown on one line, cut short', () => {
  const document = documentOf('file:///w/datasets.yaml', YAML);
  const catalog = held({ 'io.acme.tier': [{ string: `x\n${'y'.repeat(500)}` }] });
  const [mark] = assignmentMarks(document, whole, () => catalog, numberTyped).filter((m) => m.kind === 'change');
  assert.ok(!mark.label.includes('\n'));
  assert.ok(mark.label.length < 60, mark.label);
});

test('at most MAX_MARKED_ENTITIES entities are read for one request', () => {
  const many = Array.from({ length: MAX_MARKED_ENTITIES + 50 }, (_, i) => `- id: t${i}\n  platform: hive\n  structured_properties:\n    io.acme.tier: gold\n`).join('');
  assert.equal(entitiesAssignedIn(documentOf('file:///w/many.yaml', many), { start: 0, end: many.length }).length, MAX_MARKED_ENTITIES);
});

test('a long property id not listed keeps "(not listed)" within what VS Code shows of a hint; the tooltip names it whole (issue 37)', () => {
  const document = documentOf('file:///w/datasets.yaml', YAML);
  const catalog = held({ 'io.acme.tier': [{ string: 'gold' }], 'io.acme.retentionDays': [{ number: 365 }], 'io.acme.domain': [{ string: 'sales' }], 'io.catalogcode.quality.lastReviewed': [{ string: '2024-06-30' }] });
  const marks = assignmentMarks(document, whole, (urn) => (urn === ORDERS ? catalog : undefined), numberTyped);
  const removal = marks.find((m) => m.kind === 'remove');
  assert.equal(removal?.label, '− removes …lastReviewed (not listed)');
  assert.ok((removal?.label.length ?? 99) <= 43);
  assert.match(removal?.tooltip ?? '', /lists every structured property of the entity, so a push removes io\.catalogcode\.quality\.lastReviewed/);
});
