import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonPointerToken } from '../../../core/formats/jsonPointer';
import { urnOfPatchPathKey } from '../../../core/urn/patchPath';
import { readDocument } from '../../../core/formats';
import { collectPushIntent } from '../../../core/plan/pushIntent';
import { planPush, ServiceState, standardAspectWriter } from '../../../core/plan/pushPlan';

const ds = 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)';
const odd = 'urn:li:structuredProperty:io.acme/sla~v2';

describe('JSON-Pointer tokens in PATCH paths (RFC 6901)', () => {
  it('escapes ~ as ~0 and / as ~1, and reads them back', () => {
    assert.equal(jsonPointerToken(odd), 'urn:li:structuredProperty:io.acme~1sla~0v2');
    assert.equal(urnOfPatchPathKey(jsonPointerToken(odd)), odd, 'a path the push writes reads back as the same URN');
  });

  it('a structured-property PATCH addresses a property whose id holds / and ~ as one key', () => {
    const mcp = JSON.stringify([
      {
        entityType: 'dataset',
        entityUrn: ds,
        changeType: 'PATCH',
        aspectName: 'structuredProperties',
        aspect: { json: [{ op: 'add', path: `/properties/${jsonPointerToken(odd)}`, value: { propertyUrn: odd, values: [{ string: 'gold' }] } }] },
      },
    ]);
    const model = readDocument('file:///repo/patch.json', mcp);
    const state = new ServiceState().set(ds, 'structuredProperties', { properties: [{ propertyUrn: odd, values: [{ string: 'silver' }] }] });
    const plan = planPush(collectPushIntent([model], standardAspectWriter('service')), state, { now: 1000 });
    const item = plan.items.find((i) => i.phase === 'values');
    assert.ok(item && item.operation.kind === 'patchStructuredProperties');
    assert.deepEqual(
      item.operation.patch.map((op) => op.path),
      ['/properties/urn:li:structuredProperty:io.acme~1sla~0v2'],
    );
  });
});
