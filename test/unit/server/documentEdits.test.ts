import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EditorDocument } from '../../../server/editorDocument';
import { goldenMcpJson } from '../../../support/generate/goldenMcp';
import { readDocument } from '../../../core/formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { changedStretch, EditLog } from '../../../server/documentEdits';
import { WorkspaceSession } from '../../../core/workspace/session';

describe('the edit log of incremental sync', () => {
  const uri = 'file:///work/golden.json';
  const type = (log: EditLog, document: EditorDocument, offset: number, chars: string) => {
    for (const char of chars) {
      const at = document.positionAt(offset++);
      document = log.record(document, [{ range: { start: at, end: at }, text: char }], document.version + 1);
    }
    return document;
  };

  it('hands a burst of keystrokes to the analysed version, which reads only the edited element again', () => {
    const log = new EditLog();
    const session = new WorkspaceSession({ editSource: (edited, from, to) => log.take(edited, from, to) });
    let document = EditorDocument.create(uri, 'json', 1, goldenMcpJson(600));
    session.openDocument(uri, document.getText(), 1);
    document = type(log, document, document.getText().indexOf('table_2"'), 'renamed_');
    const entry = session.openDocument(uri, document.getText(), document.version);
    assert.equal(entry.analysis?.path, 'unit');
    assert.deepEqual(entry.model, readDocument(uri, document.getText()));
  });

  it('knows nothing of versions it did not see, so the document is read whole', () => {
    const log = new EditLog();
    let document = EditorDocument.create(uri, 'json', 1, '[]');
    document = type(log, document, 1, 'ab');
    assert.deepEqual(log.take(uri, 1, 3), [{ start: 1, end: 1, text: 'a' }, { start: 2, end: 2, text: 'b' }]);
    document = type(log, document, 1, 'c');
    assert.equal(log.take(uri, 1, 4), undefined, 'the log starts at version 3');
    log.record(document, [{ text: '[1]' }], 5);
    assert.deepEqual(log.take(uri, 4, 5), [{ start: 1, end: 4, text: '1' }], 'a whole-text change is the stretch between the common start and end');
  });

  it('a client that sends whole texts (full sync) still gets only the edited item read again', () => {
    const yamlUri = 'file:///work/datasets.yaml';
    const log = new EditLog();
    const session = new WorkspaceSession({ editSource: (edited, from, to) => log.take(edited, from, to) });
    const text = readFileSync(join(process.cwd(), 'test', 'fixtures', 'sample-catalog', '03-datasets-warehouse.yaml'), 'utf8');
    let document = EditorDocument.create(yamlUri, 'yaml', 1, text);
    session.openDocument(yamlUri, text, 1);
    const at = text.lastIndexOf('description: ') + 'description: '.length;
    document = log.record(document, [{ text: `${text.slice(0, at)}Renamed ${text.slice(at)}` }], 2);
    const entry = session.openDocument(yamlUri, document.getText(), 2);
    assert.equal(entry.analysis?.path, 'unit');
    assert.deepEqual(entry.model, readDocument(yamlUri, document.getText()));
  });

  it('the changed stretch of two texts', () => {
    assert.deepEqual(changedStretch('abc', 'abc'), { start: 3, end: 3, text: '' });
    assert.deepEqual(changedStretch('aaa', 'aaaa'), { start: 3, end: 3, text: 'a' });
    assert.deepEqual(changedStretch('abcd', 'ad'), { start: 1, end: 3, text: '' });
    assert.deepEqual(changedStretch('', 'x'), { start: 0, end: 0, text: 'x' });
    for (const [before, after] of [['abca', 'aXa'], ['xyz', ''], ['ab', 'ba']]) {
      const stretch = changedStretch(before, after);
      assert.equal(before.slice(0, stretch.start) + stretch.text + before.slice(stretch.end), after);
    }
  });
});
