import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { versionFromConfig } from '../../../core/api/serviceVersion';
import { applies, DEFAULT_PROFILE, NEWEST_MODELLED_VERSION, parseDataHubVersion, resolveProfile, VERSIONED_RULES, type DataHubProfile } from '../../../core/datahub/versions';
import { readDocument } from '../../../core/formats';
import { validateDocument } from '../../../core/validate';

const at = (version: string): DataHubProfile => ({ version, source: 'setting' });

describe('DataHub versions', () => {
  it('reads versions the way DataHub writes them (v1.0.0rc3, 0.14.1, 1.5.0.6) and refuses other text', () => {
    assert.deepEqual(parseDataHubVersion('v1.0.0rc3'), { major: 1, minor: 0, patch: 0 });
    assert.deepEqual(parseDataHubVersion('0.14.1'), { major: 0, minor: 14, patch: 1 });
    assert.deepEqual(parseDataHubVersion('1.5.0.6'), { major: 1, minor: 5, patch: 0 });
    assert.deepEqual(parseDataHubVersion('1.2'), { major: 1, minor: 2, patch: 0 });
    for (const bad of ['latest', '', 'one.two', '1']) assert.equal(parseDataHubVersion(bad), undefined, bad);
  });

  it('names for every version-dependent rule the versions it applies to and the DataHub source that decides', () => {
    for (const [id, rule] of Object.entries(VERSIONED_RULES)) {
      assert.ok(parseDataHubVersion(rule.since), `${id} since`);
      if ('until' in rule) assert.ok(parseDataHubVersion(rule.until), `${id} until`);
      assert.match(rule.decidedBy, /#\d+|Validator|\.py|Test/, `${id} cites DataHub`);
      assert.ok(rule.versionFrom.length > 20, `${id} says how its versions were found`);
    }
  });

  it('applies each rule within its versions only; the default is the newest modelled', () => {
    // datahub-project/datahub#13489: `domains` worked with CLI 0.14, fails with 1.0; PR #14152 restores it.
    assert.equal(applies('datasetYamlDomainsRefused', at('0.14.1')), false);
    assert.equal(applies('datasetYamlDomainsRefused', at('1.0.0')), true);
    assert.equal(applies('datasetYamlDomainsRefused', at('1.1.3')), true);
    assert.equal(applies('datasetYamlDomainsRefused', at('1.2.0')), false);
    assert.equal(applies('elasticsearchFieldCollision', at('1.6.0')), false);
    assert.equal(applies('elasticsearchFieldCollision', at('1.7.0')), true);
    assert.equal(applies('elasticsearchFieldCollision', undefined), true);
    assert.equal(DEFAULT_PROFILE.version, NEWEST_MODELLED_VERSION);
  });

  it("resolves the setting: an explicit version wins, 'auto' takes the service's, else the default; nonsense is said", () => {
    assert.deepEqual(resolveProfile('1.2', '1.7.0').profile, { version: '1.2.0', source: 'setting' });
    assert.deepEqual(resolveProfile('auto', 'v1.1.0').profile, { version: '1.1.0', source: 'service' });
    assert.deepEqual(resolveProfile(undefined, undefined).profile, DEFAULT_PROFILE);
    const wrong = resolveProfile('newest');
    assert.deepEqual(wrong.profile, DEFAULT_PROFILE);
    assert.match(wrong.problem ?? '', /'newest' is not a DataHub version; write one such as 1\.2\.0 or 'auto'/);
  });

  it("reads the version from a /config answer as DataHub's GMS gives it; DataHub Cloud is judged as the newest", () => {
    // The shape DataHub's own server_config_util tests read: versions["acryldata/datahub"].version.
    assert.equal(versionFromConfig({ versions: { 'acryldata/datahub': { version: 'v1.0.0rc3', commit: 'dc127c5f' } } }), 'v1.0.0rc3');
    assert.equal(versionFromConfig({ versions: { 'acryldata/datahub': { version: 'v0.3.16' } }, datahub: { serverEnv: 'cloud' } }), NEWEST_MODELLED_VERSION);
    for (const none of [null, [], {}, { versions: { 'acryldata/datahub': { version: 42 } } }, { versions: { other: { version: '1.0.0' } } }]) assert.equal(versionFromConfig(none), undefined);
  });
});

describe('verdicts that differ by DataHub version', () => {
  const judge = (uri: string, text: string, version?: string) => {
    const model = readDocument(uri, text);
    return validateDocument({ model, text, ...(version ? { datahub: at(version) } : {}) }).filter((d) => d.severity === 'error');
  };
  const dataset = `id: orders\nplatform: hive\ndomains:\n  - urn:li:domain:sales\n`;

  it('dataset YAML `domains`: accepted by CLI 0.14 and from 1.2 (PR #14152), refused by 1.0 and 1.1 (#13489)', () => {
    for (const version of ['0.14.1', '1.2.0', undefined]) assert.deepEqual(judge('file:///repo/dataset.yaml', dataset, version).map((d) => d.code), [], String(version));
    const refused = judge('file:///repo/dataset.yaml', dataset, '1.0.2');
    assert.deepEqual(refused.map((d) => d.code), ['format.unknownKey']);
    assert.match(refused[0].message, /from 1\.0\.0 until 1\.2\.0 refuses 'domains'.*judged by DataHub 1\.0\.2 \(as set\)/);
  });

  const props = `- id: io.acryl.retention\n  type: number\n  entity_types: [dataset]\n  settings:\n    show_in_search_filters: true\n    show_as_asset_badge: true\n`;

  it('properties YAML `settings` (PR #13732): known to the newest DataHub, an extra field before it', () => {
    assert.deepEqual(judge('file:///repo/properties.yaml', props).map((d) => d.code), []);
    const refused = judge('file:///repo/properties.yaml', props, '1.7.0');
    assert.deepEqual(refused.map((d) => d.code), ['format.unknownKey']);
    assert.match(refused[0].message, /before 1\.8\.0 refuses 'settings'/);
    assert.deepEqual(judge('file:///repo/properties.yaml', props.replace('show_as_asset_badge', 'show_as_badge')).map((d) => d.code), ['format.unknownKey']);
  });

  it("hidden and shown at once, and a second badge, are refused from 0.15 (HidePropertyValidator, ShowPropertyAsBadgeValidator), in the YAML's settings and the aspect", () => {
    const hidden = props.replace('  settings:\n', '  settings:\n    is_hidden: true\n');
    assert.deepEqual(judge('file:///repo/properties.yaml', hidden).map((d) => d.code), ['definition.settings']);
    assert.deepEqual(judge('file:///repo/properties.yaml', hidden, '0.14.1').map((d) => d.code), ['format.unknownKey']);
    const badge = (id: string) => `{"entityType": "structuredProperty", "entityUrn": "urn:li:structuredProperty:${id}", "changeType": "UPSERT", "aspectName": "structuredPropertySettings", "aspect": {"json": {"showAsAssetBadge": true}}}`;
    const twice = judge('file:///repo/settings.json', `[${badge('a')}, ${badge('a')}, ${badge('b')}]`);
    assert.deepEqual(twice.map((d) => d.code), ['definition.settings']);
    assert.match(twice[0].message, /Only one structured property can be shown as the asset badge: a already is/);
  });

  it('qualified names that differ only by . and _ collide from 1.7 (PR #18533), not before', () => {
    const two = `- id: certification.status\n  type: string\n  entity_types: [dataset]\n- id: certification_status\n  type: string\n  entity_types: [dataset]\n`;
    const found = judge('file:///repo/properties.yaml', two);
    assert.deepEqual(found.map((d) => d.code), ['definition.fieldCollision']);
    assert.match(found[0].message, /one search field, 'certification_status'.*judged by DataHub 1\.8\.0 \(the newest version Catalog Code models\)/);
    assert.deepEqual(judge('file:///repo/properties.yaml', two, '1.6.0'), []);
  });

  it('groups a batch by search field as checkInBatchElasticsearchFieldCollisions does: the same definition twice in an MCP file is flagged, names with spaces get the space error only (PR #18533)', () => {
    const aspect = (id: string, name = id) => `{"entityType": "structuredProperty", "entityUrn": "urn:li:structuredProperty:${id}", "changeType": "UPSERT", "aspectName": "propertyDefinition", "aspect": {"json": {"qualifiedName": "${name}", "valueType": "urn:li:dataType:datahub.string", "entityTypes": ["urn:li:entityType:datahub.dataset"]}}}`;
    const all = (uri: string, text: string) => validateDocument({ model: readDocument(uri, text), text });
    const twice = all('file:///repo/defs.json', `[${aspect('io.a.x')}, ${aspect('io.a.x')}]`);
    assert.deepEqual(twice.map((d) => `${d.severity} ${d.code}`), ['warning definition.fieldCollision']);
    assert.match(twice[0].message, /DataHub refuses a batch that holds the same definition twice/);
    const yamlTwice = `- id: io.a.x\n  type: string\n  entity_types: [dataset]\n- id: io.a.x\n  type: string\n  entity_types: [dataset]\n`;
    assert.deepEqual(all('file:///repo/properties.yaml', yamlTwice).map((d) => d.code), ['definition.duplicate']);
    const spaces = judge('file:///repo/defs.json', `[${aspect('io.a.one', 'foo.bar baz')}, ${aspect('io.a.two', 'foo_bar baz')}]`);
    assert.deepEqual(spaces.map((d) => d.code), ['definition.qualifiedName', 'definition.qualifiedName']);
  });
});
