import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_STATUS_DETAIL, statusText } from '../../../client/statusText';
import type { StatusParams } from '../../../core/protocol';

const NOW = Date.UTC(2026, 0, 1);
const CONNECTED: StatusParams = {
  state: 'connected',
  url: 'https://datahub.example.internal.acme-corporation.com:8080',
  definitions: { source: 'live', serviceCount: 1_246, workspaceCount: 12_345, fetchedAt: NOW - 3 * 60_000 },
  refreshing: false,
  message: '',
};
const LONG_CONNECTION = 'Connected to https://datahub.example.internal.acme-corporation.com:8080 as the user signed in for this origin.';

test('the language status detail fits the hover on one line; nothing is lost, it moves to the tooltip', () => {
  const cases: (StatusParams | undefined)[] = [
    undefined,
    CONNECTED,
    { ...CONNECTED, definitions: { source: 'cache', serviceCount: 999_999, workspaceCount: 999_999 } },
    { ...CONNECTED, state: 'unreachable', lastError: 'The catalog at https://datahub.example did not answer in 10 s.' },
    { ...CONNECTED, state: 'unauthorized' },
    { ...CONNECTED, state: 'offline', definitions: { source: 'none', serviceCount: 0, workspaceCount: 6 } },
  ];
  for (const server of cases) {
    const words = statusText(LONG_CONNECTION, server, NOW);
    assert.ok(words.detail.length <= MAX_STATUS_DETAIL, `"${words.detail}" is ${words.detail.length} characters`);
    assert.ok(words.tooltip.startsWith(LONG_CONNECTION));
  }
  const connected = statusText(LONG_CONNECTION, CONNECTED, NOW);
  assert.equal(connected.detail, '1246 live · 12345 in files');
  assert.match(connected.tooltip, /1246 live definitions \(3 min old\), 12345 in the workspace/);
  const failed = statusText(LONG_CONNECTION, cases[3], NOW);
  assert.equal(failed.detail, 'catalog unreachable');
  assert.match(failed.tooltip, /did not answer in 10 s/);
});

test('a workspace past the limit of files is said in the status item, short in the detail and in full in the tooltip', () => {
  const server: StatusParams = { ...CONNECTED, state: 'offline', definitions: { source: 'none', serviceCount: 0, workspaceCount: 6 }, workspaceFileLimit: { limit: 150_000, firstLeftOut: '/repo/zz/late.yaml' } };
  const words = statusText(LONG_CONNECTION, server, NOW);
  assert.equal(words.detail, 'partly read · offline · 6 in files');
  assert.ok(words.detail.length <= MAX_STATUS_DETAIL);
  assert.match(words.tooltip, /the first 150,000 YAML\/JSON files read, the rest left out from late\.yaml on/);
});

test('the tooltip says which open files are being read, checked partially (how much) or not checked', () => {
  const words = statusText(LONG_CONNECTION, {
    ...CONNECTED,
    readingDocuments: ['file:///w/long.datasets.yaml'],
    uncheckedDocuments: ['file:///w/huge.datasets.yaml', 'file:///w/huge.json'],
    checkedPartially: [{ uri: 'file:///w/huge.datasets.yaml', checkedChars: 2_096_000, length: 20_300_000 }],
  }, NOW);
  assert.match(words.tooltip, /\nChecking long\.datasets\.yaml: its first items are checked, the rest follows/);
  assert.match(words.tooltip, /\nChecked partially \(open files over 2 MiB are checked up to it; run catalog-code validate for all\): huge\.datasets\.yaml 2\.1 of 20\.3 MB/);
  assert.match(words.tooltip, /\n1 open file over 2 MiB not checked as you type \(run catalog-code validate\): huge\.json$/);
});
