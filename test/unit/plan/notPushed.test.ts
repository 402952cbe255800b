import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats';
import { collectPushIntent } from '../../../core/plan/pushIntent';
import { planPush, ServiceState, standardAspectWriter } from '../../../core/plan/pushPlan';
import { PHASE_ORDER } from '../../../core/plan/pushPlanTypes';

/**
 * Issue #25: the properties YAML's display settings are pushed (as the aspect `datahub properties
 * upsert` writes); forms YAML, which the catalog service has no endpoint for, is said in the plan as
 * not pushed, never dropped silently.
 */
function plan(files: Record<string, string>) {
  const models = Object.entries(files).map(([name, text]) => readDocument(`file:///repo/${name}`, text));
  return planPush(collectPushIntent(models, standardAspectWriter('service')), new ServiceState(), { now: 1000 });
}

describe('settings and forms in the push', () => {
  it("pushes the properties YAML's display settings as the structuredPropertySettings aspect `datahub properties upsert` writes, after the definition", () => {
    const p = plan({ 'properties.yaml': `- id: io.acryl.tier\n  type: string\n  entity_types: [dataset]\n  settings:\n    show_in_search_filters: true\n` });
    assert.deepEqual(p.warnings, []);
    const settings = p.items.find((item) => item.operation.kind === 'ingestProposal' && item.operation.proposal.aspectName === 'structuredPropertySettings');
    assert.ok(settings, 'a settings item');
    assert.equal(settings.entityUrn, 'urn:li:structuredProperty:io.acryl.tier');
    assert.ok(PHASE_ORDER.indexOf(settings.phase) > PHASE_ORDER.indexOf('definitions'), 'after the definition');
    assert.ok(settings.operation.kind === 'ingestProposal');
    // Every flag the CLI model knows, false unless set: an UPSERT clears a flag the file leaves out.
    assert.deepEqual(settings.operation.proposal.aspect, { isHidden: false, showAsAssetBadge: false, showInAssetSummary: false, showInColumnsTable: false, showInSearchFilters: true });
  });

  it('names a forms YAML as not pushed', () => {
    const p = plan({ 'forms.yaml': `- name: Compliance\n  type: VERIFICATION\n  prompts:\n    - id: tier\n      title: Tier\n      type: STRUCTURED_PROPERTY\n      structured_property_id: io.acryl.tier\n` });
    assert.deepEqual(p.warnings.map((w) => w.replace(/:.*/, '')), ['forms.yaml']);
    assert.match(p.warnings[0], /forms are not pushed: the catalog service has no forms endpoint, and Catalog Code does not write the form entities and assignments `datahub forms upsert` makes/);
  });

  it('says nothing for a properties YAML without settings', () => {
    assert.deepEqual(plan({ 'properties.yaml': `- id: io.acryl.tier\n  type: string\n  entity_types: [dataset]\n` }).warnings, []);
  });
});
