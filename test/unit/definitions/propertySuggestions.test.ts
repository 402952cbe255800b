import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { knownPropertyIds } from '../../../core/definitions/lookup';
import { suggestedPropertyIds } from '../../../core/definitions/propertySuggestions';
import type { DefinitionsView, PropertyDefinitionInfo } from '../../../core/definitions/types';
import { closestMatches } from '../../../core/urn/suggest';

function definition(qualifiedName: string): PropertyDefinitionInfo {
  return { urn: `urn:li:structuredProperty:${qualifiedName}`, qualifiedName, valueType: 'string', cardinality: 'SINGLE', entityTypes: ['dataset'], softDeleted: false, origin: { kind: 'workspace', uri: 'file:///repo/properties.yaml', range: { start: 0, end: 0 } } };
}

function view(workspace: string[], service: string[] = []): DefinitionsView {
  return { workspace: new Map(workspace.map((id) => [`urn:li:structuredProperty:${id}`, definition(id)])), service: new Map(service.map((id) => [`urn:li:structuredProperty:${id}`, definition(id)])), serviceAvailable: service.length > 0 };
}

describe('suggestedPropertyIds', () => {
  it('answers what closestMatches answers against every known id, asked once or many times', () => {
    const definitions = view(['io.acme.tier', 'io.acme.team', 'io.acme.retention'], ['io.acme.tiers']);
    for (const id of ['io.acme.tierr', 'io.acme.tema', 'io.acme.tierr', 'nothing.close.at.all', 'io.acme.retentoin']) {
      assert.deepEqual(suggestedPropertyIds(definitions, id), closestMatches(id, knownPropertyIds(definitions), 3), id);
    }
  });

  it('new definitions (a map replaced) are suggested at once', () => {
    const before = view(['zz.tier']);
    assert.deepEqual(suggestedPropertyIds(before, 'io.acme.owner'), []);
    const after = { ...before, workspace: view(['zz.tier', 'io.acme.owners']).workspace };
    assert.deepEqual(suggestedPropertyIds(after, 'io.acme.owner'), ['io.acme.owners']);
    // The service's definitions replaced under the same workspace's.
    const online = { ...after, service: view([], ['io.acme.ownr']).service, serviceAvailable: true };
    assert.deepEqual(suggestedPropertyIds(online, 'io.acme.owner'), ['io.acme.owners', 'io.acme.ownr']);
  });

  it('a map grown in place is listed again (its size tells), and a caller changing its answer changes nothing', () => {
    const definitions = view(['zz.tier']);
    const first: string[] = suggestedPropertyIds(definitions, 'io.acme.domian');
    assert.equal(first.length, 0);
    first.push('changed by the caller');
    (definitions.workspace as Map<string, PropertyDefinitionInfo>).set('urn:li:structuredProperty:io.acme.domain', definition('io.acme.domain'));
    assert.deepEqual(suggestedPropertyIds(definitions, 'io.acme.domian'), ['io.acme.domain']);
  });

  it('thousands of distinct unknown ids: every answer stays right past what is remembered', () => {
    const known = Array.from({ length: 300 }, (_, i) => `io.acme.d${i}.tier`);
    const definitions = view(known);
    for (let i = 0; i < 2_500; i += 1) {
      const id = `io.acme.d${i % 400}.tierx`;
      const expected = closestMatches(id, known, 3);
      assert.deepEqual(suggestedPropertyIds(definitions, id), expected, id);
    }
  });
});
