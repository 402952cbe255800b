/** The URN injection grammar, tokenized by vscode-textmate with VS Code's own YAML and JSON grammars. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { INJECTION_SCOPE, scopesOf, tokenize, type Token } from './tokenize';

const ENTITY_TYPE = 'entity.name.type.urn';
const PLATFORM = 'support.type.platform.urn';
const NAME = 'string.other.name.urn';
const ENVIRONMENT = 'constant.language.environment.urn';

function assertScope(lines: Token[][], text: string, scope: string, occurrence = 0): void {
  const scopes = scopesOf(lines, text, occurrence);
  assert.ok(scopes, `no token '${text}' in ${JSON.stringify(lines.map((l) => l.map((t) => t.text)))}`);
  assert.ok(scopes.includes(scope), `'${text}' has ${scopes.join(' ')}, expected ${scope}`);
}

function assertNoUrnScopes(lines: Token[][], text: string): void {
  const scopes = scopesOf(lines, text);
  assert.ok(scopes, `no token '${text}'`);
  assert.ok(!scopes.some((s) => s.endsWith('.urn')), `'${text}' should not be highlighted as a URN: ${scopes.join(' ')}`);
}

describe('URN injection grammar', () => {
  it('package.json contributes it with the scope name the file declares', () => {
    const grammar = JSON.parse(readFileSync(join(process.cwd(), 'syntaxes', 'urn.injection.tmLanguage.json'), 'utf8')) as { scopeName: string };
    const manifest = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
      contributes: { grammars: { scopeName: string; path: string; injectTo: string[] }[] };
    };
    const entry = manifest.contributes.grammars.find((g) => g.scopeName === INJECTION_SCOPE);
    assert.ok(entry);
    assert.equal(grammar.scopeName, INJECTION_SCOPE);
    assert.equal(entry.path, './syntaxes/urn.injection.tmLanguage.json');
    assert.deepEqual(entry.injectTo.sort(), ['source.json', 'source.json.comments', 'source.yaml']);
  });

  it('a minimal host string: type, platform, name, environment', async () => {
    const lines = await tokenize('source.minimal', '"urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)"');
    assertScope(lines, 'dataset', ENTITY_TYPE);
    assertScope(lines, 'dataPlatform', ENTITY_TYPE);
    assertScope(lines, 'hive', PLATFORM);
    assertScope(lines, 'db.orders', NAME);
    assertScope(lines, 'PROD', ENVIRONMENT);
    assertScope(lines, '(', 'punctuation.section.tuple.begin.urn');
    assertScope(lines, ')', 'punctuation.section.tuple.end.urn');
    assertScope(lines, ',', 'punctuation.separator.comma.urn');
  });

  it('YAML plain scalar: a schemaField nesting a dataset nesting a platform', async () => {
    const lines = await tokenize('source.yaml', 'upstreams:\n  - urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:kafka,topic1,DEV),user_id)');
    assertScope(lines, 'schemaField', ENTITY_TYPE);
    assertScope(lines, 'dataset', ENTITY_TYPE);
    assertScope(lines, 'kafka', PLATFORM);
    assertScope(lines, 'topic1', NAME);
    assertScope(lines, 'DEV', ENVIRONMENT);
    assertScope(lines, 'user_id', NAME);
    const v2 = await tokenize('source.yaml', '- urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,user.clicks,PROD),[version=2.0].[type=ClickEvent].ip)');
    assertScope(v2, '[version=2.0].[type=ClickEvent].ip', NAME);
    for (const token of lines[1].filter((t) => t.text.trim() !== '' && t.text !== '-')) {
      assert.ok(token.scopes.includes('string.unquoted.plain.out.yaml'), `${token.text} stays inside the YAML string`);
    }
  });

  it('YAML quoted strings and keys', async () => {
    const text = [
      "entityUrn: \"urn:li:dataset:(urn:li:dataPlatform:snowflake,analytics.public.orders,PROD)\"",
      "valueType: 'urn:li:dataType:service.string'",
      'structured_properties:',
      '  urn:li:structuredProperty:io.acryl.privacy.retentionTime: 30',
    ].join('\n');
    const lines = await tokenize('source.yaml', text);
    assertScope(lines, 'snowflake', PLATFORM);
    assertScope(lines, 'analytics.public.orders', NAME);
    assertScope(lines, 'PROD', ENVIRONMENT);
    assertScope(lines, 'dataType', ENTITY_TYPE);
    assertScope(lines, 'service.string', NAME);
    assertScope(lines, 'structuredProperty', ENTITY_TYPE);
    assertScope(lines, 'io.acryl.privacy.retentionTime', NAME);
    const keyLine = lines[3].map((t) => t.text);
    const mappingColon = lines[3][keyLine.indexOf('io.acryl.privacy.retentionTime') + 1];
    assert.equal(mappingColon.text, ':');
    assert.ok(mappingColon.scopes.includes('punctuation.separator.key-value.mapping.yaml'), "the key's own ':' stays YAML's");
    assertScope(lines, '30', 'constant.numeric.integer.yaml');
  });

  it('YAML: a trailing comment and a flow sequence are not swallowed', async () => {
    const lines = await tokenize('source.yaml', 'a: urn:li:corpuser:jdoe # owner\nb: [urn:li:tag:pii, urn:li:tag:gold]');
    assertScope(lines, 'jdoe', NAME);
    assertScope(lines, '#', 'comment.line.number-sign.yaml');
    assertScope(lines, 'pii', NAME);
    assertScope(lines, 'gold', NAME);
    assertScope(lines, ']', 'punctuation.definition.sequence.end.yaml');
  });

  it('JSON values and keys, and JSON with comments', async () => {
    const json = '{"entityUrn": "urn:li:dataJob:(urn:li:dataFlow:(airflow,daily_etl,PROD),load_orders)", "urn:li:structuredProperty:team": 1}';
    const lines = await tokenize('source.json', json);
    assertScope(lines, 'dataJob', ENTITY_TYPE);
    assertScope(lines, 'dataFlow', ENTITY_TYPE);
    assertScope(lines, 'airflow', NAME);
    assertScope(lines, 'PROD', ENVIRONMENT);
    assertScope(lines, 'load_orders', NAME);
    assertScope(lines, 'structuredProperty', ENTITY_TYPE);
    assertScope(lines, 'team', NAME);
    const jsonc = await tokenize('source.json.comments', '// lineage\n["urn:li:dataset:(urn:li:dataPlatform:s3,bucket/key%2Cpart,DEV)"]');
    assertScope(jsonc, 's3', PLATFORM);
    assertScope(jsonc, '%2C', 'constant.character.escape.urn');
    assertScope(jsonc, 'DEV', ENVIRONMENT);
  });

  it('only a FabricType in last place is an environment', async () => {
    const lines = await tokenize('source.json', '["urn:li:dataFlow:(airflow,dag,prod)", "urn:li:dataset:(urn:li:dataPlatform:hive,PROD,DEV)"]');
    assertScope(lines, 'prod', NAME);
    assertScope(lines, 'PROD', NAME);
    assertScope(lines, 'DEV', ENVIRONMENT);
  });

  it('a broken URN does not bleed past its string or line', async () => {
    const lines = await tokenize('source.yaml', 'a: "urn:li:dataset:(urn:li:dataPlatform:hive,db.t"\nb: plain text');
    assertScope(lines, '"', 'punctuation.definition.string.end.yaml', 1);
    assertNoUrnScopes(lines, 'b');
    const json = await tokenize('source.json', '{"a": "urn:li:schemaField:(urn:li:dataset:(x", "b": "c"}');
    assertNoUrnScopes(json, 'c');
  });

  it('leaves non-URN strings alone', async () => {
    const lines = await tokenize('source.json', '{"name": "dataset:(hive,db.t,PROD)", "u": "my urn:li text"}');
    assertNoUrnScopes(lines, 'dataset:(hive,db.t,PROD)');
  });
});
