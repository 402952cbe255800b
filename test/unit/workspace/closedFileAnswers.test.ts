import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../../support/generate/metadataFiles';
import { goldenMcpJson } from '../../../support/generate/goldenMcp';
import { seededRandom } from '../../../support/random';
import { RecordedFile } from '../../../core/workspace/recordedFile';
import { WORK } from '../../../core/model/workCounters';
import { WorkspaceSession } from '../../../core/workspace/session';
import { PendingState } from '../../../core/pending/pendingState';
import { readDocument } from '../../../core/formats/index';
import { factsOfKind, type EntityDeclarationFact, type Fact } from '../../../core/model/facts';
import { FIELDS_READ_ACROSS_FILES } from '../../../core/workspace/slimModel';
import { OWN_CHECK_KINDS } from '../../../core/model/facts';
import { workspaceSymbols } from '../../../core/features/workspaceSymbols';
import { workspaceEntities, workspaceUrns } from '../../../core/features/workspaceUrns';
import { findReferences } from '../../../core/features/references';
import { findDefinition } from '../../../core/features/definition';
import { prepareRename, rename, type RenameInput } from '../../../core/features/rename';
import { workspaceSchemas } from '../../../core/sql/workspaceSchemas';
import type { SessionDocument } from '../../../core/workspace/sessionTypes';
import type { FeatureInput } from '../../../core/workspace/workspaceDocument';

// Closed files scanned from disk keep compact models (core/workspace/slimModel.ts: short strings
// shared through the session's pool, no list of facts by kind kept per file). Every workspace-wide
// answer over them equals the answer over the same files read whole (as `setFile` keeps them).

const KINDS_READ_ACROSS_FILES: readonly Fact['kind'][] = (['entityRef', 'propertyDefinition', 'propertySettings', 'propertyReference', 'formPrompt', 'propertyAssignment', 'lineageEdge', 'fineGrainedEdge', 'statusChange', 'aspect', 'entityDeclaration'] as const).filter((kind) => !OWN_CHECK_KINDS.has(kind));

function workspace(): { root: string; files: Record<string, string> } {
  const root = mkdtempSync(join(tmpdir(), 'catalog-closed-'));
  const random = seededRandom(20261206);
  const files: Record<string, string> = { 'props.properties.yaml': PROPERTIES_YAML, 'golden.json': goldenMcpJson(200) };
  for (let i = 0; i < 8; i++) {
    files[`d${i}.datasets.yaml`] = datasetYaml(60, random).text;
    files[`l${i}.lineage.yml`] = lineageFile(60, random).text;
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return { root, files };
}

function fieldsReadAcrossFiles<T>(fields: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => FIELDS_READ_ACROSS_FILES.has(name)));
}

function sorted(documents: SessionDocument[]): SessionDocument[] {
  return documents.sort((a, b) => (a.uri < b.uri ? -1 : 1));
}

function featureInput(session: WorkspaceSession, uri: string): FeatureInput & { workspace: readonly SessionDocument[] } {
  const document = session.get(uri);
  assert.ok(document, uri);
  return { document, definitions: session.definitionsView(), workspace: sorted(session.all()) };
}

function renameInput(session: WorkspaceSession, uri: string): RenameInput {
  return { ...featureInput(session, uri), reread: (documentUri, text) => readDocument(documentUri, text, { associations: session.associations }) };
}

/** The offsets of the URNs, properties and entities a file writes: where a caret asks references, definitions and renames. */
function caretsOf(session: WorkspaceSession, uri: string): number[] {
  const model = session.get(uri)?.model;
  assert.ok(model, uri);
  const carets: number[] = [];
  for (const fact of factsOfKind(model, 'entityDeclaration')) carets.push(fact.urn.range.start + 1);
  for (const fact of factsOfKind(model, 'propertyAssignment')) carets.push(fact.property.range.start + 1, fact.entity.range.start + 1);
  for (const fact of factsOfKind(model, 'lineageEdge')) carets.push(fact.upstream.range.start + 1);
  for (const fact of factsOfKind(model, 'propertyDefinition')) carets.push(fact.urn.range.start + 1);
  return [...new Set(carets)].slice(0, 12);
}

test('workspace-wide answers over compact closed files equal those over the files read whole', async () => {
  const { root, files } = workspace();
  try {
    const scanned = new WorkspaceSession();
    const scannedPending = new PendingState(scanned);
    await scanned.scan([root]);
    const whole = new WorkspaceSession();
    const wholePending = new PendingState(whole);
    for (const [name, text] of Object.entries(files)) whole.setFile(pathToFileURL(join(root, name)).toString(), text);
    const uris = Object.keys(files).map((name) => pathToFileURL(join(root, name)).toString());
    assert.ok(uris.every((uri) => scanned.get(uri)?.slim === true), 'every scanned file is kept compact');

    // Every workspace-wide answer below comes from what closed files keep: none is read again.
    const readsBefore = WORK.closedFileReads;
    assert.deepEqual(scanned.definitions(), whole.definitions());
    for (const query of ['', 'table_00', 'tier', 'warehouse', 'pii', 'zz']) assert.deepEqual(workspaceSymbols(sorted(scanned.all()), query), workspaceSymbols(sorted(whole.all()), query), `symbols '${query}'`);
    assert.deepEqual(workspaceEntities(sorted(scanned.all())), workspaceEntities(sorted(whole.all())));
    for (const platform of ['hive', 'kafka', 'snowflake', 'bigquery']) assert.deepEqual(workspaceSchemas(scanned.all(), platform), workspaceSchemas(whole.all(), platform), platform);
    assert.deepEqual(scannedPending.lineageIntent(), wholePending.lineageIntent());
    assert.deepEqual(scannedPending.entities.index(), wholePending.entities.index());

    assert.equal(WORK.closedFileReads, readsBefore, 'closed files read again for workspace-wide answers');
    assert.ok(uris.some((uri) => scanned.get(uri) instanceof RecordedFile), 'some closed files keep only their mentions');
    // The facts other files read, kind by kind, asked twice (the compact model lists them afresh each time).
    for (const uri of uris) {
      for (const kind of KINDS_READ_ACROSS_FILES) {
        const compact = factsOfKind(scanned.get(uri)!.model, kind);
        assert.deepEqual(compact, factsOfKind(scanned.get(uri)!.model, kind), `${uri} ${kind}: the same twice`);
        const full = factsOfKind(whole.get(uri)!.model, kind);
        // A declaration keeps the fields read across files (./slimModel.test.ts); a file that keeps
        // only its mentions reads its text again, whole.
        const slimmed = kind === 'entityDeclaration' && !(scanned.get(uri) instanceof RecordedFile);
        assert.deepEqual(compact, slimmed ? full.map((fact) => ({ ...fact, fields: fieldsReadAcrossFiles((fact as EntityDeclarationFact).fields) })) : full, `${uri} ${kind}`);
      }
    }

    const asked = uris.filter((uri) => /d[0-3]\.datasets|l[0-3]\.lineage|props|golden/.test(uri));
    let renames = 0;
    for (const uri of asked) {
      assert.deepEqual(scanned.diagnosticsOf(uri), whole.diagnosticsOf(uri), `${uri}: diagnostics`);
      assert.deepEqual(workspaceUrns(featureInput(scanned, uri), undefined, 0), workspaceUrns(featureInput(whole, uri), undefined, 0), `${uri}: URNs offered`);
      for (const caret of caretsOf(whole, uri)) {
        const where = `${uri} at ${caret}`;
        assert.deepEqual(findReferences(featureInput(scanned, uri), caret, true), findReferences(featureInput(whole, uri), caret, true), `${where}: references`);
        assert.deepEqual(findDefinition(featureInput(scanned, uri), caret), findDefinition(featureInput(whole, uri), caret), `${where}: definition`);
        const start = prepareRename(renameInput(whole, uri), caret);
        assert.deepEqual(prepareRename(renameInput(scanned, uri), caret), start, `${where}: prepare rename`);
        if (!start.ok) continue;
        const newName = start.value.subject.kind === 'property' ? 'io.bench.renamed' : `${start.value.placeholder}_renamed`;
        const edits = (input: RenameInput) => {
          const result = rename(input, caret, newName);
          return result.ok ? [...result.value].sort(([a], [b]) => (a < b ? -1 : 1)) : result;
        };
        assert.deepEqual(edits(renameInput(scanned, uri)), edits(renameInput(whole, uri)), `${where}: rename to ${newName}`);
        renames++;
      }
    }
    assert.ok(renames > 10, `renames compared: ${renames}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
