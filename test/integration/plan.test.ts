import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runPlan } from '../../cli/plan';
import { applyPlan } from '../../core/plan/pushApply';
import { buildPushPlan } from '../../core/plan/pushPlan';
import { ds, lineageYaml, prop, startCatalogWithFiles, TOKEN, type TestCatalog } from './catalog';
import { runVerb } from './runVerb';

const TIERS_YAML = (allowed: string[], cardinality = 'MULTIPLE', version?: string) => `- id: io.acme.tier
${version ? `  version: '${version}'\n` : ''}  type: string
  cardinality: ${cardinality}
  entity_types: [dataset]
  allowed_values:
${allowed.map((v) => `    - value: ${v}`).join('\n')}
`;

describe('catalog-code plan against the local catalog', () => {
  let catalog: TestCatalog;
  const plan = (args: string[]) => runVerb(runPlan, [...args, '--service', catalog.url], TOKEN);

  before(async () => {
    catalog = await startCatalogWithFiles();
    catalog.write('report.yml', 'version: 1\nlineage:\n  - entity: {name: report, type: dataset, platform: hive}\n    upstream:\n      - entity: {name: orders, type: dataset, platform: hive}\n');
    catalog.write('tiers.yaml', TIERS_YAML(['gold', 'silver', 'bronze']));
    catalog.write('tiered.yaml', '- id: orders\n  platform: hive\n  structured_properties:\n    io.acme.tier: [gold, silver]\n- id: customers\n  platform: hive\n  structured_properties:\n    io.acme.tier: bronze\n');
    const models = catalog.models('props.yaml', 'datasets.yaml', 'lineage.yml', 'report.yml', 'tiers.yaml', 'tiered.yaml');
    const result = await applyPlan(catalog.connection, await buildPushPlan(catalog.connection, models));
    assert.deepEqual(result.failed, []);
  });
  after(() => catalog.close());

  it('--detailed-exitcode exits 0 when the catalog already holds the files, in every format', async () => {
    const text = await plan([catalog.files, '--detailed-exitcode']);
    assert.equal(text.code, 0, text.stderr + text.stdout);
    assert.match(text.stdout, /Nothing to push: the service already holds everything these files say\./);
    const markdown = await plan([catalog.files, '--detailed-exitcode', '--format', 'markdown']);
    assert.equal(markdown.code, 0);
    assert.match(markdown.stdout, /^### Catalog Code plan\n\n\*\*No changes\.\*\*/);
    assert.doesNotMatch(markdown.stdout, /<details>/);
    const json = await plan([catalog.files, '--detailed-exitcode', '--format', 'json']);
    const parsed = JSON.parse(json.stdout) as { changes: boolean; counts: { items: number; unchanged: number } };
    assert.equal(parsed.changes, false);
    assert.equal(parsed.counts.items, 0);
    assert.ok(parsed.counts.unchanged > 0);
  });

  it('exits 2 on drift, says what a removed edge cuts downstream by degree, and sends nothing', async () => {
    catalog.write('lineage.yml', lineageYaml(['raw_orders']));
    const run = await plan([join(catalog.files, 'lineage.yml'), '--detailed-exitcode']);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, new RegExp(`- upstream ${escape(ds('customers'))} \\(no longer listed in the file\\)`));
    assert.match(run.stdout, /Impact:\n {2}- upstream .*customers.* removed from .*orders.*: cuts 2 downstream entities/);
    assert.match(run.stdout, new RegExp(`degree 0 {2}${escape(ds('orders'))}\\n {6}degree 1 {2}${escape(ds('report'))}`));
    assert.deepEqual(await catalog.neighbours(ds('orders'), 'UPSTREAM'), [ds('customers'), ds('raw_orders')]);
    const plain = await plan([join(catalog.files, 'lineage.yml')]);
    assert.equal(plain.code, 0, 'without --detailed-exitcode a plan with changes exits 0');
  });

  it('markdown puts the summary first and folds each entity in <details>', async () => {
    const run = await plan([join(catalog.files, 'lineage.yml'), '--format', 'markdown', '--detailed-exitcode']);
    assert.equal(run.code, 2);
    const text = run.stdout;
    assert.match(text, /^### Catalog Code plan\n\n\*\*1 change\(s\) to 1 entity\*\* against `http:\/\/127\.0\.0\.1:\d+`: 0 to add, 0 to change, 1 to remove;/);
    assert.ok(text.indexOf('#### Impact') < text.indexOf('<details>'), 'the impact comes before the folded details');
    assert.match(text, /<details>\n<summary><code>urn:li:dataset:\(urn:li:dataPlatform:hive,orders,PROD\)<\/code>: \+0 ~0 -1<\/summary>\n\n```diff\n# Lineage \(updateLineage\)\n- upstream /);
    assert.match(text, /<summary>Cut by .*customers.* → .*orders.*<\/summary>\n\n- degree 0: `urn:li:dataset:\(urn:li:dataPlatform:hive,orders,PROD\)`\n- degree 1: `urn:li:dataset:\(urn:li:dataPlatform:hive,report,PROD\)`/);
    assert.equal((text.match(/<details>/g) ?? []).length, (text.match(/<\/details>/g) ?? []).length);
    catalog.write('lineage.yml', lineageYaml(['raw_orders', 'customers']));
  });

  it('names the entities whose values a narrowed definition leaves invalid (allowed value removed, cardinality narrowed)', async () => {
    // With a new version, as the service asks of a narrowing (without one, plan stops on definition.breakingChange).
    catalog.write('tiers.yaml', TIERS_YAML(['gold', 'bronze'], 'SINGLE', '20990101000000'));
    const run = await plan([join(catalog.files, 'tiers.yaml'), '--format', 'json', '--detailed-exitcode']);
    assert.equal(run.code, 2, run.stderr);
    const parsed = JSON.parse(run.stdout) as { impacts: { kind: string; propertyUrn: string; changes: string[]; usedBy: number; invalid: { urn: string; reason: string }[] }[] };
    assert.equal(parsed.impacts.length, 1);
    const [impact] = parsed.impacts;
    assert.equal(impact.propertyUrn, prop('io.acme.tier'));
    assert.deepEqual(impact.changes, ['allowed value "silver" removed', 'cardinality MULTIPLE → SINGLE']);
    assert.equal(impact.usedBy, 2);
    assert.deepEqual(impact.invalid, [{ urn: ds('orders'), reason: 'holds "silver", no longer allowed; holds 2 values; the property becomes SINGLE' }]);
    const text = await plan([join(catalog.files, 'tiers.yaml')]);
    assert.match(text.stdout, /io\.acme\.tier \(allowed value "silver" removed; cardinality MULTIPLE → SINGLE\): used by 2 entities, 1 with values no longer allowed/);
    catalog.write('tiers.yaml', TIERS_YAML(['gold', 'silver', 'bronze']));
  });

  it('a soft delete says how many entities hold a value', async () => {
    catalog.write('delete-tier.json', JSON.stringify([{ entityType: 'structuredProperty', entityUrn: prop('io.acme.tier'), changeType: 'UPSERT', aspectName: 'status', aspect: { json: { removed: true } } }]));
    const run = await plan([join(catalog.files, 'delete-tier.json'), '--detailed-exitcode']);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, /io\.acme\.tier \(soft deleted\): used by 2 entities, whose values become hidden/);
    const skipped = await plan([join(catalog.files, 'delete-tier.json'), '--no-impact']);
    assert.doesNotMatch(skipped.stdout, /Impact/);
  });

  it('an impact the service cannot compute is named, and the rest of the plan and impact still print', async () => {
    const deleted = await applyPlan(catalog.connection, await buildPushPlan(catalog.connection, catalog.models('delete-tier.json')));
    assert.deepEqual(deleted.failed, []);
    catalog.write('tiers.yaml', TIERS_YAML(['gold'], 'SINGLE'));
    catalog.write('cut.yml', lineageYaml(['raw_orders']));
    const run = await plan([join(catalog.files, 'tiers.yaml'), join(catalog.files, 'cut.yml'), '--detailed-exitcode']);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, /cuts 2 downstream entities/, 'the edge impact is still there');
    assert.match(run.stdout, /Impact not computed: urn:li:structuredProperty:io\.acme\.tier: .*soft deleted/);
  });

  it('exits 1 on errors in the files, on a wrong option with --detailed-exitcode, and when the service fails', async () => {
    catalog.write('broken/edges.json', JSON.stringify({ edgesToAdd: [{ downstreamUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,orders)', upstreamUrn: ds('raw_orders') }], edgesToRemove: [] }));
    const broken = await plan([join(catalog.files, 'broken'), '--detailed-exitcode']);
    assert.equal(broken.code, 1);
    assert.match(broken.stderr, /No plan: the files have errors/);
    const format = await plan([join(catalog.files, 'lineage.yml'), '--detailed-exitcode', '--format', 'html']);
    assert.equal(format.code, 1);
    assert.match(format.stderr, /Unknown --format 'html'; use text, json or markdown\./);
    assert.equal((await plan([join(catalog.files, 'lineage.yml'), '--format', 'html'])).code, 2, 'without --detailed-exitcode a usage error is 2 as in every verb');
    const wrongToken = await runVerb(runPlan, [join(catalog.files, 'lineage.yml'), '--service', catalog.url, '--detailed-exitcode'], 'wrong-token-9');
    assert.equal(wrongToken.code, 1);
    assert.match(wrongToken.stderr, /Could not plan: .*401/);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
