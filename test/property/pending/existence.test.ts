import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { PendingEntities } from '../../../core/pending/pendingEntities';
import { collectPushIntent } from '../../../core/plan/pushIntent';
import { standardAspectWriter } from '../../../core/plan/pushPlan';
import { createdEntities } from '../../../core/plan/existence';
import type { TextEdit } from '../../../core/incremental/textEdit';
import { WorkspaceSession } from '../../../core/workspace/session';
import { goldenMcpJson } from '../../../support/generate/goldenMcp';
import { datasetYaml } from '../../../support/generate/metadataFiles';
import { seededRandom } from '../../../support/random';
import { editSpec, toEdit } from '../../support/incrementalEquality';

const ds = (name: string): string => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;

describe('existence in the pending state', () => {
  it('after random edit sequences of every kind, an open document creates what the whole file creates (the union over its parts)', () => {
    for (const [uri, original] of [
      ['file:///repo/datasets.yaml', datasetYaml(300, seededRandom(3)).text],
      ['file:///repo/golden.json', goldenMcpJson(900)],
    ]) {
      fc.assert(
        fc.property(fc.array(editSpec, { minLength: 1, maxLength: 10 }), (specs) => {
          let pendingEdit: TextEdit[];
          const session = new WorkspaceSession();
          let text = original;
          let version = 1;
          session.updateOpenDocument(uri, text, version);
          const pending = new PendingEntities(session);
          // Other files of the session that create some of the same entities.
          session.updateOpenDocument('file:///repo/other.yaml', '- id: warehouse.table_000004\n  platform: hive\n', 1);
          const byFile = (file: string) => [...pending.index()].filter(([, sources]) => sources.has(file)).map(([urn]) => urn).sort();
          const wholeFile = () => [...createdEntities(collectPushIntent([session.get(uri)!.model], standardAspectWriter())).keys()].sort();
          assert.deepEqual(byFile(uri), wholeFile());
          for (const spec of specs) {
            const edit = toEdit(text, spec);
            pendingEdit = [edit];
            text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
            session.updateOpenDocument(uri, text, ++version, { fromVersion: version - 1, edits: pendingEdit });
            assert.deepEqual(byFile(uri), wholeFile(), `after ${JSON.stringify(edit)} (${session.get(uri)?.analysis?.path})`);
            assert.deepEqual(byFile('file:///repo/other.yaml'), [ds('warehouse.table_000004')]);
          }
        }),
        { numRuns: 8 },
      );
    }
  });
});
