import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { capped, bounded } from '../../../core/agent/bounds';
import { planHash } from '../../../core/agent/planning';
import { runAgentTool } from '../../../core/agent/tools';
import type { AgentContext } from '../../../core/agent/toolTypes';
import { fileLabel, pathProblem, selectFiles } from '../../../core/agent/workspacePaths';
import { PendingState } from '../../../core/pending/pendingState';
import type { PushPlan } from '../../../core/plan/pushPlanTypes';
import { WorkspaceSession } from '../../../core/workspace/session';

const TIERS = '- id: io.acme.tier\n  type: string\n  cardinality: SINGLE\n  entity_types: [dataset]\n  allowed_values:\n    - value: gold\n    - value: silver\n';
const DATASETS = '- id: report\n  platform: hive\n  structured_properties:\n    io.acme.tier: golde\n';
const LINEAGE = 'version: 1\nlineage:\n  - entity: {name: report, type: dataset, platform: hive}\n    upstream:\n      - entity: {name: orders, type: dataset, platform: hive}\n';
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;

let root: string;
let folder: string;
let context: AgentContext;

before(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-unit-')));
  folder = join(root, 'ws');
  mkdirSync(join(folder, 'meta'), { recursive: true });
  mkdirSync(join(root, 'outside'));
  writeFileSync(join(root, 'outside', 'x.yaml'), TIERS);
  symlinkSync(join(root, 'outside'), join(folder, 'out'));
  const session = new WorkspaceSession();
  const files: Record<string, string> = { 'meta/tiers.yaml': TIERS, 'meta/datasets.yaml': DATASETS, 'lineage.yml': LINEAGE };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(folder, name), text);
    session.setFile(pathToFileURL(join(folder, name)).toString(), text);
  }
  const snapshot = { session, pending: new PendingState(session) };
  context = { folders: [folder], service: undefined, allowPush: false, snapshot: async () => snapshot };
});
after(() => rmSync(root, { recursive: true, force: true }));

test('paths are confined: .. and absolute paths outside are refused unread, links out are refused by their real path', () => {
  assert.match(pathProblem('../x', [folder]) ?? '', /goes up with '\.\.'/);
  assert.match(pathProblem('a/../../x', [folder]) ?? '', /goes up/);
  assert.match(pathProblem('a\\..\\x', [folder]) ?? '', /goes up/);
  assert.match(pathProblem('/etc/passwd', [folder]) ?? '', /outside the workspace folders/);
  assert.match(pathProblem('a\0b', [folder]) ?? '', /is not a path/);
  assert.equal(pathProblem('meta/tiers.yaml', [folder]), undefined);
  const out = selectFiles(['out'], [folder]);
  assert.ok(!out.ok && /leads outside the workspace folders/.test(out.problem));
  const missing = selectFiles(['nope.yaml'], [folder]);
  assert.ok(!missing.ok && /does not exist in the workspace/.test(missing.problem));
  const glob = selectFiles(['meta/*.yaml'], [folder]);
  assert.ok(glob.ok && glob.value(join(folder, 'meta', 'tiers.yaml')) && !glob.value(join(folder, 'lineage.yml')));
  assert.equal(fileLabel(join(folder, 'meta', 'tiers.yaml'), [folder]), 'meta/tiers.yaml');
  assert.equal(fileLabel(join(folder, 'meta', 'tiers.yaml'), [folder, root]), 'ws/meta/tiers.yaml');
});

test('validate_files: file, line, column, code and the quick fixes the editor offers', async () => {
  const result = await runAgentTool('validate_files', { paths: ['meta'] }, context);
  assert.equal(result.isError, undefined, result.summary);
  const [first] = result.structured.diagnostics as { file: string; line: number; column: number; code: string; quickFixes: string[] }[];
  assert.equal(first.file, 'meta/datasets.yaml');
  assert.equal(first.code, 'property.notAllowedValue');
  assert.equal(first.line, 4);
  assert.ok(first.quickFixes.some((title) => /gold/.test(title)), JSON.stringify(first.quickFixes));
  assert.equal(result.structured.filesChecked, 2);
  const one = await runAgentTool('validate_files', { paths: ['meta'], limit: 1 }, context);
  assert.equal((one.structured.diagnostics as unknown[]).length, 1);
  assert.equal(one.structured.more, (one.structured.errors as number) + (one.structured.warnings as number) - 1);
});

test('get_lineage over the files alone: the edge the lineage file adds, by URN or by dataset name; an unknown name is an error', async () => {
  const byUrn = await runAgentTool('get_lineage', { urn: ds('report'), direction: 'upstream' }, context);
  assert.deepEqual(byUrn.structured.edges, [{ upstream: ds('orders'), downstream: ds('report'), change: 'added', files: ['lineage.yml'] }]);
  const downstream = await runAgentTool('get_lineage', { dataset: 'orders', direction: 'downstream' }, context);
  assert.deepEqual((downstream.structured.edges as { downstream: string }[]).map((e) => e.downstream), [ds('report')]);
  const unknown = await runAgentTool('get_lineage', { dataset: 'nothing' }, context);
  assert.equal(unknown.isError, true);
  assert.match(unknown.summary, /No dataset named 'nothing'/);
  const column = await runAgentTool('get_lineage', { urn: ds('report'), column: 'a(b)' }, context);
  assert.equal(column.isError, true);
});

test('describe_property: the definition with its allowed values and where it is set', async () => {
  const result = await runAgentTool('describe_property', { property: 'urn:li:structuredProperty:io.acme.tier' }, context);
  const definition = result.structured.definition as { cardinality: string; definedIn: string };
  assert.equal(definition.cardinality, 'SINGLE');
  assert.equal(definition.definedIn, 'meta/tiers.yaml:1');
  assert.deepEqual(result.structured.uses, [{ file: 'meta/datasets.yaml', line: 4, entity: ds('report'), values: ['golde'] }]);
  const none = await runAgentTool('describe_property', { property: 'io.acme.none' }, context);
  assert.equal(none.isError, true);
});

test('plan_changes and push_changes need a catalog; push_changes is refused without --allow-push', async () => {
  const plan = await runAgentTool('plan_changes', {}, context);
  assert.equal(plan.isError, true);
  assert.match(plan.summary, /No catalog is connected/);
  const push = await runAgentTool('push_changes', { planHash: '0123456789abcdef' }, { ...context, allowPush: true });
  assert.equal(push.isError, true);
  assert.match(push.summary, /No catalog is connected to push to/);
});

test('caps say how many more; the plan hash follows the requests and the service', () => {
  assert.deepEqual(capped([1, 2, 3], 2), { shown: [1, 2], more: 1 });
  assert.equal(bounded('abcdef', 3), 'abc… (3 more characters)');
  const plan = (urn: string): PushPlan => ({ items: [{ id: 'a', phase: 'edges', entityUrn: urn, title: 't', changes: [], notes: [], sources: [], operation: { kind: 'status', entityType: 'dataset', urn, removed: false } }], unchanged: [], warnings: [] });
  assert.equal(planHash(plan('x'), 'http://a'), planHash(plan('x'), 'http://a'));
  assert.notEqual(planHash(plan('x'), 'http://a'), planHash(plan('y'), 'http://a'));
  assert.notEqual(planHash(plan('x'), 'http://a'), planHash(plan('x'), 'http://b'));
});
