import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { propertyCodeLenses } from '../../../core/features/codeLens';
import { EMPTY_DEFINITIONS } from '../../../core/definitions/types';
import { definition, definitionsOf, documentOf } from './helpers';

const FILE = `- id: io.acme.privacy.retentionDays
  type: number
  cardinality: SINGLE
  entity_types: [dataset]
- id: io.acme.quality.tier
  type: string
  entity_types: [dataset]
- id: io.acme.brand.new
  type: string
  entity_types: [dataset]
`;

function titlesByUrn(definitions: Parameters<typeof propertyCodeLenses>[1]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const lens of propertyCodeLenses(documentOf('file:///w/properties.yaml', FILE), definitions)) {
    const urn = lens.command?.command === 'catalogCode.pushPropertyDefinitions' ? 'push' : String(lens.command?.arguments?.[0]);
    out.set(urn, [...(out.get(urn) ?? []), lens.command?.title ?? '']);
  }
  return out;
}

describe('property code lenses', () => {
  it('offer Restore only on a soft-deleted property and Soft Delete only on a live one', () => {
    const lenses = titlesByUrn(
      definitionsOf([definition({ qualifiedName: 'io.acme.privacy.retentionDays', valueType: 'number' }), definition({ qualifiedName: 'io.acme.quality.tier', softDeleted: true })]),
    );
    assert.deepEqual(lenses.get('urn:li:structuredProperty:io.acme.privacy.retentionDays'), ['Soft Delete']);
    assert.deepEqual(lenses.get('urn:li:structuredProperty:io.acme.quality.tier'), ['Restore']);
    // Not in the catalog yet: neither status change applies, only the push.
    assert.equal(lenses.get('urn:li:structuredProperty:io.acme.brand.new'), undefined);
    assert.deepEqual(lenses.get('push'), ['Push Definitions', 'Push Definitions', 'Push Definitions']);
  });

  it('offer no status change while no catalog answers', () => {
    const lenses = titlesByUrn(EMPTY_DEFINITIONS);
    assert.deepEqual([...lenses.keys()], ['push']);
  });
});
