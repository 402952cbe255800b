import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RootHistory } from '../../../client/graph/webview/rootHistory';

test('graph root history: back and forward through re-roots, a new root drops the forward part', () => {
  const history = new RootHistory();
  assert.equal(history.back(), undefined);
  history.shown('a');
  history.shown('a'); // the same root drawn again (a depth change) is not a visit
  history.shown('b');
  history.shown('c');
  assert.equal(history.back(), 'b');
  history.shown('b'); // the graph Back asked for arrives: not a new visit
  assert.equal(history.back(), 'a');
  history.shown('a');
  assert.equal(history.canGoBack, false);
  assert.equal(history.forward(), 'b');
  history.shown('b');
  assert.deepEqual(history.neighbours(), { back: 'a', forward: 'c' });
  history.shown('d'); // a click on another entity
  assert.equal(history.canGoForward, false);
  assert.equal(history.back(), 'b');
});
