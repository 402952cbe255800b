import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PropertyDefinitionInfo } from '../../../core/definitions/types';
import { readDocument } from '../../../core/formats';
import { definitionChanges, hasDefinitionChanges, propertiesReadBy } from '../../../core/workspace/definitionChanges';
import { WorkspaceSession } from '../../../core/workspace/session';

const P = 'urn:li:structuredProperty:';

function info(id: string, extra: Partial<PropertyDefinitionInfo> = {}): PropertyDefinitionInfo {
  return {
    urn: P + id,
    qualifiedName: id,
    valueType: 'string',
    cardinality: 'SINGLE',
    entityTypes: ['dataset'],
    softDeleted: false,
    origin: { kind: 'workspace', uri: 'file:///w/properties.yaml', range: { start: 0, end: 10 } },
    ...extra,
  };
}

const mapOf = (...infos: PropertyDefinitionInfo[]) => new Map(infos.map((i) => [i.urn, i]));
const sorted = (set: ReadonlySet<string>) => [...set].sort();

describe('definitionChanges', () => {
  it('names nothing when the definitions are the same, also as new objects', () => {
    const changes = definitionChanges(mapOf(info('a'), info('b')), mapOf(info('a'), info('b')));
    assert.deepEqual(sorted(changes.changed), []);
    assert.equal(changes.membershipChanged, false);
    assert.equal(hasDefinitionChanges(changes), false);
  });

  it('names a definition whose allowed values changed, and only that one', () => {
    const changes = definitionChanges(mapOf(info('a'), info('b')), mapOf(info('a', { allowedValues: [{ value: 'gold' }] }), info('b')));
    assert.deepEqual(sorted(changes.changed), [`${P}a`]);
    assert.equal(changes.membershipChanged, false);
  });

  it('names added and removed definitions and says the set of properties changed', () => {
    const changes = definitionChanges(mapOf(info('a'), info('b')), mapOf(info('b'), info('c')));
    assert.deepEqual(sorted(changes.changed), [`${P}a`, `${P}c`]);
    assert.equal(changes.membershipChanged, true);
  });

  it('ignores where in its file a definition moved and when the service was fetched', () => {
    const moved = info('a', { origin: { kind: 'workspace', uri: 'file:///w/properties.yaml', range: { start: 40, end: 50 } } });
    assert.equal(hasDefinitionChanges(definitionChanges(mapOf(info('a')), mapOf(moved))), false);
    const fetched = (at: number) => info('s', { origin: { kind: 'service', url: 'http://localhost:8080', fetchedAt: at } });
    assert.equal(hasDefinitionChanges(definitionChanges(mapOf(fetched(1)), mapOf(fetched(2)))), false);
  });

  it('counts a definition moved to another file (messages name the file)', () => {
    const elsewhere = info('a', { origin: { kind: 'workspace', uri: 'file:///w/other.yaml', range: { start: 0, end: 10 } } });
    assert.deepEqual(sorted(definitionChanges(mapOf(info('a')), mapOf(elsewhere)).changed), [`${P}a`]);
  });

  it('names a changed definition also by its qualified name, which lookups fall back to', () => {
    // A property created in the UI has a generated URN; files name it by its qualified name.
    const generated = (type: 'string' | 'number') => info('io.team.tier', { urn: `${P}5f0c-generated`, valueType: type });
    const changes = definitionChanges(mapOf(generated('string')), mapOf(generated('number')));
    assert.deepEqual(sorted(changes.changed), [`${P}5f0c-generated`, `${P}io.team.tier`]);
    const renamed = definitionChanges(mapOf(generated('string')), mapOf(info('io.team.level', { urn: `${P}5f0c-generated` })));
    assert.equal(renamed.membershipChanged, true);
    assert.deepEqual(sorted(renamed.changed), [`${P}5f0c-generated`, `${P}io.team.level`, `${P}io.team.tier`]);
  });
});

describe('propertiesReadBy', () => {
  it('lists assigned properties as full URNs', () => {
    const model = readDocument('file:///w/orders.yaml', 'id: orders\nplatform: hive\nstructured_properties:\n  io.team.tier: gold\n  urn:li:structuredProperty:io.team.owner: alice\n');
    assert.deepEqual(propertiesReadBy(model).sort(), [`${P}io.team.owner`, `${P}io.team.tier`]);
  });

  it('lists defined properties, and properties whose status an MCP file writes', () => {
    const properties = readDocument('file:///w/properties.yaml', '- id: io.team.tier\n  type: string\n');
    assert.deepEqual(propertiesReadBy(properties), [`${P}io.team.tier`]);
    const mcp = JSON.stringify([{ entityType: 'structuredProperty', entityUrn: `${P}io.team.gone`, changeType: 'UPSERT', aspectName: 'status', aspect: { json: { removed: true } } }]);
    assert.deepEqual(propertiesReadBy(readDocument('file:///w/status.json', mcp)), [`${P}io.team.gone`]);
  });

  it('lists nothing for a lineage file', () => {
    const model = readDocument('file:///w/lineage.yml', 'version: 1\nlineage:\n  - entity:\n      name: a\n      type: dataset\n      env: PROD\n      platform: hive\n    upstream:\n      - entity:\n          name: b\n          type: dataset\n          env: PROD\n          platform: hive\n');
    assert.deepEqual(propertiesReadBy(model), []);
  });
});

describe('WorkspaceSession.onDefinitionsChanged', () => {
  it('tells which definitions a rebuild changed, and nothing for a change that keeps them', () => {
    const session = new WorkspaceSession();
    const told: string[][] = [];
    session.onDefinitionsChanged((changes) => told.push(sorted(changes.changed)));
    const uri = 'file:///w/properties.yaml';
    session.setFile(uri, '- id: io.team.tier\n  type: string\n- id: io.team.owner\n  type: string\n');
    session.definitions();
    assert.deepEqual(told, [[`${P}io.team.owner`, `${P}io.team.tier`]]);
    session.setFile(uri, '- id: io.team.tier\n  type: string\n  allowed_values:\n    - value: gold\n- id: io.team.owner\n  type: string\n');
    session.definitions();
    assert.deepEqual(told.at(-1), [`${P}io.team.tier`]);
    session.setFile(uri, '# a comment\n- id: io.team.tier\n  type: string\n  allowed_values:\n    - value: gold\n- id: io.team.owner\n  type: string\n');
    session.definitions();
    assert.equal(told.length, 2, 'moving definitions down a line changes no check');
  });
});
