import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats';
import { formatPlan } from '../../../core/plan/pushFormat';
import { collectPushIntent } from '../../../core/plan/pushIntent';
import { planPush, ServiceState, standardAspectWriter } from '../../../core/plan/pushPlan';

/**
 * Issue #25: what the files write but the catalog service has no endpoint for (spec §4.3: definitions,
 * values, status) is said in the plan, never dropped silently: the properties YAML's display
 * settings and forms YAML.
 */
function plan(files: Record<string, string>) {
  const models = Object.entries(files).map(([name, text]) => readDocument(`file:///repo/${name}`, text));
  return planPush(collectPushIntent(models, standardAspectWriter('service')), new ServiceState(), { now: 1000 });
}

describe('what the push does not send', () => {
  it("names the properties YAML's display settings as not pushed, and pushes the definitions without them", () => {
    const p = plan({ 'properties.yaml': `- id: io.acryl.tier\n  type: string\n  entity_types: [dataset]\n  settings:\n    show_in_search_filters: true\n` });
    assert.equal(p.warnings.length, 1);
    assert.match(p.warnings[0], /^properties\.yaml: the display settings \(settings:\) of io\.acryl\.tier are not pushed: the catalog service has no endpoint for structured-property settings\..*datahub properties upsert/);
    assert.ok(p.items.some((item) => item.entityUrn === 'urn:li:structuredProperty:io.acryl.tier'), 'the definition is still pushed');
    assert.match(formatPlan(p), /not pushed/);
  });

  it('names a forms YAML as not pushed', () => {
    const p = plan({ 'forms.yaml': `- name: Compliance\n  type: VERIFICATION\n  prompts:\n    - id: tier\n      title: Tier\n      type: STRUCTURED_PROPERTY\n      structured_property_id: io.acryl.tier\n` });
    assert.deepEqual(p.warnings.map((w) => w.replace(/:.*/, '')), ['forms.yaml']);
    assert.match(p.warnings[0], /forms are not pushed: the catalog service has no endpoint for forms\..*datahub forms upsert/);
  });

  it('says nothing for a properties YAML without settings', () => {
    assert.deepEqual(plan({ 'properties.yaml': `- id: io.acryl.tier\n  type: string\n  entity_types: [dataset]\n` }).warnings, []);
  });
});
