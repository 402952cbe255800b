import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readDocument } from '../../../core/formats';
import { collectPushIntent } from '../../../core/plan/pushIntent';
import { planPush, ServiceState, standardAspectWriter } from '../../../core/plan/pushPlan';
import { referencePath, testsNeedingReference } from '../../support/reference';

const { describe, it } = testsNeedingReference('push plan of DataHub’s own example files', ['datahub-examples']);
const examples = referencePath('datahub-examples');
const model = (name: string) => readDocument(`file://${resolve(examples, name)}`, readFileSync(resolve(examples, name), 'utf8'));

describe('push plan of DataHub’s own example files', () => {
  it('types values by the definitions pushed with them and orders definitions before values', () => {
    const plan = planPush(collectPushIntent([model('dataset.yaml'), model('structured_properties.yaml')], standardAspectWriter('service')), new ServiceState(), { now: 0 });
    const phases = plan.items.map((i) => i.phase);
    assert.ok(phases.lastIndexOf('definitions') < phases.indexOf('values'));
    const clicks = plan.items.find((i) => i.id === 'values:structuredProperties:urn:li:dataset:(urn:li:dataPlatform:hive,user.clicks,PROD)');
    assert.ok(clicks?.operation.kind === 'postAspect');
    assert.deepEqual(clicks.operation.value.properties, [
      { propertyUrn: 'urn:li:structuredProperty:io.acryl.privacy.retentionTime', values: [{ double: 365 }] },
      { propertyUrn: 'urn:li:structuredProperty:projectNames', values: [{ string: 'Tracking' }, { string: 'DataHub' }] },
    ]);
    assert.deepEqual(clicks.notes, [], 'both properties are defined by the files pushed with it');
    const field = plan.items.find((i) => i.entityUrn.startsWith('urn:li:schemaField:') && i.phase === 'values');
    assert.ok(field, 'field-level structured properties are pushed on the schemaField entity');
  });

  it('pushes the top level of a lineage file only, with its column-level edges', () => {
    const plan = planPush(collectPushIntent([model('file_lineage.yml')], standardAspectWriter('service')), new ServiceState(), { now: 0 });
    const topic3 = plan.items.find((i) => i.entityUrn === 'urn:li:dataset:(urn:li:dataPlatform:kafka,topic3,DEV)');
    assert.equal(topic3?.operation.kind, 'ingestProposal');
    assert.ok(plan.items.every((i) => i.phase === 'edges'));
  });

  it('sends MCP aspects as written through the ingestion endpoint', () => {
    const plan = planPush(collectPushIntent([model('test_domains.json')], standardAspectWriter('service')), new ServiceState());
    assert.deepEqual(
      plan.items.map((i) => (i.operation.kind === 'ingestProposal' ? [i.operation.proposal.aspectName, i.operation.proposal.aspect] : undefined)),
      [
        ['domainProperties', { name: 'Sales', description: 'My custom domain' }],
        ['domains', { domains: ['urn:li:domain:marketing'] }],
      ],
    );
  });
});
