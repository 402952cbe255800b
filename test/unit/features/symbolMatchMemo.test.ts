import { test } from 'node:test';
import assert from 'node:assert/strict';
import { workspaceSymbols, workspaceSymbolsOf, type ChangingDocuments } from '../../../core/features/workspaceSymbols';
import { WorkspaceSession } from '../../../core/workspace/session';
import { DocumentChangeLog } from '../../../core/workspace/documentChangeLog';
import { SymbolMatchMemo, type MatchedRows } from '../../../core/features/symbolMatchMemo';
import { newMentions, type FileMentions } from '../../../core/mentions/fileMentions';
import type { WorkspaceDocument } from '../../../core/workspace/workspaceDocument';
import { seededRandom } from '../../../support/random';
import { documentOf } from './helpers';

const NAMES = ['orders', 'Orders_daily', 'ORDERS_raw', 'customers', 'Kelvin_\u212A', 'straße', 'İstanbul', 'table_K', 'x', 'order_items'];
const QUERIES = ['o', 'or', 'ord', 'orde', 'order', 'ORDERS', 'orders_d', 'od', 'k', 'K', 'kel', 'ss', 'i', 'İ', 'cust', 'hive,o', 'zz', 'x)', 'ord,'];

function fileText(random: ReturnType<typeof seededRandom>): string {
  const pick = () => NAMES[random.int(NAMES.length)];
  const refs = Array.from({ length: 1 + random.int(4) }, () => `  - urn:li:dataset:(urn:li:dataPlatform:hive,${pick()},PROD)\n`).join('');
  return `id: ${pick()}\nplatform: hive\nstructured_properties:\n  io.acme.${pick()}: a\nschema:\n  fields:\n    - id: ${pick()}\ndownstreams:\n${refs}`;
}

const shown = (documents: readonly WorkspaceDocument[], query: string, memo?: SymbolMatchMemo) => workspaceSymbols(documents, query, memo).map(({ name, uri, urn, defined, range }) => ({ name, uri, urn, defined, range }));

test('with the memo, every answer is the one matching every file afresh: queries asked again, typed further, shortened, changed case, while files are added, edited and removed', () => {
  for (const seed of [4111, 4112, 4113, 4114]) {
    const random = seededRandom(seed);
    const documents: WorkspaceDocument[] = [];
    const memo = new SymbolMatchMemo();
    let serial = 0;
    for (let step = 0; step < 160; step++) {
      const roll = random.int(10);
      if (roll < 3 || documents.length < 2) documents.push(documentOf(`file:///w/f${String(serial++).padStart(4, '0')}.yaml`, fileText(random)));
      else if (roll === 3) {
        const at = random.int(documents.length);
        documents[at] = documentOf(documents[at].uri, fileText(random));
      } else if (roll === 4) documents.splice(random.int(documents.length), 1);
      // A query, often the one before typed further or asked again (as a polling client or a typing user does).
      const query = QUERIES[random.int(QUERIES.length)];
      assert.deepEqual(shown(documents, query, memo), shown(documents, query), `seed ${seed}, step ${step}, query '${query}'`);
    }
  }
});

test('a query asked again matches only files with new mentions, and one typed further only the rows the shorter one matched', () => {
  const memo = new SymbolMatchMemo();
  const files = [newMentions(['urn:a', 'urn:b', 'urn:c'], new Int32Array(9)), newMentions(['urn:d'], new Int32Array(3))];
  const asked: { serial: number; within: MatchedRows | undefined }[] = [];
  const run = (query: string, mentions: readonly FileMentions[], answer: (mentions: FileMentions) => number[]) => {
    const pass = memo.begin(query);
    const rows = mentions.map((m) => pass.rowsOf(m, (_, within) => (asked.push({ serial: m.serial, within }), within ? answer(m).filter((row) => within.includes(row)) : answer(m))));
    pass.end();
    return rows;
  };
  assert.deepEqual(run('ord', files, (m) => (m === files[0] ? [0, 2] : [])), [[0, 2], []]);
  assert.equal(asked.length, 2);
  asked.length = 0;
  // Asked again, with one file new: only the new one is matched.
  const added = newMentions(['urn:e'], new Int32Array(3));
  assert.deepEqual(run('ord', [...files, added], (m) => (m === added ? [0] : [])), [[0, 2], [], [0]]);
  assert.deepEqual(asked, [{ serial: added.serial, within: undefined }]);
  asked.length = 0;
  // Typed further: a file the shorter query found nothing in is not matched; the others only within its rows.
  assert.deepEqual(run('ORDe', [...files, added], (m) => (m === files[0] ? [2] : [0])), [[2], [], [0]]);
  assert.deepEqual(asked, [{ serial: files[0].serial, within: [0, 2] }, { serial: added.serial, within: [0] }]);
  asked.length = 0;
  // Not an extension of any remembered query (its characters are not theirs in order): every file matched afresh.
  run('xyz', files, () => []);
  assert.deepEqual(asked.map((a) => a.within), [undefined, undefined]);
});

const shownOf = (documents: ChangingDocuments, query: string, memo: SymbolMatchMemo) => workspaceSymbolsOf(documents, query, memo).map(({ name, uri, urn, defined, range }) => ({ name, uri, urn, defined, range }));

test("a session's query asked again adds the files changed since its kept answer, and equals the answer read afresh: files added, edited, opened, closed, removed", async () => {
  for (const seed of [5111, 5112, 5113]) {
    const random = seededRandom(seed);
    const session = new WorkspaceSession();
    const memo = new SymbolMatchMemo();
    const uris: string[] = [];
    for (let step = 0; step < 220; step++) {
      const roll = random.int(12);
      if (roll < 4 || uris.length < 2) {
        uris.push(`file:///w/f${String(step).padStart(4, '0')}.yaml`);
        session.setFile(uris[uris.length - 1], fileText(random));
      } else if (roll === 4) session.setFile(uris[random.int(uris.length)], fileText(random));
      else if (roll === 5) session.updateOpenDocument(uris[random.int(uris.length)], fileText(random), step);
      else if (roll === 6) await session.fileChanged(uris.splice(random.int(uris.length), 1)[0], true);
      // Polls: a few queries asked again and again, now and then another.
      const query = random.int(4) === 0 ? QUERIES[random.int(QUERIES.length)] : QUERIES[random.int(3)];
      assert.deepEqual(shownOf(session, query, memo), shown(session.all(), query), `seed ${seed}, step ${step}, query '${query}'`);
    }
  }
});

test('a query asked again reads only the files changed since; a change to a file that gave a symbol, or changes the log no longer holds, read every file again', () => {
  const files = new Map<string, WorkspaceDocument>();
  const log = new DocumentChangeLog(() => files.size);
  const read = { all: 0, listed: [] as string[] };
  const documents: ChangingDocuments = {
    all: () => (read.all++, [...files.values()]),
    get generation() {
      return log.generation;
    },
    changedSince: (generation) => log.since(generation),
    listed: (uri) => (read.listed.push(uri), files.get(uri)),
  };
  const put = (name: string, text: string) => {
    const uri = `file:///w/${name}.yaml`;
    files.set(uri, documentOf(uri, text));
    log.changed(uri);
  };
  const dataset = (name: string) => `id: ${name}\nplatform: hive\n`;
  put('a', dataset('orders'));
  put('b', dataset('customers'));
  const memo = new SymbolMatchMemo();
  assert.deepEqual(shownOf(documents, 'orders', memo).map((s) => s.name), ['orders']);
  assert.equal(read.all, 1);
  // New files: only they are read, the kept answer grows.
  put('c', dataset('orders_daily'));
  put('d', dataset('customers_2'));
  assert.deepEqual(shownOf(documents, 'orders', memo).map((s) => s.name), ['orders', 'orders_daily']);
  assert.deepEqual([read.all, read.listed], [1, ['file:///w/c.yaml', 'file:///w/d.yaml']]);
  // Nothing changed: nothing read.
  read.listed.length = 0;
  shownOf(documents, 'orders', memo);
  assert.deepEqual([read.all, read.listed], [1, []]);
  // A file that gave a symbol changes: every file is read again (what it gave may be gone).
  put('a', dataset('renamed'));
  assert.deepEqual(shownOf(documents, 'orders', memo).map((s) => s.name), ['orders_daily']);
  assert.equal(read.all, 2);
  // More changes than the log keeps (twice the files and its slack): read again, and still right.
  for (let i = 0; i < 9_000; i++) put('b', dataset(`customers_${i}`));
  put('e', dataset('orders_e'));
  assert.equal(log.since(0), undefined);
  assert.deepEqual(shownOf(documents, 'orders', memo).map((s) => s.name), ['orders_daily', 'orders_e']);
  assert.equal(read.all, 3);
});
