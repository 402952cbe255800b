import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { describeStatus, type StatusFacts } from '../../../server/status';

const OFFLINE: StatusFacts = { state: 'offline', url: undefined, source: 'none', serviceCount: 0, workspaceCount: 2, fetchedAt: undefined, refreshing: false, lastError: undefined, now: 0 };

describe('the language status', () => {
  it('says nothing of unchecked documents when every open document is checked', () => {
    const status = describeStatus(OFFLINE);
    assert.equal(status.uncheckedDocuments, undefined);
    assert.doesNotMatch(status.message, /Not checked/);
  });

  it('names open documents too large to check as you type, and what checks them', () => {
    const uris = ['file:///w/big%20one.yaml', 'file:///w/b.yaml', 'file:///w/c.yaml', 'file:///w/d.yaml'];
    const status = describeStatus({ ...OFFLINE, coverage: uris.map((uri) => ({ uri, coverage: { state: 'unchecked' }, length: 3_000_000 })) });
    assert.deepEqual(status.uncheckedDocuments, uris);
    assert.match(status.message, / Not checked as you type, being over 2 MiB: '\/w\/big one\.yaml', \/w\/b\.yaml, \/w\/c\.yaml and 1 more; run catalog-code validate on them\.$/);
  });

  it('says which documents are being read and which are checked partially, and how much of them', () => {
    const status = describeStatus({
      ...OFFLINE,
      coverage: [
        { uri: 'file:///w/huge.yaml', coverage: { state: 'partial', readChars: 2_097_000 }, length: 20_000_000 },
        { uri: 'file:///w/long.yaml', coverage: { state: 'reading' }, length: 1_200_000 },
      ],
    });
    assert.deepEqual(status.uncheckedDocuments, ['file:///w/huge.yaml']);
    assert.deepEqual(status.checkedPartially, [{ uri: 'file:///w/huge.yaml', checkedChars: 2_097_000, length: 20_000_000 }]);
    assert.deepEqual(status.readingDocuments, ['file:///w/long.yaml']);
    assert.match(status.message, / Checking \/w\/long\.yaml \(1\.2 MB\): its first items are checked, the rest follows; other files are answered meanwhile\./);
    assert.match(status.message, / Checked partially \(open documents over 2 MiB are checked up to that limit\): \/w\/huge\.yaml: 2\.1 MB of 20\.0 MB; run catalog-code validate on it to check all of it\.$/);
  });

  it('says what the checks are made against, in the words of the CLI target line', () => {
    assert.equal(describeStatus({ ...OFFLINE, target: 'offline' }).checkedAgainst, 'offline (the files alone, no catalog service)');
    const local = describeStatus({ ...OFFLINE, state: 'connected', url: 'http://127.0.0.1:9', source: 'live', fetchedAt: 0, target: 'localCatalog' });
    assert.equal(local.checkedAgainst, 'the local catalog at http://127.0.0.1:9');
    assert.equal(describeStatus({ ...OFFLINE, state: 'connected', url: 'https://d.example', source: 'live', fetchedAt: 0, target: 'datahub' }).checkedAgainst, 'DataHub at https://d.example');
  });
});
