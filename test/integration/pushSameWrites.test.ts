// The terminal and the editor push through the same workflow (core/push): the same files pushed
// by `catalog-code push` to one fresh local catalog and by the editor's path — the language
// server's catalogCode/pushVerdicts and catalogCode/pushPlan, applied by runPushWorkflow as the
// VS Code client does — to another write the same aspects, byte for byte.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readAspect } from '../../core/api/pushClient';
import type { ServiceConnection } from '../../core/api/http';
import type { PushOperation, PushPlan } from '../../core/plan/pushPlanTypes';
import { PushPlanRequest, PushVerdictsRequest, SetConnectionNotification } from '../../core/protocol';
import type { PushVerdicts } from '../../core/plan/pushVerdicts';
import { runPushWorkflow } from '../../core/push/pushWorkflow';
import { TestClient } from '../protocol/lspClient';
import { runCli } from '../reliability/cli';
import { DATASETS_YAML, PROPERTIES_YAML, lineageYaml, startTestCatalog, type TestCatalog } from './catalog';

let fromTerminal: TestCatalog;
let fromEditor: TestCatalog;

before(async () => {
  [fromTerminal, fromEditor] = await Promise.all([startTestCatalog(), startTestCatalog()]);
  // One folder of files, pushed to both.
  fromTerminal.write('props.yaml', PROPERTIES_YAML);
  fromTerminal.write('datasets.yaml', DATASETS_YAML);
  fromTerminal.write('lineage.yml', lineageYaml(['raw_orders', 'customers']));
});
after(async () => {
  await Promise.all([fromTerminal?.close(), fromEditor?.close()]);
});

/** The aspects a plan writes: (entity type, URN, aspect name) of every operation. */
function writtenAspects(plan: PushPlan): [string, string, string][] {
  const typeOf = (urn: string) => urn.slice('urn:li:'.length, urn.indexOf(':', 'urn:li:'.length));
  const of = (operation: PushOperation): [string, string, string][] => {
    switch (operation.kind) {
      case 'postAspect':
        return [[operation.entityType, operation.urn, operation.aspectName]];
      case 'patchStructuredProperties':
        return [[operation.entityType, operation.urn, 'structuredProperties']];
      case 'status':
        return [[operation.entityType, operation.urn, 'status']];
      case 'updateLineage':
        return operation.edgesToAdd.concat(operation.edgesToRemove).map((edge) => [typeOf(edge.downstreamUrn), edge.downstreamUrn, 'upstreamLineage']);
      case 'ingestProposal':
        return [[operation.proposal.entityType, operation.proposal.entityUrn, operation.proposal.aspectName]];
      case 'ingestProposalBatch':
        return operation.proposals.map((p) => [p.entityType, p.entityUrn, p.aspectName]);
      case 'entityBatch':
        return operation.writes.map((w) => [operation.entityType, w.urn, operation.aspectName]);
    }
  };
  const unique = new Map(plan.items.flatMap((item) => of(item.operation)).map((key) => [key.join(' '), key]));
  return [...unique.values()].sort();
}

/**
 * An aspect as read back, with the times of its audit stamps set to 0: the plan stamps new
 * upstream records with the time it was made, the one thing two pushes a moment apart differ in.
 */
function readBack(connection: ServiceConnection, [type, urn, aspect]: [string, string, string]): Promise<string> {
  return readAspect(connection, type, urn, aspect).then((value) => JSON.stringify(value ?? null, (key, v: unknown) => (key === 'time' && typeof v === 'number' ? 0 : v)));
}

test('the same files pushed from the CLI and from the editor write the same aspects, in the namespace the service uses', async () => {
  const cli = await runCli(['push', fromTerminal.files, '--service', fromTerminal.url, '--yes'], { CATALOG_TOKEN: fromTerminal.token });
  assert.equal(cli.code, 0, cli.stdout + cli.stderr);

  const { client } = await TestClient.start({ rootPath: fromTerminal.files, pull: true });
  try {
    await client.connection.sendNotification(SetConnectionNotification.method, { url: fromEditor.url, token: fromEditor.token });
    // The editor pushes the workspace: the files the server lists (it reads them in the background).
    const verdictsOfAll = () => client.connection.sendRequest(PushVerdictsRequest.method, {}) as Promise<PushVerdicts>;
    const ready = (v: PushVerdicts) => v.files.length === 3 && v.serviceUrl === fromEditor.url;
    await client.poll('the server to have read the three files and to use the editor catalog', verdictsOfAll, ready, Number.POSITIVE_INFINITY);
    let planned: PushPlan | undefined;
    const outcome = await runPushWorkflow({
      verdicts: verdictsOfAll,
      acceptErrors: () => Promise.resolve(false),
      plan: async () => {
        planned = ((await client.connection.sendRequest(PushPlanRequest.method, {})) as { plan: PushPlan }).plan;
        return planned;
      },
      confirm: () => Promise.resolve(true),
      connection: fromEditor.connection,
    });
    assert.equal(outcome.kind, 'pushed');
    assert.equal(outcome.verdicts.typeNamespace, 'service', 'the local catalog uses the service namespace');
    assert.deepEqual(outcome.kind === 'pushed' ? outcome.result.failed : [], []);

    const aspects = writtenAspects(planned ?? { items: [], unchanged: [], warnings: [] });
    assert.ok(aspects.length >= 5, `expected definitions, values and lineage, got ${JSON.stringify(aspects)}`);
    for (const key of aspects) {
      const [terminal, editor] = await Promise.all([readBack(fromTerminal.connection, key), readBack(fromEditor.connection, key)]);
      assert.notEqual(terminal, 'null', `${key.join(' ')} was written`);
      assert.equal(editor, terminal, `${key.join(' ')}: the editor's push wrote something else than the CLI's`);
    }
    const definition = await readAspect(fromEditor.connection, 'structuredProperty', 'urn:li:structuredProperty:io.acme.retention', 'propertyDefinition');
    assert.equal(definition?.valueType, 'urn:li:dataType:service.number');
  } finally {
    await client.stop();
  }
});
