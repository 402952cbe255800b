import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EntityExistenceView } from '../../../core/definitions/types';
import { PendingEntities } from '../../../core/pending/pendingEntities';
import { EMPTY_DEFINITIONS } from '../../../core/definitions/types';
import { entityExists } from '../../../core/rules/entityExists';
import { collectPushIntent } from '../../../core/plan/pushIntent';
import { standardAspectWriter } from '../../../core/plan/pushPlan';
import { createdEntities } from '../../../core/plan/existence';
import type { TextEdit } from '../../../core/incremental/documentAnalysis';
import { WorkspaceSession } from '../../../core/workspace/session';
import fc from 'fast-check';
import { goldenMcpJson } from '../../../support/generate/goldenMcp';
import { datasetYaml } from '../../../support/generate/metadataFiles';
import { seededRandom } from '../../../support/random';
import { editSpec, toEdit } from '../../support/incrementalEquality';

const ds = (name: string): string => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const DATASETS = 'file:///repo/finance-datasets.yaml';
const LINEAGE = 'file:///repo/revenue-lineage.yml';
const DATASET_YAML = `- id: revenue\n  platform: hive\n  description: Revenue per day\n`;
const LINEAGE_FILE = `version: 1
lineage:
  - entity: {name: revenue, type: dataset, platform: hive}
    upstream:
      - entity: {name: orders, type: dataset, platform: hive}
`;

/** The catalog's answers as the server's lookups give them: false for what it lacks. */
const catalog = (known: Record<string, boolean>): EntityExistenceView => ({ exists: (urn) => known[urn] });

function unknownEntities(session: WorkspaceSession, uri: string): string[] {
  return session.diagnosticsOf(uri).filter((d) => d.code === 'lineage.unknownEntity').map((d) => String((d.data as { urn: string }).urn));
}

describe('existence in the pending state', () => {
  it('a dataset a file of the workspace creates exists for lineage.unknownEntity; one missing from catalog and files still errors', () => {
    let entities: EntityExistenceView = catalog({});
    const session = new WorkspaceSession({ catalog: () => ({ entities }) });
    session.setFile(DATASETS, DATASET_YAML);
    session.setFile(LINEAGE, LINEAGE_FILE);
    const pending = new PendingEntities(session);
    entities = pending.view(catalog({ [ds('revenue')]: false, [ds('orders')]: false }));
    assert.deepEqual(unknownEntities(session, LINEAGE), [ds('orders')], 'revenue is created by finance-datasets.yaml; orders by nothing');
    const message = session.diagnosticsOf(LINEAGE).find((d) => d.code === 'lineage.unknownEntity')?.message ?? '';
    assert.match(message, /does not exist in the catalog, and no file of the workspace creates it/);
  });

  it('follows the files: a dataset entry removed from its file no longer counts', () => {
    const session = new WorkspaceSession();
    session.setFile(DATASETS, DATASET_YAML);
    const pending = new PendingEntities(session);
    let told = 0;
    pending.onMayHaveChanged(() => told++);
    const view = pending.view(catalog({}));
    assert.equal(view.exists(ds('revenue')), true);
    assert.deepEqual([...(pending.createdBy(ds('revenue')) ?? [])], [DATASETS]);
    session.setFile(DATASETS, `- id: other\n  platform: hive\n`);
    assert.ok(told > 0, 'a change of a creating file is told');
    assert.equal(view.exists(ds('revenue')), undefined, 'the catalog was not asked about it: unknown again');
    assert.equal(view.exists(ds('other')), true);
  });

  it('a change to a lineage file (which creates nothing) tells nobody', () => {
    const session = new WorkspaceSession();
    const pending = new PendingEntities(session);
    let told = 0;
    pending.onMayHaveChanged(() => told++);
    session.setFile(LINEAGE, LINEAGE_FILE);
    assert.equal(told, 0);
  });

  it('when only some files are checked, an entity created outside them names the file to push first', () => {
    const session = new WorkspaceSession();
    session.setFile(DATASETS, DATASET_YAML);
    session.setFile(LINEAGE, LINEAGE_FILE);
    const pending = new PendingEntities(session);
    const view = pending.viewFor([LINEAGE], catalog({ [ds('revenue')]: false, [ds('orders')]: true }));
    assert.equal(view.exists(ds('revenue')), false);
    assert.deepEqual(view.createdOutside?.(ds('revenue')), [DATASETS]);
    const document = session.get(LINEAGE);
    assert.ok(document);
    const [diagnostic] = entityExists.run({ model: document.model, text: document.text, entities: view, definitions: EMPTY_DEFINITIONS, target: 'offline' });
    assert.match(diagnostic.message, /finance-datasets\.yaml creates it but is not part of this push.*Push that file first/);
    assert.deepEqual((diagnostic.data as { pushFirst: string[] }).pushFirst, [DATASETS]);
  });

  it('an open document read in parts creates, after each edit, what the whole file creates (kept per part, not collected again per keystroke)', () => {
    let pendingEdit: TextEdit[] = [];
    const session = new WorkspaceSession({ editSource: () => pendingEdit });
    const items = Array.from({ length: 40 }, (_, i) => `- id: t${i}\n  platform: hive\n  description: table ${i}\n`).join('');
    let text = items;
    let version = 1;
    session.openDocument(DATASETS, text, version);
    const pending = new PendingEntities(session);
    const wholeFile = () => [...createdEntities(collectPushIntent([session.get(DATASETS)!.model], standardAspectWriter())).keys()].sort();
    const edit = (start: number, end: number, inserted: string) => {
      pendingEdit = [{ start, end, text: inserted }];
      text = text.slice(0, start) + inserted + text.slice(end);
      session.openDocument(DATASETS, text, ++version);
      assert.ok(session.get(DATASETS)?.analysis?.parts, 'the document is kept in parts');
      assert.deepEqual([...pending.index().keys()].sort(), wholeFile());
    };
    assert.deepEqual([...pending.index().keys()].sort(), wholeFile());
    const renamed = text.indexOf('t7\n');
    edit(renamed + 1, renamed + 2, '77');
    const description = text.indexOf('table 3');
    edit(description, description + 5, 'view');
    const added = text.length;
    edit(added, added, '- id: fresh\n  platform: hive\n');
    assert.equal(pending.createdBy(ds('fresh'))?.has(DATASETS), true);
    assert.equal(pending.createdBy(ds('t7')), undefined, 'the renamed item no longer creates its old name');
  });

  it('after random edit sequences of every kind, an open document creates what the whole file creates (the union over its parts)', () => {
    for (const [uri, original] of [
      ['file:///repo/datasets.yaml', datasetYaml(300, seededRandom(3)).text],
      ['file:///repo/golden.json', goldenMcpJson(900)],
    ]) {
      fc.assert(
        fc.property(fc.array(editSpec, { minLength: 1, maxLength: 10 }), (specs) => {
          let pendingEdit: TextEdit[] = [];
          const session = new WorkspaceSession({ editSource: () => pendingEdit });
          let text = original;
          let version = 1;
          session.openDocument(uri, text, version);
          const pending = new PendingEntities(session);
          // Other files of the session that create some of the same entities.
          session.openDocument('file:///repo/other.yaml', '- id: warehouse.table_000004\n  platform: hive\n', 1);
          const byFile = (file: string) => [...pending.index()].filter(([, sources]) => sources.has(file)).map(([urn]) => urn).sort();
          const wholeFile = () => [...createdEntities(collectPushIntent([session.get(uri)!.model], standardAspectWriter())).keys()].sort();
          assert.deepEqual(byFile(uri), wholeFile());
          for (const spec of specs) {
            const edit = toEdit(text, spec);
            pendingEdit = [edit];
            text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
            session.openDocument(uri, text, ++version);
            assert.deepEqual(byFile(uri), wholeFile(), `after ${JSON.stringify(edit)} (${session.get(uri)?.analysis?.path})`);
            assert.deepEqual(byFile('file:///repo/other.yaml'), [ds('warehouse.table_000004')]);
          }
        }),
        { numRuns: 8 },
      );
    }
  });
});

