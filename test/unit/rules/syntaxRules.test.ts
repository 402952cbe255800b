import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readDocument } from '../../../core/formats';
import { validateDocument } from '../../../core/validate';
import { SYNTAX_RULES } from '../../../core/rules';

/** `⟦…⟧` marks where the diagnostic must be; the markers are removed before reading. */
function check(uri: string, marked: string) {
  const start = marked.indexOf('⟦');
  const end = marked.indexOf('⟧') - 1;
  const text = marked.replace('⟦', '').replace('⟧', '');
  const model = readDocument(uri, text);
  const diagnostics = validateDocument({ model, text, rules: SYNTAX_RULES });
  return { diagnostics, expected: { start, end }, text };
}

test('format.unknownKey: a camelCase look-alike of a snake_case key offers the snake_case key', () => {
  const { diagnostics, expected } = check(
    'file:///props.yaml',
    '- id: io.acme.retention\n  type: number\n  ⟦displayName⟧: Retention\n  cardinality: SINGLE\n',
  );
  const d = diagnostics.find((x) => x.code === 'format.unknownKey');
  assert.ok(d, JSON.stringify(diagnostics));
  assert.deepEqual(d.range, expected);
  assert.deepEqual(d.data?.candidates, ['display_name']);
  assert.match(d.message, /Unknown key 'displayName'.*Did you mean 'display_name'\?/);
});

test('format.enumValue: a wrong-case cardinality offers the right case first', () => {
  const { diagnostics, expected } = check('file:///props.yaml', '- id: io.acme.tier\n  type: string\n  cardinality: ⟦single⟧\n');
  const d = diagnostics.find((x) => x.code === 'format.enumValue');
  assert.ok(d, JSON.stringify(diagnostics));
  assert.deepEqual(d.range, expected);
  assert.equal(d.data?.candidates?.[0], 'SINGLE');
});

test('format.enumValue: long enums are summarised, not listed whole', () => {
  const { diagnostics } = check('file:///props.yaml', '- id: io.acme.tier\n  type: string\n  entity_types: [⟦datasett⟧]\n');
  const d = diagnostics.find((x) => x.code === 'format.enumValue');
  assert.ok(d, JSON.stringify(diagnostics));
  assert.match(d.message, /one of the \d+ known values/);
  assert.equal(d.data?.candidates?.[0], 'dataset');
});

test('parse.syntax: broken YAML is reported where it breaks, not thrown', () => {
  const text = 'version: 1\nlineage:\n  - entity: {name: a, type: dataset, platform: hive\n';
  const model = readDocument('file:///lineage.yml', text);
  const diagnostics = validateDocument({ model, text, rules: SYNTAX_RULES });
  assert.ok(diagnostics.some((d) => d.code === 'parse.syntax' && d.severity === 'error'));
});

test('urn.* codes point inside the URN; urn.wrongKind flags a dataset where a property URN belongs', () => {
  const { diagnostics, expected } = check(
    'file:///edges.yaml',
    'edgesToAdd:\n  - downstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,a,⟦PORD⟧)\n    upstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)\nedgesToRemove: []\n',
  );
  const d = diagnostics.find((x) => x.code === 'urn.environment');
  assert.ok(d, JSON.stringify(diagnostics));
  assert.deepEqual(d.range, expected);
  assert.equal(d.data?.candidates?.[0], 'PROD');

  const mcp = '[{"entityType":"dataset","entityUrn":"urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)","changeType":"UPSERT","aspectName":"structuredProperties","aspect":{"json":{"properties":[{"propertyUrn":"urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)","values":[{"string":"x"}]}]}}}]';
  const model = readDocument('file:///mcp.json', mcp);
  const wrongKind = validateDocument({ model, text: mcp, rules: SYNTAX_RULES }).find((x) => x.code === 'urn.wrongKind');
  assert.ok(wrongKind);
  assert.match(wrongKind.message, /structured property URN/);
});

test('a foreign file gets no diagnostics at all, even when it is broken', () => {
  const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x\n';
  assert.deepEqual(validateDocument({ model: readDocument('file:///cm.yaml', text), text }), []);
});

test('urn syntax: a warning on one part does not hide an error on a later part (GMS rejects the env)', () => {
  const { diagnostics } = check(
    'file:///edges.json',
    '{"edgesToAdd": [{"downstreamUrn": "⟦urn:li:dataset:(urn:li:dataPlatform:snowflak,db.t,prod)⟧", "upstreamUrn": "urn:li:dataset:(urn:li:dataPlatform:snowflake,db.u,PROD)"}], "edgesToRemove": []}',
  );
  const codes = diagnostics.map((d) => `${d.severity} ${d.code}`).sort();
  assert.deepEqual(codes, ['error urn.environment', 'warning urn.platform']);
});

// Issue #25 item 2: GMS finds an MCP's entityType whatever its case (ConfigEntityRegistry.getEntitySpec
// lower-cases the name), so `structuredproperty` is advice, not a refusal; an unknown name stays an error.
test("an MCP's entityType in another case is a warning naming DataHub's spelling; an unknown one an error", () => {
  for (const written of ['structuredproperty', 'STRUCTUREDPROPERTY']) {
    const { diagnostics, expected } = check(
      'file:///repo/mcp.json',
      `[{"entityType": "⟦${written}⟧", "entityUrn": "urn:li:structuredProperty:io.acryl.team", "changeType": "UPSERT", "aspectName": "status", "aspect": {"json": {"removed": false}}}]`,
    );
    const found = diagnostics.filter((d) => d.code === 'format.enumValue');
    assert.equal(found.length, 1, written);
    assert.equal(found[0].severity, 'warning');
    assert.deepEqual(found[0].range, expected);
    assert.deepEqual(found[0].data?.candidates, ['structuredProperty']);
  }
  const { diagnostics } = check('file:///repo/mcp.json', `[{"entityType": "⟦structuredThing⟧", "entityUrn": "urn:li:structuredProperty:x", "changeType": "UPSERT", "aspectName": "status", "aspect": {"json": {"removed": false}}}]`);
  const unknown = diagnostics.find((d) => d.code === 'format.enumValue');
  assert.equal(unknown?.severity, 'error');
  assert.match(unknown?.message ?? '', /not a valid entityType/);
});

// Issue #25 item 3: the registry check belongs where DataHub applies it (key URNs, @Relationship /
// @UrnValidation fields). DataHub's forms example writes `verification.type: urn:li:verificationType:…`.
test('a URN in a free position may name a type outside the entity registry; the entity URN may not', () => {
  const free = check(
    'file:///repo/mcp.json',
    `[{"entityType": "form", "entityUrn": "urn:li:form:governance", "changeType": "UPSERT", "aspectName": "formInfo",
  "aspect": {"json": {"name": "Verify", "type": "VERIFICATION", "verification": {"type": "urn:li:verificationType:governance"}}}}]`,
  );
  assert.deepEqual(free.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code), []);
  const key = check('file:///repo/mcp.json', `[{"entityType": "dataset", "entityUrn": "urn:li:⟦verificationType⟧:x", "changeType": "UPSERT", "aspectName": "status", "aspect": {"json": {"removed": false}}}]`);
  const refused = key.diagnostics.find((d) => d.code === 'urn.entityType');
  assert.equal(refused?.severity, 'error');
  assert.deepEqual(refused?.range, key.expected);
  // Urn.java refuses a capital first letter wherever a URN is parsed.
  const capital = check('file:///repo/mcp.json', `[{"entityType": "form", "entityUrn": "urn:li:form:g", "changeType": "UPSERT", "aspectName": "formInfo", "aspect": {"json": {"verification": {"type": "urn:li:⟦VerificationType⟧:governance"}}}}]`);
  assert.equal(capital.diagnostics.find((d) => d.code === 'urn.entityType')?.severity, 'error');
});

test('a lineage file: values and URNs holding ${VAR} are left to DataHub, which expands them before it validates; elsewhere they are judged', () => {
  const field = (env: string) => `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,t0,${env}),a)`;
  const lineage = `version: 1
lineage:
  - entity: {name: t1, type: dataset, platform: hive, env: "\${ENV}"}
    upstream:
      - entity: {name: t0, type: dataset, platform: hive, env: $ENV}
    fineGrainedLineages:
      - upstreamType: "\${UP_TYPE}"
        upstreams: ["${field('${ENV}')}", "${field('$ENV')}"]
        downstreams: ["${field('prod')}"]
`;
  const found = validateDocument({ model: readDocument('file:///repo/lineage.yml', lineage), text: lineage, rules: SYNTAX_RULES });
  // `$ENV` inside a URN is not expanded (only `${…}`, or a whole value starting with `$`); `prod` is no environment.
  assert.deepEqual(found.map((d) => [d.code, lineage.slice(d.range.start, d.range.end)]), [
    ['urn.environment', '$ENV'],
    ['urn.environment', 'prod'],
  ]);
  const mcp = JSON.stringify([{ entityType: 'dataset', changeType: 'UPSERT', entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,t0,${ENV})', aspectName: 'status', aspect: { json: { removed: false } } }]);
  const inMcp = validateDocument({ model: readDocument('file:///repo/mcp.json', mcp), text: mcp, rules: SYNTAX_RULES });
  assert.ok(inMcp.some((d) => d.code === 'urn.environment'), 'an MCP file is sent as written');
});
