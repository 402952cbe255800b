import { test } from 'node:test';
import assert from 'node:assert/strict';
import { typeNamespaceFor } from '../../../core/api/serviceTarget';
import type { PushPlan } from '../../../core/plan/pushPlanTypes';
import type { PushVerdicts } from '../../../core/plan/pushVerdicts';
import { runPushWorkflow, type PushSteps } from '../../../core/push/pushWorkflow';
import { PushVerdictsRequest } from '../../../core/protocol';
import { InProcessServer } from '../server/inProcess';

const EMPTY_PLAN: PushPlan = { items: [], unchanged: [], warnings: [] };
const ONE_ITEM: PushPlan = {
  items: [{ id: 'x', phase: 'entities', entityUrn: 'urn:li:corpuser:x', title: 'x', changes: [], notes: [], operation: { kind: 'status', entityType: 'corpuser', urn: 'urn:li:corpuser:x', removed: false }, sources: [] }],
  unchanged: [],
  warnings: [],
};

function verdicts(errors: number): PushVerdicts {
  const error = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, code: 'urn.syntax', message: 'bad' };
  return { serviceUrl: 'http://127.0.0.1:1', target: 'localCatalog', typeNamespace: 'service', files: [{ uri: 'file:///w/a.yml', format: 'lineageFile', errors: Array.from({ length: errors }, () => error) }] };
}

/** Steps that record which ran; nothing is sent (the plans below end before applying). */
function steps(answer: PushVerdicts, plan: PushPlan, insist: boolean, confirm: boolean, ran: string[]): PushSteps {
  return {
    verdicts: async () => (ran.push('verdicts'), answer),
    acceptErrors: async () => (ran.push('acceptErrors'), insist),
    plan: async () => (ran.push('plan'), plan),
    confirm: async () => (ran.push('confirm'), confirm),
    connection: { url: 'http://127.0.0.1:1' },
  };
}

test('the workflow runs the steps in order and stops where the user or the files say', async () => {
  const ran: string[] = [];
  assert.equal((await runPushWorkflow(steps({ ...verdicts(0), files: [] }, EMPTY_PLAN, false, false, ran))).kind, 'noFiles');
  assert.deepEqual(ran.splice(0), ['verdicts']);
  assert.equal((await runPushWorkflow(steps(verdicts(1), ONE_ITEM, false, true, ran))).kind, 'blocked');
  assert.deepEqual(ran.splice(0), ['verdicts', 'acceptErrors'], 'nothing is planned for files with errors unless the user insists');
  assert.equal((await runPushWorkflow(steps(verdicts(1), EMPTY_PLAN, true, true, ran))).kind, 'upToDate');
  assert.deepEqual(ran.splice(0), ['verdicts', 'acceptErrors', 'plan'], 'an empty plan is not confirmed');
  assert.equal((await runPushWorkflow(steps(verdicts(0), ONE_ITEM, false, false, ran))).kind, 'declined');
  assert.deepEqual(ran.splice(0), ['verdicts', 'plan', 'confirm']);
});

test('the type namespace follows the service: service for the local catalog, datahub for any other', () => {
  assert.equal(typeNamespaceFor('localCatalog'), 'service');
  assert.equal(typeNamespaceFor('datahub'), 'datahub');
  assert.equal(typeNamespaceFor('offline'), 'datahub');
});

test('the server refuses push verdicts without a catalog service, saying what to do', async () => {
  const { server } = await InProcessServer.start();
  await assert.rejects(server.client.sendRequest(PushVerdictsRequest.method, {}), /no catalog service to push to\. Sign in or start the local catalog/);
  await server.stop();
});
