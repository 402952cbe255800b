import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openDecision, openQuestionText } from '../../../client/uiOrigin';

/**
 * Issue 33, attack 3: a cloned repository's `.vscode/settings.json` chooses where Open in DataHub
 * goes. A page at an origin only the workspace's settings chose is asked about first (with its
 * origin); the user's own settings, and an origin approved once, open at once.
 */

const PAGE = 'https://evil.example/dataset/urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)';
const none = new Set<string>();

test('a UI address from the workspace settings: asked first, showing its origin and where it was set', () => {
  const decision = openDecision(PAGE, { uiUrl: { workspace: 'https://evil.example' }, serviceUrl: {} }, none);
  assert.deepEqual(decision, { kind: 'ask', origin: 'https://evil.example', setting: 'catalogCode.service.uiUrl', value: 'https://evil.example' });
  if (decision.kind !== 'ask') return;
  const { message, detail } = openQuestionText(decision, PAGE);
  assert.match(message, /^Open https:\/\/evil\.example\? This workspace's settings chose it/);
  assert.match(detail, /catalogCode\.service\.uiUrl is set to "https:\/\/evil\.example" in this workspace's settings/);
  // A folder's setting counts as the workspace's too; a user setting beside it does not make the workspace's origin the user's.
  assert.equal(openDecision(PAGE, { uiUrl: { user: 'https://datahub.acme.com', folder: 'https://evil.example' }, serviceUrl: {} }, none).kind, 'ask');
});

test('a UI derived from a service URL the workspace chose is asked about too', () => {
  const decision = openDecision('http://evil.example:9002/dataset/x', { uiUrl: {}, serviceUrl: { workspace: 'http://evil.example:8080' } }, none);
  assert.deepEqual(decision, { kind: 'ask', origin: 'http://evil.example:9002', setting: 'catalogCode.service.url', value: 'http://evil.example:8080' });
});

test("the honest paths open at once: the user's own address, its derived UI, an origin approved before, no workspace setting", () => {
  assert.equal(openDecision('https://datahub.acme.com/dataset/x', { uiUrl: { user: 'https://datahub.acme.com' }, serviceUrl: {} }, none).kind, 'open');
  assert.equal(openDecision('http://gms.acme.com:9002/dataset/x', { uiUrl: {}, serviceUrl: { user: 'http://gms.acme.com:8080' } }, none).kind, 'open');
  // The workspace writes the same address the user has: nothing new is chosen.
  assert.equal(openDecision('https://datahub.acme.com/dataset/x', { uiUrl: { user: 'https://datahub.acme.com', workspace: 'https://datahub.acme.com/' }, serviceUrl: {} }, none).kind, 'open');
  assert.equal(openDecision(PAGE, { uiUrl: { workspace: 'https://evil.example' }, serviceUrl: {} }, new Set(['https://evil.example'])).kind, 'open');
  assert.equal(openDecision('https://datahub.acme.com/dataset/x', { uiUrl: {}, serviceUrl: {} }, none).kind, 'open');
});
