import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { definitionHardDelete } from '../../../core/rules/definitionHardDelete';
import { definitionsView, runRule, serviceDefinitions } from './fixture';

/** PR #19445 (DataHub 1.8): a structured property is hard-deleted only after a soft delete. */
const mcp = (...items: string[]) => `[${items.join(',\n')}]`;
const del = (id: string) => `{"entityType": "structuredProperty", "entityUrn": "urn:li:structuredProperty:${id}", "changeType": "DELETE", "aspectName": "propertyDefinition"}`;
const softDelete = (id: string) => `{"entityType": "structuredProperty", "entityUrn": "urn:li:structuredProperty:${id}", "changeType": "UPSERT", "aspectName": "status", "aspect": {"json": {"removed": true}}}`;
const live = `- id: io.x\n  type: string\n  entity_types: [dataset]\n`;

describe('definitionHardDelete (PR #19445)', () => {
  it('refuses a hard delete of a live property from DataHub 1.8, and accepts it before', () => {
    const definitions = definitionsView({ service: serviceDefinitions(live) });
    const found = runRule(definitionHardDelete, 'file:///repo/del.json', mcp(del('io.x')), { definitions, target: 'datahub' });
    assert.deepEqual(found.diagnostics.map((d) => d.severity), ['error']);
    assert.match(found.diagnostics[0].message, /io\.x is not soft-deleted in the service, so DataHub refuses this hard delete .*PR #19445/);
    assert.deepEqual(runRule(definitionHardDelete, 'file:///repo/del.json', mcp(del('io.x')), { definitions, target: 'datahub', datahub: { version: '1.7.0', source: 'setting' } }).diagnostics, []);
  });

  it('accepts it after a soft delete earlier in the file; warns when nothing tells whether it is soft-deleted', () => {
    assert.deepEqual(runRule(definitionHardDelete, 'file:///repo/del.json', mcp(softDelete('io.y'), del('io.y'))).diagnostics, []);
    assert.deepEqual(runRule(definitionHardDelete, 'file:///repo/del.json', mcp(del('io.y'))).diagnostics.map((d) => d.severity), ['warning']);
  });

  it('is refused by the local catalog, which never hard-deletes (its spec)', () => {
    const found = runRule(definitionHardDelete, 'file:///repo/del.json', mcp(softDelete('io.y'), del('io.y')), { target: 'localCatalog' });
    assert.deepEqual(found.diagnostics.map((d) => d.severity), ['error']);
    assert.match(found.diagnostics[0].message, /does not hard-delete structured properties/);
  });
});
