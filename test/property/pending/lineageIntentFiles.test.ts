import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { lineageIntentIndex, type LineageIntentIndex } from '../../../core/pending/lineageIntent';
import { PendingState } from '../../../core/pending/pendingState';
import { collectPushIntent } from '../../../core/plan/pushIntent';
import { WorkspaceSession } from '../../../core/workspace/session';

/**
 * The pending state keeps the files' lineage one file at a time (core/pending/lineageIntentFiles.ts):
 * after any sequence of edits, new files and deletions, its answer must equal the lineage collected
 * from every file at once, as before. Names come from a small set so files overlap: several files
 * write the same downstream, remove what another adds, own it, write its column-level edges or a
 * whole upstreamLineage aspect.
 */

const NAMES = ['orders', 'revenue', 'customers', 'raw', 'crm'];
const ds = (name: string): string => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const col = (name: string, column: string): string => `urn:li:schemaField:(${ds(name)},${column})`;
const name = fc.constantFrom(...NAMES);
const column = fc.constantFrom('id', 'total');

const lineageFile = fc
  .array(fc.record({ entity: name, upstreams: fc.uniqueArray(name, { maxLength: 3 }), columns: fc.option(fc.record({ from: name, fromColumn: column, toColumn: column }), { nil: undefined }) }), { minLength: 1, maxLength: 2 })
  .map((entries) =>
    [
      'version: 1',
      'lineage:',
      ...entries.flatMap((entry) => [
        `  - entity: {name: ${entry.entity}, type: dataset, platform: hive}`,
        ...(entry.upstreams.length > 0 ? ['    upstream:', ...entry.upstreams.map((u) => `      - entity: {name: ${u}, type: dataset, platform: hive}`)] : []),
        ...(entry.columns
          ? ['    fineGrainedLineages:', '      - upstreamType: FIELD_SET', `        upstreams: ["${col(entry.columns.from, entry.columns.fromColumn)}"]`, '        downstreamType: FIELD', `        downstreams: ["${col(entry.entity, entry.columns.toColumn)}"]`]
          : []),
      ]),
    ].join('\n') + '\n',
  );

const datasetYaml = fc
  .array(fc.record({ id: name, downstreams: fc.uniqueArray(name, { maxLength: 2 }) }), { minLength: 1, maxLength: 2 })
  .map((items) => items.map((item) => `- id: ${item.id}\n  platform: hive\n${item.downstreams.length > 0 ? `  downstreams:\n${item.downstreams.map((d) => `    - ${ds(d)}\n`).join('')}` : ''}`).join(''));

const edgeDocument = fc
  .record({ add: fc.array(fc.tuple(name, name), { maxLength: 2 }), remove: fc.array(fc.tuple(name, name), { maxLength: 2 }) })
  .map(({ add, remove }) => {
    const edges = (pairs: [string, string][]) => (pairs.length === 0 ? ' []' : `\n${pairs.map(([up, down]) => `  - {downstreamUrn: "${ds(down)}", upstreamUrn: "${ds(up)}"}`).join('\n')}`);
    return `edgesToAdd:${edges(add)}\nedgesToRemove:${edges(remove)}\n`;
  });

const mcpJson = fc
  .array(fc.record({ entity: name, upstreams: fc.uniqueArray(name, { maxLength: 2 }), changeType: fc.constantFrom('UPSERT', 'UPSERT', 'CREATE'), columns: fc.boolean() }), { minLength: 1, maxLength: 2 })
  .map((aspects) =>
    JSON.stringify(
      aspects.map((a) => ({
        entityType: 'dataset',
        entityUrn: ds(a.entity),
        changeType: a.changeType,
        aspectName: 'upstreamLineage',
        aspect: {
          json: {
            upstreams: a.upstreams.map((u) => ({ dataset: ds(u), type: 'TRANSFORMED' })),
            ...(a.columns && a.upstreams.length > 0 ? { fineGrainedLineages: [{ upstreamType: 'FIELD_SET', upstreams: [col(a.upstreams[0], 'id')], downstreamType: 'FIELD', downstreams: [col(a.entity, 'id')] }] } : {}),
          },
        },
      })),
    ),
  );

const FILES = ['a.lineage.yml', 'b.datasets.yaml', 'c.edges.yaml', 'd.mcp.json', 'e.lineage.yml', 'f.edges.yaml', 'g.mcp.json'];
const textFor = (file: string): fc.Arbitrary<string> => (file.endsWith('.json') ? mcpJson : file.includes('lineage') ? lineageFile : file.includes('datasets') ? datasetYaml : edgeDocument);

type Step = { kind: 'write'; file: string; text: string } | { kind: 'delete'; file: string } | { kind: 'open'; file: string; text: string } | { kind: 'close'; file: string } | { kind: 'ask' };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constantFrom(...FILES).chain((file) => textFor(file).map((text): Step => ({ kind: 'write', file, text }))),
  fc.constantFrom(...FILES).chain((file) => textFor(file).map((text): Step => ({ kind: 'open', file, text }))),
  fc.constantFrom(...FILES).map((file): Step => ({ kind: 'delete', file })),
  fc.constantFrom(...FILES).map((file): Step => ({ kind: 'close', file })),
  fc.constant<Step>({ kind: 'ask' }),
);

/** The index as comparable data: every map sorted, every set a sorted list. */
function canonical(index: LineageIntentIndex): unknown {
  const sets = (map: ReadonlyMap<string, ReadonlySet<string>>) => [...map].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, set]) => [key, [...set].sort()]);
  const nested = (map: ReadonlyMap<string, Map<string, Set<string>>>) => [...map].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, inner]) => [key, sets(inner)]);
  return {
    byDownstream: [...index.byDownstream.values()]
      .sort((a, b) => (a.downstream < b.downstream ? -1 : 1))
      .map((d) => ({ downstream: d.downstream, adds: sets(d.adds), removes: sets(d.removes), ownedBy: [...d.ownedBy].sort(), fineGrained: d.fineGrained && { entries: d.fineGrained.entries, sources: [...d.fineGrained.sources].sort() } })),
    added: nested(index.addedDownstreams),
    removed: nested(index.removedDownstreams),
    ownedColumns: sets(index.ownedColumns),
  };
}

/** The lineage of every file at once, in URI order: what the pending state answered before it kept it per file. */
function collectedAtOnce(session: WorkspaceSession): LineageIntentIndex {
  const models = session
    .all()
    .sort((a, b) => (a.uri < b.uri ? -1 : 1))
    .map((document) => document.model);
  return lineageIntentIndex(collectPushIntent(models, () => []));
}

test('the lineage kept per file equals the lineage of every file collected at once, after any edits, new files and deletions', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
      const session = new WorkspaceSession();
      const pending = new PendingState(session);
      const versions = new Map<string, number>();
      for (const s of steps) {
        const uri = `file:///repo/${s.kind === 'ask' ? '' : s.file}`;
        if (s.kind === 'write') session.setFile(uri, s.text);
        else if (s.kind === 'delete') await session.fileChanged(uri, true);
        else if (s.kind === 'open') session.openDocument(uri, s.text, versions.set(uri, (versions.get(uri) ?? 0) + 1).get(uri) ?? 1);
        else if (s.kind === 'close') await session.closeDocument(uri);
        else assert.deepEqual(canonical(pending.lineageIntent()), canonical(collectedAtOnce(session)));
      }
      assert.deepEqual(canonical(pending.lineageIntent()), canonical(collectedAtOnce(session)));
    }),
    { numRuns: 300 },
  );
});

test('an edit collects the lineage of the changed file only', () => {
  const session = new WorkspaceSession();
  for (let i = 0; i < 50; i++) session.setFile(`file:///repo/edges-${i}.yaml`, `edgesToAdd:\n  - {downstreamUrn: "${ds(`d${i}`)}", upstreamUrn: "${ds(`u${i}`)}"}\nedgesToRemove: []\n`);
  const pending = new PendingState(session);
  const first = pending.lineageIntent();
  assert.equal(first.byDownstream.size, 50);
  session.setFile('file:///repo/edges-7.yaml', `edgesToAdd:\n  - {downstreamUrn: "${ds('d7')}", upstreamUrn: "${ds('other')}"}\nedgesToRemove: []\n`);
  const before = new Map([...first.byDownstream].map(([downstream, intent]) => [downstream, intent]));
  const after = pending.lineageIntent();
  const changed = [...after.byDownstream].filter(([downstream, intent]) => before.get(downstream) !== intent).map(([downstream]) => downstream);
  assert.deepEqual(changed, [ds('d7')], 'only the downstream the edited file writes was merged again');
  assert.deepEqual([...(after.byDownstream.get(ds('d7'))?.adds.keys() ?? [])], [ds('other')]);
  assert.deepEqual(canonical(after), canonical(collectedAtOnce(session)));
});
