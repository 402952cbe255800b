import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noAllocationSitePretenuring } from '../../../server/heapSettings';

// The language server turns V8's allocation-site pretenuring off at its start (server/heapSettings.ts), unless the user chose.

test('a choice in node\'s arguments or NODE_OPTIONS wins', () => {
  assert.equal(noAllocationSitePretenuring(['--allocation-site-pretenuring'], undefined), false);
  assert.equal(noAllocationSitePretenuring([], '--max-old-space-size=4096 --no-allocation-site-pretenuring'), false);
  assert.equal(noAllocationSitePretenuring(['--allocation_site_pretenuring'], ''), false);
});

test('otherwise it is turned off', () => {
  assert.equal(noAllocationSitePretenuring(['--inspect'], '--max-old-space-size=4096'), true);
});
