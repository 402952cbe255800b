import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DataHubProfile } from '../../../core/datahub/versions';
import { readDocument } from '../../../core/formats';
import { validateDocument } from '../../../core/validate';
import { platformOf } from '../../../core/rules/urnParts';
import { KEYWORD_MAX_BYTES } from '../../../core/rules/propertyValueBytes';
import { definitionsView, serviceDefinitions, workspaceDefinitions } from '../rules/fixture';
import { formatDifferences, lookupProperty } from '../../../core/definitions/lookup';

/**
 * Issue #25 item 9: the rules recent DataHub added (PR #18533: the byte limit on string values and
 * the qualified-name collision; PR #18089: allowedPlatforms), each only in the versions that have it.
 */

const at = (version: string): DataHubProfile => ({ version, source: 'setting' });

const DEFINITIONS = `- id: io.acryl.notes
  type: string
  entity_types: [dataset]
  cardinality: MULTIPLE
- id: io.acryl.summary
  type: rich_text
  entity_types: [dataset]
- id: io.acryl.count
  type: number
  entity_types: [dataset]
- id: io.acryl.snowflakeOnly
  type: string
  entity_types: [dataset, schemaField, chart]
  allowed_platforms: [snowflake, urn:li:dataPlatform:looker]
`;
const definitions = definitionsView({ workspace: workspaceDefinitions(DEFINITIONS) });

function judge(uri: string, text: string, version?: string) {
  const model = readDocument(uri, text);
  return validateDocument({ model, text, definitions, ...(version ? { datahub: at(version) } : {}) });
}

function codes(diagnostics: readonly { code: string; severity: string }[]): string[] {
  return diagnostics.map((d) => `${d.severity} ${d.code}`);
}

describe('the byte limit on string values (StructuredPropertiesValidator, PR #18533)', () => {
  const dataset = (value: string) => `id: orders\nplatform: hive\nstructured_properties:\n  io.acryl.notes:\n    - "${value}"\n  io.acryl.summary: "${value}"\n`;

  it('refuses a string or rich_text value over 32,766 UTF-8 bytes from 1.7, counting bytes not characters', () => {
    // 10,923 three-byte characters are 32,769 bytes but only 10,923 characters.
    const long = '€'.repeat(Math.ceil((KEYWORD_MAX_BYTES + 1) / 3));
    const found = judge('file:///repo/orders.yaml', dataset(long));
    assert.deepEqual(codes(found), ['error property.valueTooLong', 'error property.valueTooLong']);
    assert.match(found[0].message, /io\.acryl\.notes is 32,769 bytes of UTF-8; DataHub refuses string values over 32,766 bytes .* HTTP 422.*judged by DataHub 1\.8\.0/);
    assert.deepEqual(codes(judge('file:///repo/orders.yaml', dataset(long), '1.6.0')), []);
  });

  it('accepts a value of exactly 32,766 bytes, and long numbers or long values of number properties are not its concern', () => {
    assert.deepEqual(codes(judge('file:///repo/orders.yaml', dataset('a'.repeat(KEYWORD_MAX_BYTES)))), []);
  });

  it('checks values in MCP structuredProperties aspects too', () => {
    const long = 'x'.repeat(KEYWORD_MAX_BYTES + 1);
    const mcp = JSON.stringify([
      {
        entityType: 'dataset',
        entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)',
        changeType: 'UPSERT',
        aspectName: 'structuredProperties',
        aspect: { json: { properties: [{ propertyUrn: 'urn:li:structuredProperty:io.acryl.notes', values: [{ string: long }] }] } },
      },
    ]);
    assert.deepEqual(codes(judge('file:///repo/mcp.json', mcp)), ['error property.valueTooLong']);
  });
});

describe('allowedPlatforms (PR #18089)', () => {
  const dataset = (platform: string) => `id: orders\nplatform: ${platform}\nstructured_properties:\n  io.acryl.snowflakeOnly: x\nschema:\n  fields:\n    - id: amount\n      structured_properties:\n        io.acryl.snowflakeOnly: y\n`;

  it('refuses a value set on an asset of another platform from 1.7 (validateAllowedPlatforms), schema fields by their dataset; allowed platforms as names or URNs', () => {
    const found = judge('file:///repo/orders.yaml', dataset('hive'));
    assert.deepEqual(codes(found), ['error property.platformNotAllowed', 'error property.platformNotAllowed']);
    assert.match(found[0].message, /io\.acryl\.snowflakeOnly is restricted to the data platforms snowflake, looker \(its allowedPlatforms\), but orders \(hive, PROD\) belongs to hive, so DataHub refuses the value/);
    assert.deepEqual(codes(judge('file:///repo/orders.yaml', dataset('snowflake'))), []);
    assert.deepEqual(codes(judge('file:///repo/orders.yaml', dataset('hive'), '1.6.0')), []);
  });

  it('compares platform URNs exactly, as GMS does: a dataset on Snowflake is not on snowflake; a chart tool is lower-cased by DataHub', () => {
    assert.deepEqual(codes(judge('file:///repo/orders.yaml', dataset('Snowflake'))), ['error property.platformNotAllowed', 'error property.platformNotAllowed']);
    const chart = (tool: string) => JSON.stringify([{ entityType: 'chart', entityUrn: `urn:li:chart:(${tool},c1)`, changeType: 'UPSERT', aspectName: 'structuredProperties', aspect: { json: { properties: [{ propertyUrn: 'urn:li:structuredProperty:io.acryl.snowflakeOnly', values: [{ string: 'x' }] }] } } }]);
    assert.deepEqual(codes(judge('file:///repo/mcp.json', chart('Looker'))), []);
    assert.deepEqual(codes(judge('file:///repo/mcp.json', chart('tableau'))), ['error property.platformNotAllowed']);
  });

  it('refuses it on an entity with no data platform (a glossary term); warns where a stored dataPlatformInstance decides (a container)', () => {
    const on = (urn: string, type: string) => JSON.stringify([{ entityType: type, entityUrn: urn, changeType: 'UPSERT', aspectName: 'structuredProperties', aspect: { json: { properties: [{ propertyUrn: 'urn:li:structuredProperty:io.acryl.snowflakeOnly', values: [{ string: 'x' }] }] } } }]);
    const term = judge('file:///repo/mcp.json', on('urn:li:glossaryTerm:t1', 'glossaryTerm')).filter((d) => d.code === 'property.platformNotAllowed');
    assert.deepEqual(codes(term), ['error property.platformNotAllowed']);
    assert.match(term[0].message, /a glossaryTerm has no data platform/);
    const container = judge('file:///repo/mcp.json', on('urn:li:container:abc', 'container')).filter((d) => d.code === 'property.platformNotAllowed');
    assert.deepEqual(codes(container), ['warning property.platformNotAllowed']);
  });

  it('reads the platform where the URN tells it, and stays quiet where it does not', () => {
    assert.equal(platformOf('urn:li:dataset:(urn:li:dataPlatform:snowflake,db.t,PROD)'), 'snowflake');
    assert.equal(platformOf('urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD),a)'), 'hive');
    assert.equal(platformOf('urn:li:chart:(looker,dashboard_elements.1)'), 'looker');
    assert.equal(platformOf('urn:li:dataJob:(urn:li:dataFlow:(airflow,dag,prod),task)'), 'airflow');
    assert.equal(platformOf('urn:li:mlModel:(urn:li:dataPlatform:sagemaker,m,PROD)'), 'sagemaker');
    for (const none of ['urn:li:container:abc', 'urn:li:glossaryTerm:x', 'urn:li:corpuser:jdoe', 'not a urn']) assert.equal(platformOf(none), undefined, none);
  });

  it('is a known key of the properties YAML and the propertyDefinition aspect from 1.7, an extra field before', () => {
    const yaml = `- id: io.acryl.x\n  type: string\n  entity_types: [dataset]\n  allowed_platforms: [snowflake]\n`;
    assert.deepEqual(codes(judge('file:///repo/properties.yaml', yaml).filter((d) => d.severity === 'error')), []);
    const old = judge('file:///repo/properties.yaml', yaml, '1.6.0').filter((d) => d.code === 'format.unknownKey');
    assert.equal(old.length, 1);
    assert.match(old[0].message, /allowed_platforms/);
    const model = readDocument('file:///repo/properties.yaml', yaml);
    assert.deepEqual(workspaceDefinitions(yaml)[0].allowedPlatforms, ['snowflake']);
    assert.equal(model.format, 'propertyDefinitions');
  });

  it('a workspace definition whose allowed platforms differ from the service\'s is a difference of the definition (push updates it, property.disagree says so)', () => {
    const yaml = `- id: io.acryl.x\n  type: string\n  entity_types: [dataset]\n`;
    const view = definitionsView({ service: serviceDefinitions(yaml), workspace: workspaceDefinitions(yaml.replace('[dataset]\n', '[dataset]\n  allowed_platforms: [snowflake]\n')) });
    const differences = lookupProperty(view, 'io.acryl.x').differences;
    assert.deepEqual(differences.map((d) => [d.field, d.service, d.workspace]), [['allowedPlatforms', 'any', 'snowflake']]);
    assert.match(formatDifferences(differences, 'the workspace'), /allowed platforms/);
  });
});
