import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countsSentence, pushButtonLabel, pushedSentence, removalLines, removalQuestion } from '../../../client/push/pushWording';
import { planCounts } from '../../../core/plan/planReportInput';
import type { PushChange, PushItem, PushPlan } from '../../../core/plan/pushPlanTypes';
import { lineageItem } from '../../support/pushItems';

const item = (entityUrn: string, changes: PushChange[]) => lineageItem(entityUrn, changes, ['file:///w/revenue-lineage.yml']);
const plan = (items: PushItem[]): PushPlan => ({ items, unchanged: [], warnings: [] });

const twoAddsOneRemove = plan([
  item('urn:li:dataset:revenue', [
    { action: 'add', text: 'upstream urn:li:dataset:customers' },
    { action: 'add', text: 'upstream urn:li:dataset:orders' },
    { action: 'remove', text: 'upstream urn:li:dataset:crm (no longer listed in the file)' },
  ]),
]);

test('the confirm button names adds, changes and removes apart, leaving out kinds with none', () => {
  assert.equal(pushButtonLabel(planCounts(twoAddsOneRemove)), 'Push: 2 add, 1 remove');
  assert.equal(pushButtonLabel(planCounts(plan([item('u', [{ action: 'change', text: 'x' }])]))), 'Push: 1 change');
  assert.equal(pushButtonLabel(planCounts(plan([item('u', [{ action: 'add', text: 'a' }, { action: 'change', text: 'c' }, { action: 'remove', text: 'r' }])]))), 'Push: 1 add, 1 change, 1 remove');
});

test('the result after a push counts what the button counted (issue 37: "Push: 2 add" then "pushed 1 change(s)"), then the requests', () => {
  const counts = planCounts(twoAddsOneRemove);
  assert.equal(pushedSentence(counts, 'revenue-lineage.yml', 1), 'Catalog Code: pushed revenue-lineage.yml: 2 add, 1 remove (1 request).');
  assert.ok(pushedSentence(counts, 'x', 1).includes(pushButtonLabel(counts).slice('Push: '.length)));
  assert.equal(pushedSentence(planCounts(plan([item('u', []), item('v', [])])), '2 files', 2), 'Catalog Code: pushed 2 files: 2 items (2 requests).');
});

test('an item without preview lines (a status write) is still counted on the button', () => {
  assert.equal(pushButtonLabel(planCounts(plan([item('u', [])]))), 'Push: 1 item');
  assert.equal(pushButtonLabel(planCounts(plan([item('u', []), item('v', [])]))), 'Push: 2 items');
});

test('the detail spells out every count and the entities', () => {
  assert.equal(countsSentence(planCounts(twoAddsOneRemove)), '2 to add, 0 to change, 1 to remove on 1 entity; 0 already in place.');
});

test('the removal question names how many go and where, and its button repeats the number', () => {
  const { question, button } = removalQuestion(planCounts(twoAddsOneRemove), 'http://127.0.0.1:8080');
  assert.match(question, /^This push deletes from http:\/\/127\.0\.0\.1:8080: 1 removal\./);
  assert.equal(button, 'Delete 1 and Push');
  assert.equal(removalQuestion({ ...planCounts(twoAddsOneRemove), remove: 3 }, 'u').button, 'Delete 3 and Push');
});

test('the removals are listed by entity and bounded, saying how many more', () => {
  assert.deepEqual(removalLines(twoAddsOneRemove), ['urn:li:dataset:revenue: upstream urn:li:dataset:crm (no longer listed in the file)']);
  const many = plan([item('u', Array.from({ length: 15 }, (_, i) => ({ action: 'remove' as const, text: `edge ${i}` })))]);
  const lines = removalLines(many, 12);
  assert.equal(lines.length, 13);
  assert.equal(lines[12], '… and 3 more (see the plan beside the editor).');
});
