import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { codeActions } from '../../../core/features/codeActions';
import { EMPTY_DEFINITIONS } from '../../../core/definitions/types';
import { DIAGNOSTIC_SOURCE } from '../../../core/model/diagnostic';
import { validateDocument } from '../../../core/validate';
import { documentOf } from './helpers';

/** A fix that replaces part of a URN writes the part, never a quoted string inside the string. */
function fixedTexts(uri: string, text: string, code: string): string[] {
  const document = documentOf(uri, text);
  const found = validateDocument({ model: document.model, text }).filter((d) => d.code === code);
  assert.ok(found.length > 0, `expected ${code} in ${text}`);
  return found.flatMap((d) => {
    const lsp = { range: { start: document.lineIndex.positionAt(d.range.start), end: document.lineIndex.positionAt(d.range.end) }, message: d.message, code: d.code, source: DIAGNOSTIC_SOURCE, data: d.data };
    return codeActions({ document, definitions: EMPTY_DEFINITIONS }, d.range, [lsp]).flatMap((action) => {
      const edits = action.edit?.changes?.[uri] ?? [];
      return edits.length ? [TextDocument.applyEdits(TextDocument.create(uri, 'json', 1, text), edits)] : [];
    });
  });
}

const mcp = (urn: string) => `[{"entityType": "dataset", "entityUrn": "${urn}", "changeType": "UPSERT", "aspectName": "status", "aspect": {"json": {"removed": false}}}]`;

describe('URN part fixes in JSON', () => {
  it('fixes the environment inside the string: …sales.orders,DEV), not …sales.orders,"DEV")', () => {
    const [fixed] = fixedTexts('file:///repo/mcp.json', mcp('urn:li:dataset:(urn:li:dataPlatform:snowflake,sales.orders,dev)'), 'urn.environment');
    assert.equal(fixed, mcp('urn:li:dataset:(urn:li:dataPlatform:snowflake,sales.orders,DEV)'));
    assert.doesNotThrow(() => JSON.parse(fixed));
  });

  it('fixes a platform typo inside the string', () => {
    const [fixed] = fixedTexts('file:///repo/mcp.json', mcp('urn:li:dataset:(urn:li:dataPlatform:snowflak,sales.orders,PROD)'), 'urn.platform');
    assert.equal(fixed, mcp('urn:li:dataset:(urn:li:dataPlatform:snowflake,sales.orders,PROD)'));
  });

  it('fixes inside a JSON-with-comments file the same way', () => {
    const text = `// lineage we keep\n${mcp('urn:li:dataset:(urn:li:dataPlatform:hive,orders,prod)')}`;
    const [fixed] = fixedTexts('file:///repo/mcp.jsonc', text, 'urn.environment');
    assert.equal(fixed, `// lineage we keep\n${mcp('urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)')}`);
  });

  it('type: STRING in a properties YAML is a warning (DataHub\'s CLI lower-cases it) whose fix writes string', () => {
    const uri = 'file:///repo/props.yaml';
    const text = '- id: io.acme.type\n  type: STRING\n  entity_types: [dataset]\n';
    const found = validateDocument({ model: documentOf(uri, text).model, text });
    assert.deepEqual(found.map((d) => [d.code, d.severity]), [['definition.type', 'warning']]);
    const [fixed] = fixedTexts(uri, text, 'definition.type');
    assert.equal(fixed, '- id: io.acme.type\n  type: string\n  entity_types: [dataset]\n');
  });

  it('a URN-valued type: in a properties YAML gets one diagnostic (definition.type), whose first fix leaves none', () => {
    const uri = 'file:///repo/props.yaml';
    const cases: Array<[string, 'error' | 'warning', string]> = [
      ['urn:li:dataType:datahub.strng', 'error', 'urn:li:dataType:datahub.string'],
      ['urn:li:dataType:datahub.STRING', 'error', 'urn:li:dataType:datahub.string'], // the CLI lower-cases only short types
      ['urn:li:dataType:number', 'error', 'urn:li:dataType:datahub.number'],
      ['urn:li:dataType:datahb.date', 'error', 'urn:li:dataType:datahub.date'],
      ['urn:li:dataType:servce.urn', 'error', 'urn:li:dataType:service.urn'],
      ['urn:li:dataType:datahub.float', 'error', ''],
    ];
    for (const [type, severity, firstFix] of cases) {
      const text = `- id: io.acme.type\n  type: ${type}\n  entity_types: [dataset]\n`;
      const found = validateDocument({ model: documentOf(uri, text).model, text });
      assert.deepEqual(found.map((d) => [d.code, d.severity]), [['definition.type', severity]], `${type}: ${JSON.stringify(found)}`);
      if (!firstFix) continue;
      const [fixed] = fixedTexts(uri, text, 'definition.type');
      assert.equal(fixed, text.replace(type, firstFix), type);
      assert.deepEqual(validateDocument({ model: documentOf(uri, fixed).model, text: fixed }), [], `after the fix of ${type}`);
    }
  });

  it('urn.dataType still speaks where no definition judges the type (a dataType URN used elsewhere)', () => {
    const uri = 'file:///repo/mcp.json';
    const text = JSON.stringify({ entityType: 'dataType', entityUrn: 'urn:li:dataType:datahub.strng', changeType: 'UPSERT', aspectName: 'status', aspect: { json: { removed: false } } });
    const found = validateDocument({ model: documentOf(uri, text).model, text });
    assert.deepEqual(found.map((d) => d.code), ['urn.dataType']);
  });
});
