import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FineGrainedLineageView, LineageScrollRequest, LineageSearchHit } from '../../../core/api/lineageClient';
import type { LineageFetcher } from '../../../core/lineage/types';
import { PendingState } from '../../../core/pending/pendingState';
import { WorkspaceSession } from '../../../core/workspace/session';

const ds = (name: string): string => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const col = (name: string, column: string): string => `urn:li:schemaField:(${ds(name)},${column})`;
const LINEAGE = 'file:///repo/revenue-lineage.yml';

const lineageFile = (...upstreams: string[]) => `version: 1
lineage:
  - entity: {name: revenue, type: dataset, platform: hive}
    upstream:
${upstreams.map((u) => `      - entity: {name: ${u}, type: dataset, platform: hive}`).join('\n')}
`;

/**
 * The catalog as plain data, answering as the service's lineage search does (one hop, both
 * directions): a real LineageFetcher over a list of edges, counting what it was asked.
 */
function catalogOf(edges: [string, string][], columns: Record<string, FineGrainedLineageView[]> = {}): LineageFetcher & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async scrollLineage(request: LineageScrollRequest) {
      asked.push(`${request.direction} ${request.urn}`);
      const results: LineageSearchHit[] = edges
        .filter(([up, down]) => (request.direction === 'UPSTREAM' ? down === request.urn : up === request.urn))
        .map(([up, down]) => ({ urn: request.direction === 'UPSTREAM' ? up : down, type: 'DATASET', degree: 1 }));
      return { results, nextScrollId: null, total: results.length };
    },
    async fineGrainedLineages(urn: string) {
      return columns[urn] ?? [];
    },
  };
}

function pending(files: Record<string, string>, catalog?: LineageFetcher): { state: PendingState; session: WorkspaceSession } {
  const session = new WorkspaceSession();
  for (const [uri, text] of Object.entries(files)) session.setFile(uri, text);
  return { session, state: new PendingState(session, { catalog: () => catalog }) };
}

const byUrn = (hits: LineageSearchHit[]) => Object.fromEntries(hits.map((h) => [h.urn, { change: h.mark?.change, sources: h.mark?.sources, degree: h.degree }]));

describe('pending state: one hop', () => {
  it('shows the catalog with the files applied: added, removed (owned, not listed) and unchanged edges, each with its file', async () => {
    const catalog = catalogOf([
      [ds('orders'), ds('revenue')],
      [ds('legacy'), ds('revenue')],
    ]);
    const { state } = pending({ [LINEAGE]: lineageFile('orders', 'customers') }, catalog);
    const page = await state.lineage.page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'] });
    assert.equal(page.basis, 'catalogAndFiles');
    assert.deepEqual(byUrn(page.results), {
      [ds('orders')]: { change: 'unchanged', sources: [], degree: 1 },
      [ds('legacy')]: { change: 'removed', sources: [LINEAGE], degree: 1 },
      [ds('customers')]: { change: 'added', sources: [LINEAGE], degree: 1 },
    });
  });

  it('marks the same edges from the other end (downstream pages)', async () => {
    const catalog = catalogOf([[ds('legacy'), ds('revenue')]]);
    const { state } = pending({ [LINEAGE]: lineageFile('customers') }, catalog);
    const legacy = await state.lineage.page({ urn: ds('legacy'), direction: 'DOWNSTREAM', degrees: ['1'] });
    assert.deepEqual(byUrn(legacy.results), { [ds('revenue')]: { change: 'removed', sources: [LINEAGE], degree: 1 } });
    const customers = await state.lineage.page({ urn: ds('customers'), direction: 'DOWNSTREAM', degrees: ['1'] });
    assert.deepEqual(byUrn(customers.results), { [ds('revenue')]: { change: 'added', sources: [LINEAGE], degree: 1 } });
  });

  it('names the file of an explicit remove (updateLineage document) and keeps edges other files do not own', async () => {
    const edges = 'file:///repo/cut.yaml';
    const doc = `edgesToAdd: []\nedgesToRemove:\n  - {downstreamUrn: "${ds('revenue')}", upstreamUrn: "${ds('orders')}"}\n`;
    const catalog = catalogOf([
      [ds('orders'), ds('revenue')],
      [ds('legacy'), ds('revenue')],
    ]);
    const { state } = pending({ [edges]: doc }, catalog);
    const page = await state.lineage.page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'] });
    assert.deepEqual(byUrn(page.results), {
      [ds('orders')]: { change: 'removed', sources: [edges], degree: 1 },
      [ds('legacy')]: { change: 'unchanged', sources: [], degree: 1 },
    });
  });

  it('view pushed is the catalog alone, without marks', async () => {
    const catalog = catalogOf([[ds('legacy'), ds('revenue')]]);
    const { state } = pending({ [LINEAGE]: lineageFile('customers') }, catalog);
    const page = await state.lineage.page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'], view: 'pushed' });
    assert.equal(page.basis, 'catalogOnly');
    assert.deepEqual(page.results.map((h) => [h.urn, h.mark]), [[ds('legacy'), undefined]]);
  });

  it('offline, answers from the files alone and says so; view pushed says why it cannot answer', async () => {
    const { state } = pending({ [LINEAGE]: lineageFile('customers') });
    const page = await state.lineage.page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'] });
    assert.equal(page.basis, 'filesOnly');
    assert.deepEqual(byUrn(page.results), { [ds('customers')]: { change: 'added', sources: [LINEAGE], degree: 1 } });
    await assert.rejects(state.lineage.page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'], view: 'pushed' }), /no catalog service is connected/);
  });

  it('falls back to the files alone when the catalog cannot be read, and asks it again next time', async () => {
    let fail = true;
    const working = catalogOf([[ds('legacy'), ds('revenue')]]);
    const flaky: LineageFetcher = {
      scrollLineage: async (request) => {
        if (fail) throw new Error('connection refused');
        return working.scrollLineage(request);
      },
      fineGrainedLineages: working.fineGrainedLineages,
    };
    const logged: string[] = [];
    const session = new WorkspaceSession();
    session.setFile(LINEAGE, lineageFile('customers'));
    const state = new PendingState(session, { catalog: () => flaky, log: (m) => logged.push(m) });
    const first = await state.lineage.page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'] });
    assert.equal(first.basis, 'filesOnly');
    assert.match(logged.join('\n'), /could not be read from the catalog \(connection refused\); showing the files' edges alone/);
    fail = false;
    const second = await state.lineage.page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'] });
    assert.equal(second.basis, 'catalogAndFiles');
    assert.equal(byUrn(second.results)[ds('legacy')].change, 'removed');
  });

  it('reads the catalog once per entity and direction until it is told the catalog changed', async () => {
    const catalog = catalogOf([[ds('orders'), ds('revenue')]]);
    const { state } = pending({ [LINEAGE]: lineageFile('orders') }, catalog);
    const ask = () => state.lineage.page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'] });
    await ask();
    await ask();
    assert.equal(catalog.asked.length, 1);
    state.forgetCatalog();
    await ask();
    assert.equal(catalog.asked.length, 2);
  });

  it('follows a file edited since the last answer (the files are read per session generation)', async () => {
    const { state, session } = pending({ [LINEAGE]: lineageFile('orders') });
    const first = await state.lineage.page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'] });
    assert.deepEqual(first.results.map((h) => h.urn), [ds('orders')]);
    session.setFile(LINEAGE, lineageFile('orders', 'customers'));
    const second = await state.lineage.page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'] });
    assert.deepEqual(second.results.map((h) => h.urn).sort(), [ds('customers'), ds('orders')].sort());
  });

  it('pages a long answer with a scroll id', async () => {
    const names = Array.from({ length: 7 }, (_, i) => `up${i}`);
    const { state } = pending({ [LINEAGE]: lineageFile(...names) });
    const first = await state.lineage.page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'], count: 5 });
    assert.equal(first.results.length, 5);
    assert.equal(first.total, 7);
    assert.ok(first.nextScrollId);
    const second = await state.lineage.page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1'], count: 5, scrollId: first.nextScrollId });
    assert.equal(second.results.length, 2);
    assert.equal(second.nextScrollId, null);
    assert.deepEqual(new Set([...first.results, ...second.results].map((h) => h.urn)), new Set(names.map(ds)));
  });
});

describe('pending state: degrees', () => {
  it('counts degrees over the pending edges: through an added edge (marked added), never through a removed one', async () => {
    // catalog: a → b → revenue, legacy → revenue, old → legacy; files: revenue's upstreams are b and customers; customers ← crm
    const catalog = catalogOf([
      [ds('a'), ds('b')],
      [ds('b'), ds('revenue')],
      [ds('legacy'), ds('revenue')],
      [ds('old'), ds('legacy')],
    ]);
    const crmFile = 'file:///repo/crm.yaml';
    const crm = `edgesToAdd:\n  - {downstreamUrn: "${ds('customers')}", upstreamUrn: "${ds('crm')}"}\nedgesToRemove: []\n`;
    const { state } = pending({ [LINEAGE]: lineageFile('b', 'customers'), [crmFile]: crm }, catalog);
    const page = await state.lineage.page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['1', '2', '3+'] });
    assert.deepEqual(byUrn(page.results), {
      [ds('b')]: { change: 'unchanged', sources: [], degree: 1 },
      [ds('legacy')]: { change: 'removed', sources: [LINEAGE], degree: 1 },
      [ds('customers')]: { change: 'added', sources: [LINEAGE], degree: 1 },
      [ds('a')]: { change: 'unchanged', sources: [], degree: 2 },
      [ds('crm')]: { change: 'added', sources: [crmFile, LINEAGE], degree: 2 },
    });
    const second = await state.lineage.page({ urn: ds('revenue'), direction: 'UPSTREAM', degrees: ['2'] });
    assert.deepEqual(second.results.map((h) => h.urn).sort(), [ds('a'), ds('crm')].sort());
  });

  it('stops a walk at its bound of entities', async () => {
    const chain: [string, string][] = Array.from({ length: 30 }, (_, i) => [ds(`n${i + 1}`), ds(`n${i}`)]);
    const session = new WorkspaceSession();
    const state = new PendingState(session, { catalog: () => catalogOf(chain), maxEntities: 10 });
    const page = await state.lineage.page({ urn: ds('n0'), direction: 'UPSTREAM', degrees: ['1', '2', '3+'], count: 100 });
    assert.ok(page.results.length <= 10, `at most the bound, got ${page.results.length}`);
    assert.ok((page.cut ?? 0) >= 1, 'the last page says the walk was cut');
  });

  it('says how many of a wide fan-out the bound left out, on the last page only, and that a walk within it is whole', async () => {
    const fan: [string, string][] = Array.from({ length: 30 }, (_, i) => [ds(`up${i}`), ds('hub')]);
    const state = new PendingState(new WorkspaceSession(), { catalog: () => catalogOf(fan), maxEntities: 10 });
    const first = await state.lineage.page({ urn: ds('hub'), direction: 'UPSTREAM', degrees: ['1'], count: 5 });
    assert.equal(first.cut, undefined);
    const last = await state.lineage.page({ urn: ds('hub'), direction: 'UPSTREAM', degrees: ['1'], count: 5, scrollId: first.nextScrollId });
    assert.equal(last.nextScrollId, null);
    assert.equal(first.results.length + last.results.length, 9);
    assert.equal(last.cut, 21);
    const whole = new PendingState(new WorkspaceSession(), { catalog: () => catalogOf(fan), maxEntities: 100 });
    assert.equal((await whole.lineage.page({ urn: ds('hub'), direction: 'UPSTREAM', degrees: ['1'], count: 100 })).cut, undefined);
  });
});

describe('pending state: column-level edges', () => {
  const lineageWithColumns = `version: 1
lineage:
  - entity: {name: revenue, type: dataset, platform: hive}
    upstream:
      - entity: {name: orders, type: dataset, platform: hive}
    fineGrainedLineages:
      - upstreamType: FIELD_SET
        upstreams: ["${col('orders', 'amount')}"]
        downstreamType: FIELD
        downstreams: ["${col('revenue', 'total')}"]
`;

  it('marks stored column edges the file drops as removed and new ones as added', async () => {
    const stored: FineGrainedLineageView[] = [{ upstreamType: 'FIELD_SET', upstreams: [col('orders', 'id')], downstreamType: 'FIELD', downstreams: [col('revenue', 'id')] }];
    const { state } = pending({ [LINEAGE]: lineageWithColumns }, catalogOf([[ds('orders'), ds('revenue')]], { [ds('revenue')]: stored }));
    const columns = await state.lineage.fineGrained(ds('revenue'));
    assert.deepEqual(
      columns.map((c) => [c.upstreams[0], c.mark?.change, c.mark?.sources]),
      [
        [col('orders', 'id'), 'removed', [LINEAGE]],
        [col('orders', 'amount'), 'added', [LINEAGE]],
      ],
    );
    const pushed = await state.lineage.fineGrained(ds('revenue'), 'pushed');
    assert.deepEqual(pushed, stored);
  });

  it('answers column-to-column pages: a column edge of the file added, a stored one into an owned dataset removed', async () => {
    const catalog = catalogOf([[col('orders', 'id'), col('revenue', 'total')]]);
    const { state } = pending({ [LINEAGE]: lineageWithColumns }, catalog);
    const page = await state.lineage.page({ urn: col('revenue', 'total'), direction: 'UPSTREAM', degrees: ['1'] });
    assert.deepEqual(byUrn(page.results), {
      [col('orders', 'id')]: { change: 'removed', sources: [LINEAGE], degree: 1 },
      [col('orders', 'amount')]: { change: 'added', sources: [LINEAGE], degree: 1 },
    });
    const down = await state.lineage.page({ urn: col('orders', 'amount'), direction: 'DOWNSTREAM', degrees: ['1'] });
    assert.deepEqual(byUrn(down.results), { [col('revenue', 'total')]: { change: 'added', sources: [LINEAGE], degree: 1 } });
  });

  it('leaves the stored column edges unchanged when no file owns them', async () => {
    const stored: FineGrainedLineageView[] = [{ upstreams: [col('orders', 'id')], downstreams: [col('revenue', 'id')] }];
    const { state } = pending({}, catalogOf([], { [ds('revenue')]: stored }));
    assert.deepEqual((await state.lineage.fineGrained(ds('revenue'))).map((c) => c.mark?.change), ['unchanged']);
  });
});
