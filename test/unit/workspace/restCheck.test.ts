import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeRestDifference, type RestDifference } from '../../../core/workspace/restCheck';
import { WorkspaceSession } from '../../../core/workspace/session';

/**
 * Truth restored at rest (issue 34): an open document edited part by part is read again from its
 * whole text once it rests; when the analysis the edits made differs, the fresh one replaces it,
 * listeners are told and the difference is reported once. The edits handed to the session here do
 * not match the text (what a bug of the incremental path would leave), so the two analyses differ.
 * That an analysis equal to the fresh read is kept and never reported is the differential test's
 * (test/reliability/differential.test.ts: its servers run the check soon after each step and fail on any report).
 */
const TEXT = Array.from({ length: 20 }, (_, i) => `- id: t${i}\n  platform: hive\n  description: Table ${i}\n  downstreams:\n    - urn:li:dataset:(urn:li:dataPlatform:looker,x${i},prod)\n`).join('');
const URI = 'file:///w/datasets.yaml';

function replaced(session: WorkspaceSession): Promise<string> {
  return new Promise((resolve) => {
    const subscription = session.onAnalysisReplaced((uri) => {
      subscription.dispose();
      resolve(uri);
    });
  });
}

describe('an edited document at rest answers as a fresh read', () => {
  it('a difference the edits left is replaced by the fresh read, told and reported once with the edits', async () => {
    const reports: RestDifference[] = [];
    const session = new WorkspaceSession({ onRestDifference: (difference) => reports.push(difference), restMs: 0 });
    session.updateOpenDocument(URI, TEXT, 1);
    const environments = () => session.diagnosticsOf(URI).filter((diagnostic) => diagnostic.code === 'urn.environment').length;
    assert.equal(environments(), 20);
    // The editor's text has item 5's environment mended; the edits say only that item 3's description was retyped as it was.
    const at = TEXT.indexOf('x5,prod') + 3;
    const text = `${TEXT.slice(0, at)}PROD${TEXT.slice(at + 4)}`;
    const description = TEXT.indexOf('Table 3');
    const told = replaced(session);
    session.updateOpenDocument(URI, text, 2, { fromVersion: 1, edits: [{ start: description, end: description + 7, text: 'Table 3' }] });
    assert.equal(session.get(URI)?.analysis?.path, 'unit', 'read part by part');
    assert.equal(environments(), 20, 'the edits missed the change');
    assert.equal(await told, URI);
    assert.equal(environments(), 19, 'the fresh read replaced it');
    assert.equal(reports.length, 1);
    assert.equal(reports[0].version, 2);
    assert.deepEqual(reports[0].edits, [{ start: description, end: description + 7, text: 'Table 3' }]);
    assert.equal(reports[0].onlyEdited.length, 1);
    assert.deepEqual(reports[0].onlyFresh, []);
    assert.match(describeRestDifference(reports[0]), /differed from a fresh read.*x5|Only after the edits: urn\.environment/);
  });
});
