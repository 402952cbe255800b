// Issue #25: the properties YAML's display settings (`settings:`, DataHub PR #13732) are pushed by
// `catalog-code push` to a real local catalog as the structuredPropertySettings aspect `datahub
// properties upsert` writes; a second push finds nothing to change; forms YAML is named as not pushed.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { runCli } from '../reliability/cli';
import { prop, startTestCatalog, type TestCatalog } from './catalog';

let catalog: TestCatalog;

before(async () => {
  catalog = await startTestCatalog();
  catalog.write(
    'props.yaml',
    `- id: io.acme.tier
  type: string
  entity_types: [dataset]
  allowed_platforms: [snowflake]
  settings:
    show_in_search_filters: true
    show_as_asset_badge: true
`,
  );
  catalog.write(
    'forms.yaml',
    `- id: tiering
  name: Tiering
  type: VERIFICATION
  prompts:
    - id: tier
      title: Tier
      type: STRUCTURED_PROPERTY
      structured_property_id: io.acme.tier
`,
  );
});
after(async () => {
  await catalog?.close();
});

test('settings and allowed platforms of a properties YAML reach the catalog; forms are named as not pushed; pushing again changes nothing', async () => {
  const env = { CATALOG_TOKEN: catalog.token };
  const first = await runCli(['push', catalog.files, '--service', catalog.url, '--yes'], env);
  assert.equal(first.code, 0, first.stdout + first.stderr);
  assert.match(first.stdout + first.stderr, /forms\.yaml: forms are not pushed: the catalog service has no forms endpoint/);

  assert.deepEqual(await catalog.aspect(prop('io.acme.tier'), 'structuredPropertySettings'), {
    isHidden: false,
    showAsAssetBadge: true,
    showInAssetSummary: false,
    showInColumnsTable: false,
    showInSearchFilters: true,
  });
  const definition = await catalog.aspect(prop('io.acme.tier'), 'propertyDefinition');
  assert.deepEqual(definition?.allowedPlatforms, ['urn:li:dataPlatform:snowflake']);

  const again = await runCli(['plan', catalog.files, '--service', catalog.url], env);
  assert.equal(again.code, 0, again.stdout + again.stderr);
  assert.doesNotMatch(again.stdout, /structuredPropertySettings/, 'the settings are unchanged the second time');
});
