import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planMarkdown } from '../../../core/plan/planMarkdown';
import { lineageItem } from '../../support/pushItems';

const item = lineageItem;

const items = [
  item('urn:li:dataset:a', [{ action: 'add', text: 'upstream urn:li:dataset:new' }]),
  item('urn:li:dataset:b', [
    { action: 'add', text: 'upstream urn:li:dataset:kept' },
    { action: 'remove', text: 'upstream urn:li:dataset:gone (no longer listed in the file)' },
  ]),
];

test('removals come first: their own unfolded diff block right after the summary', () => {
  const text = planMarkdown({ plan: { items, unchanged: [], warnings: [] }, serviceUrl: 'http://127.0.0.1:1' });
  const removals = text.indexOf('#### Removals (1)');
  assert.ok(removals > 0 && removals < text.indexOf('<details>'), text);
  // The entity and what it loses on lines of their own, so neither is cut at the preview's edge (issue 37).
  assert.match(text, /#### Removals \(1\)[^\n]*\n\n```diff\n# urn:li:dataset:b\n- {3}upstream urn:li:dataset:gone \(no longer listed in the file\)\n```/);
});

test('the entity that loses something is folded first, and its removal leads its diff', () => {
  const text = planMarkdown({ plan: { items, unchanged: [], warnings: [] }, serviceUrl: 'http://127.0.0.1:1' });
  assert.ok(text.indexOf('<code>urn:li:dataset:b</code>') < text.indexOf('<code>urn:li:dataset:a</code>'), text);
  assert.match(text, /# Lineage \(updateLineage\)\n- upstream urn:li:dataset:gone[^\n]*\n\+ upstream urn:li:dataset:kept/);
});

test('a plan without removals has no removals section', () => {
  const text = planMarkdown({ plan: { items: [items[0]], unchanged: [], warnings: [] }, serviceUrl: 'http://127.0.0.1:1' });
  assert.doesNotMatch(text, /Removals/);
});

test('a removal text cannot break out of its diff fence', () => {
  const hostile = [item('urn:li:dataset:c', [{ action: 'remove', text: 'upstream ```\n<script>x</script>' }])];
  const text = planMarkdown({ plan: { items: hostile, unchanged: [], warnings: [] }, serviceUrl: 'http://127.0.0.1:1' });
  const block = text.slice(text.indexOf('#### Removals'), text.indexOf('<details>'));
  const fence = /\n(`{4,})diff\n/.exec(block);
  assert.ok(fence, `a longer fence is used around a value holding backticks: ${block}`);
});

test('the URNs of an impact title are code, so a dataset named with @team or #12 pings nobody and links nothing', () => {
  const hostile = 'urn:li:dataset:(urn:li:dataPlatform:hive,a @octocat #1,PROD)';
  const text = planMarkdown({
    plan: { items, unchanged: [], warnings: [] },
    serviceUrl: 'http://127.0.0.1:1',
    impacts: [{ kind: 'edgeRemoved', upstream: hostile, downstream: 'urn:li:dataset:b', affected: [{ urn: 'urn:li:dataset:b', degree: 0 }], truncated: false }],
  });
  const summary = /<summary>Cut by [^\n]*<\/summary>/.exec(text)?.[0] ?? '';
  assert.match(summary, /^<summary>Cut by <code>urn:li:dataset:\(urn:li:dataPlatform:hive,a @octocat #1,PROD\)<\/code> → <code>urn:li:dataset:b<\/code><\/summary>$/, text);
});
