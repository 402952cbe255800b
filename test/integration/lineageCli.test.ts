import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLineage } from '../../cli/lineage';
import { ingestProposal, updateLineage } from '../../core/api/pushClient';
import { startService, type RunningService } from '../../service/main';
import { runVerb } from './runVerb';

/**
 * `catalog-code lineage` with DataHub's flags (issue 24) and the workspace's pending edges (issue
 * 23), against a real local catalog: a → b → c in the catalog, b's column c1 from a's column x.
 */

const TOKEN = 'lineage-cli-token';
const ds = (name: string): string => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const col = (name: string, column: string): string => `urn:li:schemaField:(${ds(name)},${column})`;

describe('catalog-code lineage: DataHub flags, path, columns, files', () => {
  let root: string;
  let service: RunningService;
  const lineage = (...args: string[]) => runVerb(runLineage, [...args, '--service', service.url], TOKEN);

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'catalog-lineage-cli-'));
    mkdirSync(join(root, 'seed'));
    mkdirSync(join(root, 'ws'));
    writeFileSync(join(root, 'seed', 'datasets.yaml'), ['a', 'b', 'c', 'd'].map((id) => `- id: ${id}\n  platform: hive\n`).join(''));
    service = await startService({ host: '127.0.0.1', port: 0, dataDir: join(root, 'data'), token: TOKEN, seeds: [join(root, 'seed')] });
    const connection = { url: service.url, token: TOKEN };
    await updateLineage(connection, [{ downstreamUrn: ds('c'), upstreamUrn: ds('b') }], []);
    await ingestProposal(connection, {
      entityType: 'dataset',
      entityUrn: ds('b'),
      changeType: 'UPSERT',
      aspectName: 'upstreamLineage',
      aspect: { upstreams: [{ dataset: ds('a'), type: 'TRANSFORMED' }], fineGrainedLineages: [{ upstreamType: 'FIELD_SET', upstreams: [col('a', 'x')], downstreamType: 'FIELD', downstreams: [col('b', 'c1')] }] },
    });
    // The workspace adds d → c (a new upstream of c) in an updateLineage document.
    writeFileSync(join(root, 'ws', 'more.yaml'), `edgesToAdd:\n  - {downstreamUrn: "${ds('c')}", upstreamUrn: "${ds('d')}"}\nedgesToRemove: []\n`);
  });

  after(async () => {
    await service?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('--urn, --direction, --hops (default 3) and --format table', async () => {
    const run = await lineage('--urn', ds('c'), '--direction', 'UPSTREAM', '--format', 'table');
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.split('\n');
    assert.match(lines[0], /^DIRECTION\s+DEGREE\s+TYPE\s+NAME\s+URN\s+CHANGE$/);
    assert.ok(lines.some((line) => /^upstream\s+1\s+DATASET\s+b \(hive\)/.test(line)), run.stdout);
    assert.ok(lines.some((line) => /^upstream\s+2\s+DATASET\s+a \(hive\)/.test(line)), 'two hops by default (3)');
    const one = await lineage(ds('c'), '--direction', 'upstream', '--hops', '1', '--format', 'json');
    const json = JSON.parse(one.stdout) as { upstream: { urn: string; children: unknown[] }[] };
    assert.deepEqual(json.upstream.map((n) => [n.urn, n.children.length]), [[ds('b'), 0]]);
  });

  it('PATH adds the workspace pending edges, marked; the target line names the local catalog', async () => {
    const run = await lineage(ds('c'), join(root, 'ws'), '--direction', 'upstream', '--hops', '1');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^Target: the local catalog at /m);
    assert.match(run.stderr, /With the changes of 1 metadata file\(s\) under .* applied/);
    assert.match(run.stdout, /\[1\] d \(hive\)\s+\S+\s+\+ added in more\.yaml/);
    assert.match(run.stdout, /\[1\] b \(hive\)\s+\S+$/m);
  });

  it('offline with PATH: the files alone, said so', async () => {
    const run = await runVerb(runLineage, [ds('c'), join(root, 'ws'), '--direction', 'upstream'], TOKEN);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^Target: offline \(the files alone, no catalog service\)\./m);
    assert.match(run.stdout, /\[1\] d \(hive\)\s+\S+\s+\+ added in more\.yaml/);
    assert.doesNotMatch(run.stdout, /b \(hive\)/);
  });

  it('--column starts at a column: column-to-column lineage from the stored column-level edges', async () => {
    const run = await lineage(ds('b'), '--column', 'c1', '--direction', 'upstream', '--format', 'json');
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as { root: string; upstream: { urn: string }[] };
    assert.equal(json.root, col('b', 'c1'));
    assert.deepEqual(json.upstream.map((n) => n.urn), [col('a', 'x')]);
  });

  it('--column of a dataset the catalog does not have: exit 1 and the dataset named, as without --column (not an empty tree)', async () => {
    for (const args of [[ds('b_typo'), '--column', 'c1'], [col('b_typo', 'c1')]]) {
      const run = await lineage(...args);
      assert.equal(run.code, 1, `${args.join(' ')}: ${run.stdout}`);
      assert.equal(run.stdout, '', 'no tree is printed');
      assert.match(run.stderr, /The catalog at \S+ has no entity urn:li:dataset:\(urn:li:dataPlatform:hive,b_typo,PROD\) \(the dataset of the column c1\), and no file given creates it or gives it lineage\. Check the URN/);
    }
    // A column of a dataset that exists is shown, even one with no lineage: the dataset is what is judged.
    const lonely = await lineage(ds('d'), '--column', 'no_edges');
    assert.equal(lonely.code, 0, lonely.stderr);
    // A dataset only a file given creates is known: its column is shown.
    writeFileSync(join(root, 'created.yaml'), '- id: made_here\n  platform: hive\n');
    const created = await lineage(ds('made_here'), join(root, 'created.yaml'), '--column', 'k');
    assert.equal(created.code, 0, created.stderr);
  });

  it('lineage path: the shortest path between two entities, and between two columns', async () => {
    const run = await runVerb(runLineage, ['path', '--from', ds('a'), '--to', ds('c'), '--service', service.url], TOKEN);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, `Path (downstream, 2 hops):\n  ${ds('a')}\n  → ${ds('b')}\n  → ${ds('c')}`);
    const reverse = await runVerb(runLineage, ['path', '--from', ds('c'), '--to', ds('a'), '--format', 'json', '--service', service.url], TOKEN);
    const json = JSON.parse(reverse.stdout) as { direction: string; hops: number; found: boolean };
    assert.deepEqual([json.found, json.direction, json.hops], [true, 'UPSTREAM', 2]);
    const columns = await runVerb(runLineage, ['path', '--from', ds('a'), '--from-column', 'x', '--to', ds('b'), '--to-column', 'c1', '--service', service.url], TOKEN);
    assert.equal(columns.code, 0, columns.stderr);
    assert.match(columns.stdout, /Path \(downstream, 1 hop\):/);
    const pending = await runVerb(runLineage, ['path', '--from', ds('d'), '--to', ds('c'), join(root, 'ws'), '--service', service.url], TOKEN);
    assert.match(pending.stdout, /→ urn:li:dataset:\(urn:li:dataPlatform:hive,c,PROD\)\s+\+ added in more\.yaml/);
  });

  it('no path: exit 1 and a sentence; wrong flags: exit 2 with the reason', async () => {
    const none = await runVerb(runLineage, ['path', '--from', ds('d'), '--to', ds('a'), '--service', service.url], TOKEN);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /No lineage path from .*d,PROD\) to .*a,PROD\)/);
    assert.equal((await lineage(ds('c'), '--hops', 'many')).code, 2);
    assert.equal((await lineage(ds('c'), '--hops', '2', '--degree', '1')).code, 2);
    assert.equal((await lineage(ds('c'), '--format', 'yaml')).code, 2);
    assert.equal((await lineage('urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,PROD),load)', '--column', 'x')).code, 2);
    const missing = await lineage(ds('nowhere'));
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /has no entity .*nowhere/);
  });
});
