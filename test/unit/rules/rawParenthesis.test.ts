import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats';
import { validateDocument } from '../../../core/validate';

/**
 * A raw parenthesis inside a URN name (datahub-project/datahub#19086, PR #19374): a default GMS
 * stores it (UrnValidationUtil only logs it unless STRICT_URN_VALIDATION_ENABLED is set), so an MCP
 * file carrying it is no refusal; DataHub's CLI reads a properties YAML's URNs as typed URNs, which
 * refuse it.
 */
function judge(uri: string, text: string) {
  return validateDocument({ model: readDocument(uri, text), text }).filter((d) => d.code === 'urn.syntax');
}

describe('a raw parenthesis inside a URN name', () => {
  it('is a warning in an MCP file, naming what a default and a strict DataHub do, with the escape as the fix', () => {
    const text = '[{"entityType": "dashboard", "entityUrn": "urn:li:dashboard:(looker,my_dashboard (copy))", "changeType": "UPSERT", "aspectName": "status", "aspect": {"json": {"removed": false}}}]';
    const found = judge('file:///repo/mcps.json', text);
    assert.deepEqual(found.map((d) => [d.severity, text.slice(d.range.start, d.range.end)]), [['warning', 'my_dashboard (copy)']]);
    assert.match(found[0].message, /default DataHub stores it .*STRICT_URN_VALIDATION_ENABLED it refuses the write.*Python SDK cannot read this URN back\. Write parentheses inside names as %28 and %29/);
    assert.deepEqual(found[0].data?.candidates, ['my_dashboard %28copy%29']);
  });

  it('is an error in a properties YAML, whose URNs DataHub\'s CLI parses', () => {
    const text = '- urn: urn:li:structuredProperty:io.acme.sla(days)\n  type: number\n  entity_types: [dataset]\n';
    const found = judge('file:///repo/props.yaml', text);
    assert.deepEqual(found.map((d) => [d.severity, text.slice(d.range.start, d.range.end)]), [['error', 'io.acme.sla(days)']]);
    assert.match(found[0].message, /typed URN \(Urn\.from_string\), which refuses a raw parenthesis/);
  });

  it('stays an error where the parentheses do not balance (GMS cannot parse the URN)', () => {
    const text = '[{"entityType": "dashboard", "entityUrn": "urn:li:dashboard:(looker,my_dashboard (copy)", "changeType": "UPSERT", "aspectName": "status", "aspect": {"json": {"removed": false}}}]';
    assert.deepEqual(judge('file:///repo/mcps.json', text).map((d) => d.severity), ['error']);
  });
});
