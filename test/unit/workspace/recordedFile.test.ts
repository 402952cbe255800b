import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { datasetYaml, lineageFile } from '../../../support/generate/metadataFiles';
import { seededRandom } from '../../../support/random';
import { WorkspaceSession } from '../../../core/workspace/session';
import { PendingState } from '../../../core/pending/pendingState';
import { RecordedFile } from '../../../core/workspace/recordedFile';
import { readDocument } from '../../../core/formats/index';
import { WORK } from '../../../core/model/workCounters';
import { eachMention, mayName, mentionsOf, mentionsOfModel } from '../../../core/mentions/fileMentions';
import { entityDeclarationIn } from '../../../core/workspace/entityDeclaration';
import type { DocumentModel } from '../../../core/model/facts';
import type { WorkspaceDocument } from '../../../core/workspace/workspaceDocument';

function scannedWorkspace(): { root: string; uris: Record<string, string>; texts: Record<string, string> } {
  const root = mkdtempSync(join(tmpdir(), 'catalog-recorded-'));
  const random = seededRandom(20261206);
  const texts: Record<string, string> = {
    'a.datasets.yaml': datasetYaml(12, random).text,
    'b.lineage.yml': lineageFile(12, random).text,
    'p.properties.yaml': '- id: io.bench.tier\n  type: string\n  cardinality: SINGLE\n  entity_types: [dataset]\n',
  };
  const uris: Record<string, string> = {};
  for (const [name, text] of Object.entries(texts)) {
    writeFileSync(join(root, name), text);
    uris[name] = pathToFileURL(join(root, name)).toString();
  }
  return { root, uris, texts };
}

/** Where a document declares an entity, from its facts: what entityDeclarationIn answered before it read mentions. */
function declarationFromFacts(document: WorkspaceDocument, urn: string): ReturnType<typeof entityDeclarationIn> {
  let mention: ReturnType<typeof entityDeclarationIn>;
  for (const fact of document.model.facts) {
    if (fact.kind === 'entityDeclaration' && fact.urn.value === urn) {
      if (fact.depth === 0) return { uri: document.uri, range: fact.urn.range, exact: true };
      mention ??= { uri: document.uri, range: fact.urn.range, exact: false };
    }
    if (fact.kind === 'aspect' && fact.entityUrn.value === urn) return { uri: document.uri, range: fact.entityUrn.range, exact: true };
    if (fact.kind === 'entityRef' && fact.urn === urn) mention ??= { uri: document.uri, range: fact.range, exact: false };
  }
  return mention;
}

test('a closed dataset YAML or lineage file keeps its mentions, and reads its text again only when its facts are asked', async () => {
  const { root, uris, texts } = scannedWorkspace();
  try {
    const session = new WorkspaceSession();
    new PendingState(session);
    await session.scan([root]);
    const dataset = session.get(uris['a.datasets.yaml']);
    const lineage = session.get(uris['b.lineage.yml']);
    assert.ok(dataset instanceof RecordedFile && lineage instanceof RecordedFile, 'dataset YAML and lineage files keep mentions');
    // A file that writes definitions keeps its facts (the workspace's definitions are rebuilt from them).
    assert.ok(!(session.get(uris['p.properties.yaml']) instanceof RecordedFile));

    const before = WORK.closedFileReads;
    const full: DocumentModel = readDocument(dataset.uri, texts['a.datasets.yaml']);
    assert.deepEqual(dataset.model, full, 'the text read again');
    assert.equal(WORK.closedFileReads, before + 1);
    assert.equal(dataset.model, dataset.model, 'read once for a request that asks twice');
    assert.equal(WORK.closedFileReads, before + 1);
    const { urns, rows } = mentionsOfModel(full);
    assert.deepEqual({ urns: mentionsOf(dataset).urns, rows: mentionsOf(dataset).rows }, { urns, rows }, 'the mentions are those of the whole model');

    // A view with positions in another encoding reads the same facts and keeps the mentions.
    const view = dataset.withLineIndex(dataset.lineIndex);
    assert.equal(view.model, dataset.model);
    assert.equal(mentionsOf(view), mentionsOf(dataset));

    for (const mention of eachMention(mentionsOf(lineage))) {
      assert.deepEqual(entityDeclarationIn(lineage, mention.urn), declarationFromFacts({ uri: lineage.uri, text: lineage.text, lineIndex: lineage.lineIndex, model: lineage.model }, mention.urn), mention.urn);
      assert.equal(mayName(lineage, mention.urn), true, mention.urn);
    }
    assert.equal(mayName(lineage, 'urn:li:dataset:(urn:li:dataPlatform:hive,no.such.table,PROD)'), false);
    assert.equal(mayName(dataset, 'urn:li:structuredProperty:io.bench.tier'), true, 'an assignment names its property');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a recorded file opened is read whole and, closed again, keeps only its mentions', async () => {
  const { root, uris, texts } = scannedWorkspace();
  try {
    const session = new WorkspaceSession();
    await session.scan([root]);
    const uri = uris['a.datasets.yaml'];
    const open = session.updateOpenDocument(uri, texts['a.datasets.yaml'], 1);
    assert.ok(!(open instanceof RecordedFile));
    assert.ok(open.model.facts.some((fact) => fact.kind === 'objectShape'));
    await session.closeDocument(uri);
    assert.ok(session.get(uri) instanceof RecordedFile);
    assert.deepEqual(session.all().map((document) => document.uri).sort(), Object.values(uris).sort());
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
