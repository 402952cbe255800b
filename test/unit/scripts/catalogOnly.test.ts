import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalogOnlyHeadline } from '../../../scripts/demo/catalogOnly';

test('npm start -- --catalog-only says what happens, with no warning', () => {
  const line = catalogOnlyHeadline({ asked: true });
  assert.equal(line, 'Catalog only (--catalog-only): starting the local catalog without VS Code in the browser.');
  assert.doesNotMatch(line, /^!|Not starting/);
});

test('when code-server cannot run, the demo warns and says why', () => {
  assert.equal(catalogOnlyHeadline({ asked: false, blocker: 'no Node 24 found' }), '! Not starting VS Code in the browser: no Node 24 found.');
});
