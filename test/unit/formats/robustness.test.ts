import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats/index';
import { facts, fixture, refs, slice } from './support';

describe('malformed input', () => {
  it('broken YAML: parse problems with ranges, and the facts that could still be read', () => {
    const text = [
      'version: 1',
      'lineage:',
      '  - entity:',
      '      name: orders',
      '      type: dataset',
      '      platform: hive',
      '    upstream:',
      '      - entity: {name: raw, type: dataset, platform: hive',
      '  - entity: [unclosed',
    ].join('\n');
    const model = readDocument('file:///r/lineage.yml', text, { associations: { '*.yml': 'lineageFile' } });
    assert.equal(model.format, 'lineageFile');
    assert.ok(model.parseProblems.length > 0);
    for (const problem of model.parseProblems) {
      assert.ok(problem.range.start >= 0 && problem.range.end <= text.length && problem.range.start <= problem.range.end);
      assert.match(problem.message, /YAML|indent|closed|not valid/i);
    }
    const declarations = facts(model, 'entityDeclaration').map((d) => d.urn.value);
    assert.ok(declarations.includes('urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)'));
  });

  it('broken JSON: problems say what is wrong; the entries before the break are read', () => {
    const { text: full } = fixture('mcps.json');
    const truncated = full.slice(0, full.indexOf('"aspectName": "propertyDefinition"') + 20);
    const model = readDocument('file:///r/mcps.json', truncated);
    assert.equal(model.format, 'mcpJson');
    assert.ok(model.parseProblems.length > 0);
    assert.ok(model.parseProblems.some((p) => /not closed|expected/i.test(p.message)));
    assert.equal(facts(model, 'lineageEdge').length, 1);
    assert.equal(facts(model, 'fineGrainedEdge').length, 1);
  });

  it('comments in .json are a problem (DataHub cannot read them); in .jsonc they are fine', () => {
    const text = '// lineage\n{"edgesToAdd": [{"downstreamUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)", "upstreamUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)"},]}';
    const strict = readDocument('file:///r/e.json', text);
    assert.equal(strict.format, 'lineageEdges');
    assert.ok(strict.parseProblems.some((p) => /Comments are not allowed/.test(p.message)));
    const lenient = readDocument('file:///r/e.jsonc', text);
    assert.deepEqual(lenient.parseProblems, []);
    assert.equal(facts(lenient, 'lineageEdge').length, 1);
  });

  it('a tab used for indentation is reported where it is', () => {
    const text = 'edgesToAdd:\n\t- downstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)\n';
    const model = readDocument('file:///r/e.yaml', text, { associations: { '**/e.yaml': 'lineageEdges' } });
    const tab = model.parseProblems.find((p) => /tab/i.test(p.message));
    assert.ok(tab, JSON.stringify(model.parseProblems));
    assert.ok(slice(text, { start: tab.range.start, end: tab.range.end + 1 }).includes('\t') || text[tab.range.start - 1] === '\t' || text[tab.range.start] === '\t');
  });

  it('duplicate keys are reported (YAML and JSON) and the last one wins, as in DataHub', () => {
    const yaml = '- id: io.acme.a\n  type: string\n  type: number\n';
    const fromYaml = readDocument('file:///r/p.yaml', yaml);
    assert.equal(fromYaml.format, 'propertyDefinitions');
    const duplicate = fromYaml.parseProblems.find((p) => /more than once/.test(p.message));
    assert.equal(slice(yaml, duplicate!.range), 'type');
    assert.ok(duplicate!.range.start > yaml.indexOf('number') - 10);
    assert.equal(facts(fromYaml, 'propertyDefinition')[0].valueType?.value, 'number');

    const json = '{"edgesToAdd": [], "edgesToAdd": [{"downstreamUrn": "urn:li:x:a", "upstreamUrn": "urn:li:x:b"}]}';
    const fromJson = readDocument('file:///r/e.json', json);
    assert.equal(fromJson.parseProblems.length, 1);
    assert.match(fromJson.parseProblems[0].message, /"edgesToAdd" appears more than once/);
    assert.equal(facts(fromJson, 'lineageEdge').length, 1);
  });

  it('wrong YAML types are recorded, not thrown', () => {
    const text = 'version: [1]\nlineage:\n  - entity: orders\n    upstream: {entity: {name: a}}\n    fineGrainedLineages: nope\n';
    const model = readDocument('file:///r/l.yml', text);
    assert.equal(model.format, 'lineageFile');
    assert.deepEqual(facts(model, 'wrongType').map((w) => [w.path, w.expected, w.found]), [
      ['version', 'string', 'list'],
      ['lineage[0].entity', 'mapping', 'string'],
      ['lineage[0].upstream', 'list', 'mapping'],
      ['lineage[0].fineGrainedLineages', 'list', 'string'],
    ]);
  });

  it('survives alias bombs and very deep nesting', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 0; i < 8; i++) bomb.push(`${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`);
    bomb.push('lineage: [*i]', 'version: 1');
    const model = readDocument('file:///r/bomb.yml', bomb.join('\n'), { associations: { '*.yml': 'lineageFile' } });
    assert.ok(model.parseProblems.some((p) => /Aliases in this file expand/.test(p.message)));

    const deep = '['.repeat(5000) + ']'.repeat(5000);
    assert.equal(readDocument('file:///r/deep.json', deep).format, null);
    const deepYaml = 'edgesToAdd:\n' + Array.from({ length: 600 }, (_, i) => ' '.repeat(2 * i + 2) + '- ').join('\n') + 'x\n';
    assert.doesNotThrow(() => readDocument('file:///r/deep.yaml', deepYaml));
  });
});

describe('YAML aliases, merge keys and multiple documents', () => {
  it('an alias contributes the anchored value’s facts with the alias’s range', () => {
    const { uri, text } = fixture('aliases.yml');
    const model = readDocument(uri, text);
    assert.equal(model.format, 'lineageFile');
    assert.deepEqual(model.parseProblems, []);
    const declarations = facts(model, 'entityDeclaration');
    assert.deepEqual(declarations.map((d) => [d.urn.value, d.depth]), [
      ['urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)', 0],
      ['urn:li:dataset:(urn:li:dataPlatform:hive,raw,PROD)', 1],
      ['urn:li:dataset:(urn:li:dataPlatform:hive,orders_copy,PROD)', 0], // merge key, explicit name wins
      ['urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)', 1], // `entity: *orders`
    ]);
    assert.equal(slice(text, declarations[3].urn.range), '*orders');
    assert.equal(declarations[2].fields.platform.value, 'hive');
    const edges = facts(model, 'lineageEdge');
    assert.deepEqual(edges.map((e) => [e.downstream.value, e.upstream.value]), [
      ['urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)', 'urn:li:dataset:(urn:li:dataPlatform:hive,raw,PROD)'],
      ['urn:li:dataset:(urn:li:dataPlatform:hive,orders_copy,PROD)', 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)'],
    ]);
    const fines = facts(model, 'fineGrainedEdge');
    assert.equal(fines.length, 2);
    assert.equal(slice(text, fines[1].upstreams[0].range), '*rawId');
    assert.equal(fines[1].upstreams[0].value, 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,raw,PROD),id)');
    assert.equal(refs(model, 'fieldUpstream').length, 2);
  });

  it('reads every document of a multi-document file with the detected format', () => {
    const text = [
      '- id: io.acme.a',
      '  type: string',
      '---',
      '# a second document',
      '- id: io.acme.b',
      '  type: number',
      '  cardinality: MULTIPLE',
      '...',
    ].join('\n');
    const model = readDocument('file:///r/props.yaml', text);
    assert.equal(model.format, 'propertyDefinitions');
    assert.deepEqual(facts(model, 'propertyDefinition').map((d) => d.urn.value), ['urn:li:structuredProperty:io.acme.a', 'urn:li:structuredProperty:io.acme.b']);
    assert.equal(slice(text, facts(model, 'propertyDefinition')[1].cardinality!.range), 'MULTIPLE');
  });

  it('reports an alias without an anchor, and points a block-scalar URN at its own line', () => {
    const text = 'edgesToAdd:\n  - downstreamUrn: *nope\n    upstreamUrn: |\n      urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)\n';
    const model = readDocument('file:///r/e.yaml', text);
    assert.equal(model.format, 'lineageEdges');
    const [problem] = model.parseProblems;
    assert.match(problem.message, /alias \*nope refers to no anchor/);
    assert.equal(slice(text, problem.range), '*nope');
    const [upstream] = facts(model, 'entityRef');
    assert.equal(upstream.role, 'upstream');
    assert.equal(slice(text, upstream.range), 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)');
    assert.equal(upstream.urn, 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)\n'); // as written: with the newline
  });

  it('handles CRLF line endings and non-ASCII text with UTF-16 offsets', () => {
    const text = '# Überblick — 数据\r\nedgesToAdd:\r\n  - downstreamUrn: "urn:li:dataset:(urn:li:dataPlatform:hive,größe_😀,PROD)"\r\n    upstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)\r\n';
    const model = readDocument('file:///r/e.yaml', text);
    const [edge] = facts(model, 'lineageEdge');
    assert.equal(slice(text, edge.downstream.range), 'urn:li:dataset:(urn:li:dataPlatform:hive,größe_😀,PROD)');
    assert.equal(slice(text, edge.upstream.range), 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)');
  });
});
