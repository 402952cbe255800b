import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeTarget, shownUrl, targetLine } from '../../../core/api/targetDescription';

describe('describeTarget: which target a check was made against, in the same words everywhere', () => {
  it('names the three targets', () => {
    assert.equal(describeTarget('offline'), 'offline (the files alone, no catalog service)');
    assert.equal(describeTarget('localCatalog', 'http://127.0.0.1:8080'), 'the local catalog at http://127.0.0.1:8080');
    assert.equal(describeTarget('datahub', 'https://datahub.example.com/gms/'), 'DataHub at https://datahub.example.com/gms');
  });

  it('is offline when a target has no URL', () => {
    assert.match(describeTarget('datahub'), /^offline/);
  });

  it('never shows credentials, a query or control characters of the URL', () => {
    assert.equal(shownUrl('https://user:secret@datahub.example.com:8443/api?token=abc#x'), 'https://datahub.example.com:8443/api');
    assert.equal(shownUrl('not a url\u001b[31m'), 'not a url?[31m');
  });

  it('words the line each CLI verb prints', () => {
    assert.equal(targetLine('offline'), 'Target: offline (the files alone, no catalog service).');
    assert.equal(targetLine('localCatalog', 'http://127.0.0.1:9'), 'Target: the local catalog at http://127.0.0.1:9.');
  });
});
