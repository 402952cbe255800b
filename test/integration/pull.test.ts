import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runPlan } from '../../cli/plan';
import { runPull } from '../../cli/pull';
import { runValidate } from '../../cli/validate/validate';
import { startService, type RunningService } from '../../service/main';
import { TOKEN } from './catalog';
import { runVerb } from './runVerb';

const SAMPLE = join(process.cwd(), 'test', 'fixtures', 'sample-catalog');
const hive = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;

describe('catalog-code pull from the seeded local catalog', () => {
  let service: RunningService;
  let root: string;
  const pull = (out: string, ...args: string[]) => runVerb(runPull, ['--service', service.url, '--out', out, ...args], TOKEN);
  const validate = (path: string) => runVerb(runValidate, [path, '--service', service.url], TOKEN);
  const plan = (path: string) => runVerb(runPlan, [path, '--service', service.url, '--detailed-exitcode'], TOKEN);
  const files = (dir: string) => readdirSync(dir).sort();

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'catalog-code-pull-'));
    mkdirSync(join(root, 'data'));
    service = await startService({ host: '127.0.0.1', port: 0, dataDir: join(root, 'data'), token: TOKEN, seeds: [SAMPLE] });
  });
  after(async () => {
    await service.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('round trip: pull everything → validate reports nothing → plan has no change → a second pull writes nothing', async () => {
    const out = join(root, 'everything');
    const first = await pull(out);
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(files(out), ['datasets.yaml', 'properties.yaml', 'structured-properties.mcp.json'], 'charts and dashboards hold values too: an MCP JSON');
    assert.match(first.stdout, /wrote .*properties\.yaml \(\d+ property definition\(s\)\)/);
    const properties = readFileSync(join(out, 'properties.yaml'), 'utf8');
    assert.match(properties, /^- urn: urn:li:structuredProperty:\S+\n {2}qualified_name: \S+\n {2}type: urn:li:dataType:/);
    assert.doesNotMatch(properties, /null|\d{4}-\d\d-\d\dT/, 'no null keys, no time stamps');
    const datasets = readFileSync(join(out, 'datasets.yaml'), 'utf8');
    assert.match(datasets, /- id: warehouse\.orders_clean\n {2}platform: hive\n {2}description: Valid orders with amounts in EUR\.\n {2}structured_properties:\n/);

    const checked = await validate(out);
    assert.equal(checked.code, 0, checked.stdout + checked.stderr);
    assert.equal(checked.stdout.trim(), '3 metadata file(s) checked: 0 error(s), 0 warning(s).');
    const planned = await plan(out);
    assert.equal(planned.code, 0, planned.stdout + planned.stderr);
    assert.match(planned.stdout, /Nothing to push/);

    const before = Object.fromEntries(files(out).map((f) => [f, statSync(join(out, f)).mtimeMs]));
    const second = await pull(out);
    assert.equal(second.code, 0, second.stderr);
    assert.doesNotMatch(second.stdout, /^wrote/m);
    assert.equal((second.stdout.match(/^unchanged /gm) ?? []).length, 3);
    assert.deepEqual(Object.fromEntries(files(out).map((f) => [f, statSync(join(out, f)).mtimeMs])), before);
  });

  it('lineage to N hops as a lineage file with column-level edges round-trips, and as an edge document', async () => {
    const out = join(root, 'lineage');
    const run = await pull(out, '--lineage', hive('warehouse.customer_orders'), '--degree', '2', '--direction', 'upstream');
    assert.equal(run.code, 0, run.stderr);
    const text = readFileSync(join(out, 'lineage.yml'), 'utf8');
    assert.match(text, /^version: 1\nlineage:\n/);
    assert.deepEqual([...text.matchAll(/^ {2}- entity:\n {6}name: (\S+)/gm)].map((m) => m[1]), ['staging.customers', 'warehouse.customer_orders', 'warehouse.orders_clean'], 'every downstream within 2 hops, each with all its upstreams');
    assert.match(text, /name: crm\.customers\n {10}type: dataset\n {10}env: PROD\n {10}platform: postgres/, 'the second hop');
    assert.match(text, /fineGrainedLineages:\n\s+- upstreamType: FIELD_SET\n/);
    assert.match(text, /transformOperation: convert_currency/);
    assert.equal((await validate(out)).code, 0);
    const planned = await plan(out);
    assert.equal(planned.code, 0, planned.stdout + planned.stderr);

    const edgesOut = join(root, 'edges');
    const edges = await pull(edgesOut, '--lineage', hive('staging.orders'), '--degree', '1');
    assert.equal(edges.code, 0, edges.stderr);
    assert.match(edges.stderr, /Wrote an updateLineage edge document because the lineage has entities other than datasets/);
    const document = readFileSync(join(edgesOut, 'lineage-edges.yaml'), 'utf8');
    assert.match(document, /^edgesToAdd:\n {2}- downstreamUrn: /);
    assert.match(document, /upstreamUrn: urn:li:dataJob:\(urn:li:dataFlow:\(airflow,orders_pipeline,prod\),ingest_orders\)/);
    const refused = await pull(join(root, 'refused'), '--lineage', hive('staging.orders'), '--lineage-format', 'file');
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /A lineage file names datasets only.*--lineage-format edges/);
    assert.match(document, /edgesToRemove: \[\]\n$/);
    assert.equal((await plan(edgesOut)).code, 0);
  });

  it('narrows by property id or prefix and by entity; says what is wrong with a bad selection', async () => {
    const out = join(root, 'narrow');
    const run = await pull(out, '--property-prefix', 'io.catalogcode.quality.', '--entity', hive('warehouse.orders_clean'));
    assert.equal(run.code, 0, run.stderr);
    const properties = readFileSync(join(out, 'properties.yaml'), 'utf8');
    const names = [...properties.matchAll(/qualified_name: (\S+)/g)].map((m) => m[1]);
    assert.ok(names.length > 0 && names.every((n) => n.startsWith('io.catalogcode.quality.')), names.join(','));
    assert.deepEqual([...readFileSync(join(out, 'datasets.yaml'), 'utf8').matchAll(/^- id: (\S+)/gm)].map((m) => m[1]), ['warehouse.orders_clean']);
    assert.equal((await plan(join(out, 'datasets.yaml'))).code, 0);

    const bad = await pull(join(root, 'bad'), '--lineage', 'urn:li:dataset:(nope');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /is not a valid URN/);
    const missing = await pull(join(root, 'bad'), '--lineage', hive('not.there'));
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /has no entity .*not\.there/);
    const noOut = await runVerb(runPull, ['--service', service.url], TOKEN);
    assert.equal(noOut.code, 2);
    assert.match(noOut.stderr, /--out DIR/);
  });
});
