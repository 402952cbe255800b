import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { definitionDifferences, formatDifferences, knownPropertyIds, lookupProperty, originLabel } from '../../../core/definitions/lookup';
import type { DefinitionsView, PropertyDefinitionInfo } from '../../../core/definitions/types';

function definition(overrides: Partial<PropertyDefinitionInfo> & Pick<PropertyDefinitionInfo, 'qualifiedName'>): PropertyDefinitionInfo {
  return {
    urn: `urn:li:structuredProperty:${overrides.qualifiedName}`,
    valueType: 'string',
    cardinality: 'SINGLE',
    entityTypes: ['dataset'],
    softDeleted: false,
    origin: { kind: 'service', url: 'http://svc', fetchedAt: 0 },
    ...overrides,
  };
}

function view(service: PropertyDefinitionInfo[], workspace: PropertyDefinitionInfo[], serviceAvailable = true): DefinitionsView {
  return {
    service: new Map(service.map((d) => [d.urn, d])),
    workspace: new Map(workspace.map((d) => [d.urn, d])),
    serviceAvailable,
  };
}

const inFile = (name: string) => ({ kind: 'workspace' as const, uri: `file:///repo/props/${name}`, range: { start: 0, end: 1 } });

describe('lookupProperty', () => {
  it('finds a property by id or by URN', () => {
    const team = definition({ qualifiedName: 'io.acryl.team' });
    const definitions = view([team], []);
    assert.equal(lookupProperty(definitions, 'io.acryl.team').effective, team);
    assert.equal(lookupProperty(definitions, 'urn:li:structuredProperty:io.acryl.team').effective, team);
    assert.equal(lookupProperty(definitions, 'io.acryl.other').effective, undefined);
  });

  it('finds a property whose URN is generated (UI-created) by its qualified name', () => {
    const generated = definition({ qualifiedName: 'io.acryl.team', urn: 'urn:li:structuredProperty:7d0f3c8e' });
    assert.equal(lookupProperty(view([generated], []), 'io.acryl.team').effective, generated);
  });

  it('sees definitions added to a map in place', () => {
    const service = new Map<string, PropertyDefinitionInfo>();
    const definitions: DefinitionsView = { service, workspace: new Map(), serviceAvailable: true };
    assert.equal(lookupProperty(definitions, 'io.acryl.team').effective, undefined);
    const generated = definition({ qualifiedName: 'io.acryl.team', urn: 'urn:li:structuredProperty:0f1e' });
    service.set(generated.urn, generated);
    assert.equal(lookupProperty(definitions, 'io.acryl.team').effective, generated);
  });

  it('lets the service win, and names the fields where the workspace disagrees', () => {
    const live = definition({ qualifiedName: 'retention', valueType: 'number', allowedValues: [{ value: 30 }, { value: 90 }] });
    const local = definition({ qualifiedName: 'retention', valueType: 'number', allowedValues: [{ value: 90 }, { value: 30 }, { value: 365 }], cardinality: 'MULTIPLE', origin: inFile('props.yaml'), description: 'changed text' });
    const lookup = lookupProperty(view([live], [local]), 'retention');
    assert.equal(lookup.effective, live);
    assert.equal(lookup.workspace, local);
    assert.deepEqual(lookup.differences, [
      { field: 'cardinality', service: 'SINGLE', workspace: 'MULTIPLE' },
      { field: 'allowedValues', service: '30, 90', workspace: '30, 365, 90' },
    ]);
    assert.equal(
      formatDifferences(lookup.differences, 'props.yaml'),
      'cardinality: SINGLE in the service, MULTIPLE in props.yaml; allowed values: 30, 90 in the service, 30, 365, 90 in props.yaml',
    );
  });

  it('uses the workspace definition when only the workspace has the property', () => {
    const local = definition({ qualifiedName: 'newProp', origin: inFile('new.yaml') });
    const lookup = lookupProperty(view([], [local]), 'newProp');
    assert.equal(lookup.effective, local);
    assert.equal(lookup.service, undefined);
    assert.deepEqual(lookup.differences, []);
    assert.equal(originLabel(local), 'new.yaml');
  });

  it('compares every field when asked, ignoring the order of lists', () => {
    const a = definition({ qualifiedName: 'p', entityTypes: ['dataset', 'chart'] });
    const b = definition({ qualifiedName: 'p', entityTypes: ['chart', 'dataset'], displayName: 'P' });
    assert.deepEqual(definitionDifferences(a, b), [{ field: 'displayName', service: '(none)', workspace: 'P' }]);
  });

  it('lists every known id for suggestions', () => {
    const ids = knownPropertyIds(view([definition({ qualifiedName: 'a' })], [definition({ qualifiedName: 'b', origin: inFile('b.yaml') }), definition({ qualifiedName: 'a', origin: inFile('a.yaml') })]));
    assert.deepEqual(ids.sort(), ['a', 'b']);
  });
});
