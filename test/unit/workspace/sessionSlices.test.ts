import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { datasetYaml, PROPERTIES_YAML } from '../../../support/generate/metadataFiles';
import { seededRandom } from '../../../support/random';
import type { TextEdit } from '../../../core/incremental/documentAnalysis';
import { SLICED_READ_FROM_CHARS } from '../../../core/workspace/openDocumentLimit';
import { WorkspaceSession } from '../../../core/workspace/session';

/**
 * The session reads an open document of at least SLICED_READ_FROM_CHARS in slices between other
 * work (core/workspace/backgroundReads.ts): until the read ends it answers the diagnostics of the
 * items read so far (a subset of the whole answer), then it tells onCoverageChanged and holds the
 * whole-file analysis, and the next keystroke is read incrementally again.
 */

const URI = 'file:///w/datasets.yaml';
const TEXT = datasetYaml(15_000, seededRandom(11)).text;

/** A session whose edit log is a plain map, as the language server's EditLog is (server/documentEdits.ts). */
function sessionWithEdits(): { session: WorkspaceSession; record: (from: number, to: number, edits: TextEdit[]) => void } {
  const log = new Map<string, { from: number; to: number; edits: TextEdit[] }>();
  const session = new WorkspaceSession({
    editSource: (uri, from, to) => {
      const found = log.get(uri);
      log.delete(uri);
      return found && found.from === from && found.to === to ? found.edits : undefined;
    },
  });
  session.setFile('file:///w/properties.yaml', PROPERTIES_YAML);
  return { session, record: (from, to, edits) => log.set(URI, { from, to, edits }) };
}

function readEnds(session: WorkspaceSession): Promise<void> {
  return new Promise((resolve) => {
    const subscription = session.onCoverageChanged((uri) => {
      if (uri !== URI || session.get(URI)?.coverage) return;
      subscription.dispose();
      resolve();
    });
  });
}

const key = (d: { code?: string; range: { start: number }; message: string }) => `${d.code} ${d.range.start} ${d.message}`;

describe('the session reads a large open document in slices', () => {
  it('answers the first items at once, the whole file when the read ends, and reads the next keystroke incrementally', async () => {
    assert.ok(TEXT.length >= SLICED_READ_FROM_CHARS, `${TEXT.length} characters`);
    const { session, record } = sessionWithEdits();
    const ended = readEnds(session);
    const opened = session.openDocument(URI, TEXT, 1);
    assert.deepEqual(opened.coverage, { state: 'reading' });
    const first = session.diagnosticsOf(URI);
    await ended;
    const whole = session.diagnosticsOf(URI);
    assert.ok(first.length > 0 && first.length < whole.length, `${first.length} diagnostics first, ${whole.length} in all`);
    const wholeKeys = new Set(whole.map(key));
    assert.deepEqual(first.filter((d) => !wholeKeys.has(key(d))), [], 'every early diagnostic is one of the whole answer');
    const fresh = new WorkspaceSession();
    fresh.setFile('file:///w/properties.yaml', PROPERTIES_YAML);
    fresh.setFile(URI, TEXT);
    assert.deepEqual(whole.map(key), fresh.diagnosticsOf(URI).map(key), 'the whole answer is the whole read of the file');

    const at = TEXT.indexOf('io.bench.tier: ') + 'io.bench.tier: '.length;
    record(1, 2, [{ start: at, end: at, text: 'x' }]);
    const typed = session.openDocument(URI, `${TEXT.slice(0, at)}x${TEXT.slice(at)}`, 2);
    assert.equal(typed.coverage, undefined);
    assert.equal(typed.analysis?.path, 'unit', 'a keystroke after the read is read as one item');
  });

  it('a keystroke while the document is read starts the read again at the new version, and later keystrokes are incremental', async () => {
    const { session, record } = sessionWithEdits();
    session.openDocument(URI, TEXT, 1);
    const at = TEXT.indexOf('platform: ') + 'platform: '.length;
    const text2 = `${TEXT.slice(0, at)}y${TEXT.slice(at)}`;
    record(1, 2, [{ start: at, end: at, text: 'y' }]);
    const ended = readEnds(session);
    assert.deepEqual(session.openDocument(URI, text2, 2).coverage, { state: 'reading' });
    await ended;
    assert.equal(session.get(URI)?.version, 2);
    record(2, 3, [{ start: at + 1, end: at + 1, text: 'y' }]);
    const typed = session.openDocument(URI, `${text2.slice(0, at + 1)}y${text2.slice(at + 1)}`, 3);
    assert.equal(typed.analysis?.path, 'unit');
  });
});
