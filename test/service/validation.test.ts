import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { datasetUrn, definition, definitionPath, enc, propertyUrn, startTestService, valuesPath, type TestService } from './helpers';

describe('property definition rules (PropertyDefinitionValidator)', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());

  async function rejected(id: string, body: unknown, pattern: RegExp, urnId = id): Promise<void> {
    const reply = await svc.call('POST', `/openapi/v2/entity/structuredProperty/${enc(propertyUrn(urnId))}/propertyDefinition`, { body });
    assert.equal(reply.status, 400, reply.text);
    const json = reply.json as { error: string; message: string };
    assert.equal(json.error, 'Validation Error');
    assert.match(json.message, pattern);
  }
  const accepted = async (id: string, body: unknown) => {
    const reply = await svc.call('POST', definitionPath(id), { body });
    assert.equal(reply.status, 200, reply.text);
  };

  it('valueType is a data-type URN; like DataHub, a self-defined one (datahub.float) is accepted', async () => {
    await rejected('io.v.t2', definition('io.v.t2', { valueType: 'string' }), /valueType "string" is not a data-type URN/);
    await rejected('io.v.t3', definition('io.v.t3', { valueType: 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)' }), /valueType/);
    // metadata-ingestion/examples/mce_files/test_structured_properties.json defines and uses datahub.float
    await accepted('io.v.float', definition('io.v.float', { valueType: 'urn:li:dataType:datahub.float' }));
    await accepted('io.v.text', definition('io.v.text', { valueType: 'urn:li:dataType:datahub.text' }));
    for (const type of ['string', 'rich_text', 'number', 'date', 'urn']) {
      await accepted(`io.v.ok_${type}`, definition(`io.v.ok_${type}`, { valueType: `urn:li:dataType:datahub.${type}` }));
    }
  });

  it('cardinality is SINGLE or MULTIPLE; entityTypes are entity type URNs', async () => {
    await rejected('io.v.c', definition('io.v.c', { cardinality: 'MANY' }), /cardinality "MANY"/);
    await rejected('io.v.e1', definition('io.v.e1', { entityTypes: ['dataset'] }), /entityTypes has "dataset"/);
    await rejected('io.v.e2', definition('io.v.e2', { entityTypes: undefined }), /entityTypes/);
    await rejected('io.v.e3', definition('io.v.e3', { entityTypes: ['urn:li:entityType:service.notAType'] }), /notAType/);
  });

  it('qualifiedName equals the URN id and neither has spaces', async () => {
    await rejected('io.v.q', definition('io.v.other'), /Qualified name and the ID of a structured property must match.*io\.v\.other/);
    await rejected('has space', definition('has space'), /Urn ID cannot have spaces/);
  });

  it('version is 14 digits', async () => {
    await rejected('io.v.ver', definition('io.v.ver', { version: '1.0.0' }), /Invalid version specified\. Must match \[0-9\]\{14\}.*"1\.0\.0"/);
    await rejected('io.v.ver', definition('io.v.ver', { version: 20240614080000 }), /Invalid version/);
    await accepted('io.v.ver', definition('io.v.ver', { version: '20240614080000' }));
  });

  // Issue #25 item 4: PrimitivePropertyValue is a string/double union that GMS does not match to the
  // value type (PropertyDefinitionValidatorTest keeps a STRING property with allowed value 1.0).
  it('allowed values are {string} or {double}, of either kind, as DataHub stores them', async () => {
    await accepted('io.v.av', definition('io.v.av', { valueType: 'urn:li:dataType:service.number', allowedValues: [{ value: { string: '30' } }] }));
    await rejected('io.v.av2', definition('io.v.av2', { allowedValues: [{ value: { int: 3 } }] }), /allowedValues\[0\]\.value \{"int":3\} is not a value DataHub stores/);
    await rejected('io.v.av3', definition('io.v.av3', { allowedValues: [{ value: { string: 30 } }] }), /allowedValues\[0\]\.value/);
  });

  it('breaking changes (type change, MULTIPLE→SINGLE, removed or new allowed values) need a greater version', async () => {
    const base = definition('io.v.b', { cardinality: 'MULTIPLE', allowedValues: [{ value: { string: 'a' } }, { value: { string: 'b' } }], version: '20240101000000' });
    await accepted('io.v.b', base);
    await rejected('io.v.b', { ...base, valueType: 'urn:li:dataType:service.rich_text' }, /Value type cannot be changed/);
    await rejected('io.v.b', { ...base, cardinality: 'SINGLE' }, /cardinality cannot be changed from MULTI to SINGLE/);
    await rejected('io.v.b', { ...base, allowedValues: [{ value: { string: 'a' } }] }, /Cannot restrict values that were previously allowed.*"b"/);
    await rejected('io.v.b', { ...base, cardinality: 'SINGLE', version: '20230101000000' }, /greater 14-digit version/);
    await accepted('io.v.b', { ...base, allowedValues: [...(base.allowedValues as unknown[]), { value: { string: 'c' } }], description: 'not breaking' });
    await accepted('io.v.b', { ...base, cardinality: 'SINGLE', allowedValues: [{ value: { string: 'a' } }], version: '20250101000000' });
    const open = definition('io.v.open', { cardinality: 'SINGLE' });
    await accepted('io.v.open', open);
    await rejected('io.v.open', { ...open, allowedValues: [{ value: { string: 'x' } }] }, /Cannot restrict values/);
    await accepted('io.v.open', { ...open, cardinality: 'MULTIPLE' });
  });

  it('a definition that is not an object is refused', async () => {
    const reply = await svc.call('POST', definitionPath('io.v.arr'), { body: [1, 2] });
    assert.equal(reply.status, 400);
  });
});

describe('structured property value rules (StructuredPropertiesValidator + entityTypes)', () => {
  let svc: TestService;
  const ds = datasetUrn('db.values');
  const define = (id: string, extra: Record<string, unknown>) => svc.call('POST', definitionPath(id), { body: definition(id, extra) });
  before(async () => {
    svc = await startTestService();
    await define('io.p.str', { allowedValues: [{ value: { string: 'gold' } }, { value: { string: 'silver' } }] });
    await define('io.p.num', { valueType: 'urn:li:dataType:service.number', cardinality: 'MULTIPLE' });
    await define('io.p.date', { valueType: 'urn:li:dataType:service.date' });
    await define('io.p.urn', { valueType: 'urn:li:dataType:datahub.urn', typeQualifier: { allowedTypes: ['urn:li:entityType:datahub.corpuser'] } });
    await define('io.p.jobOnly', { entityTypes: ['urn:li:entityType:service.dataJob'] });
    await define('io.p.frozen', { immutable: true });
  });
  after(() => svc.close());

  const set = (id: string, values: unknown[], urn = ds, type = 'dataset') =>
    svc.call('POST', valuesPath(urn, type), { body: { properties: [{ propertyUrn: propertyUrn(id), values }] } });
  async function refused(reply: Promise<{ status: number; json: unknown }>, pattern: RegExp) {
    const r = await reply;
    assert.equal(r.status, 400, JSON.stringify(r.json));
    assert.equal((r.json as { error: string }).error, 'Validation Error');
    assert.match((r.json as { message: string }).message, pattern);
  }

  it('checks the value type, date format, URN values and their allowed types', async () => {
    await refused(set('io.p.str', [{ double: 1 }]), /value: \{"double":1\} should be a string/);
    await refused(set('io.p.num', [{ string: 'abc' }]), /should be a number/);
    assert.equal((await set('io.p.num', [{ double: 30 }, { double: 60.5 }])).status, 200);
    await refused(set('io.p.date', [{ string: '2024-13-01' }]), /should be a date with format YYYY-MM-DD/);
    await refused(set('io.p.date', [{ string: '24-01-01' }]), /YYYY-MM-DD/);
    assert.equal((await set('io.p.date', [{ string: '2024-02-29' }])).status, 200);
    await refused(set('io.p.urn', [{ string: 'not a urn' }]), /should be an urn/);
    await refused(set('io.p.urn', [{ string: datasetUrn('x') }]), /is not of any supported urn types:\[corpuser\]/);
    assert.equal((await set('io.p.urn', [{ string: 'urn:li:corpuser:jdoe' }])).status, 200);
    await refused(set('io.p.str', [{ string: 'gold', double: 1 }]), /must be written/);
  });

  it('checks allowed values, cardinality and one entry per property', async () => {
    await refused(set('io.p.str', [{ string: 'bronze' }]), /value: \{"string":"bronze"\} should be one of \[\{"string":"gold"\},\{"string":"silver"\}\]/);
    await refused(set('io.p.str', [{ string: 'gold' }, { string: 'silver' }]), /has cardinality 1, but multiple values were assigned/);
    const twice = await svc.call('POST', valuesPath(ds), {
      body: { properties: [{ propertyUrn: propertyUrn('io.p.str'), values: [{ string: 'gold' }] }, { propertyUrn: propertyUrn('io.p.str'), values: [{ string: 'silver' }] }] },
    });
    assert.equal(twice.status, 400);
    assert.match((twice.json as { message: string }).message, /has multiple entries/);
  });

  it("checks the definition's entityTypes, which DataHub forgets", async () => {
    await refused(set('io.p.jobOnly', [{ string: 'x' }]), /cannot be applied to urn:li:dataset:.*allows only entity types \[dataJob\], not dataset/);
    const job = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,prod),load)';
    assert.equal((await set('io.p.jobOnly', [{ string: 'x' }], job, 'dataJob')).status, 200);
  });

  it('propertyUrn must be a structuredProperty URN that parses', async () => {
    const reply = await svc.call('POST', valuesPath(ds), { body: { properties: [{ propertyUrn: 'urn:li:corpuser:x', values: [] }] } });
    assert.match((reply.json as { message: string }).message, /Unexpected entity type\. Expected: structuredProperty Found: corpuser/);
    const malformed = await svc.call('POST', valuesPath(ds), { body: { properties: [{ propertyUrn: 'nope', values: [] }] } });
    assert.match((malformed.json as { message: string }).message, /Invalid urn: nope/);
    const shape = await svc.call('POST', valuesPath(ds), { body: { properties: 'x' } });
    assert.equal(shape.status, 400);
  });

  it('an immutable property keeps its first value', async () => {
    const other = datasetUrn('db.frozen');
    assert.equal((await set('io.p.frozen', [{ string: 'first' }], other)).status, 200);
    assert.equal((await set('io.p.frozen', [{ string: 'first' }], other)).status, 200, 'writing the same value again is fine');
    await refused(set('io.p.frozen', [{ string: 'second' }], other), /Cannot mutate an immutable property/);
    const removal = await svc.call('POST', valuesPath(other), { body: { properties: [] } });
    assert.match((removal.json as { message: string }).message, /Cannot delete an immutable property/);
  });
});

// Issue #25 item 8: the local catalog's structuredPropertySettings writes, as DataHub's
// HidePropertyValidatorTest and ShowPropertyAsBadgeValidatorTest judge them.
describe('structuredPropertySettings rules (HidePropertyValidator, ShowPropertyAsBadgeValidator)', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());

  const settingsPath = (id: string) => `/openapi/v2/entity/structuredProperty/${enc(propertyUrn(id))}/structuredPropertySettings`;
  async function write(id: string, body: Record<string, boolean>): Promise<{ status: number; message: string }> {
    assert.equal((await svc.call('POST', definitionPath(id), { body: definition(id) })).status, 200);
    const reply = await svc.call('POST', settingsPath(id), { body });
    return { status: reply.status, message: (reply.json as { message?: string } | undefined)?.message ?? reply.text };
  }

  it('refuses a property hidden and shown at once (HidePropertyValidatorTest#testInvalidUpsert), accepts it shown only (#testValidUpsert)', async () => {
    const refused = await write('io.s.hidden', { isHidden: true, showAsAssetBadge: false, showInAssetSummary: true, showInSearchFilters: true });
    assert.equal(refused.status, 400);
    assert.match(refused.message, /Cannot have property isHidden = true while other display location settings are also true \(showInSearchFilters, showInAssetSummary/);
    assert.equal((await write('io.s.shown', { isHidden: false, showInAssetSummary: true, showInSearchFilters: true })).status, 200);
  });

  it('allows one asset badge: a second is refused until the first is taken off (ShowPropertyAsBadgeValidatorTest)', async () => {
    assert.equal((await write('io.s.badge1', { showAsAssetBadge: true, showInAssetSummary: true })).status, 200);
    assert.equal((await write('io.s.badge1', { showAsAssetBadge: true })).status, 200, 'the same property again');
    const second = await write('io.s.badge2', { showAsAssetBadge: true });
    assert.equal(second.status, 400);
    assert.match(second.message, /Cannot have more than one property set with show as badge\. Property urns currently set: \[urn:li:structuredProperty:io\.s\.badge1\]/);
    assert.equal((await write('io.s.badge2', { showAsAssetBadge: false, showInSearchFilters: true })).status, 200, 'showAsAssetBadge false is never refused');
    assert.equal((await write('io.s.badge1', { showAsAssetBadge: false })).status, 200);
    assert.equal((await write('io.s.badge2', { showAsAssetBadge: true })).status, 200);
  });
});
