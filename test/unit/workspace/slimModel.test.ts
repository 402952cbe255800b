import { RecordedFile } from '../../../core/workspace/recordedFile';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../../support/generate/metadataFiles';
import { seededRandom } from '../../../support/random';
import { FIELDS_READ_ACROSS_FILES, slimModel } from '../../../core/workspace/slimModel';
import { OWN_CHECK_KINDS } from '../../../core/model/facts';
import { WorkspaceSession } from '../../../core/workspace/session';
import { readDocument } from '../../../core/formats/index';

// Closed files read from disk keep a slim model (core/workspace/slimModel.ts): what other files
// read of them is all there, and their own diagnostics are those of the whole file.

function fieldsReadAcrossFiles<T>(fields: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => FIELDS_READ_ACROSS_FILES.has(name)));
}

function workspace(): { root: string; files: Record<string, string> } {
  const root = mkdtempSync(join(tmpdir(), 'catalog-slim-'));
  const random = seededRandom(20261126);
  const files: Record<string, string> = {
    'props.properties.yaml': PROPERTIES_YAML.replace('value: gold', 'value: gold\n      description: the best'),
    'a.datasets.yaml': datasetYaml(80, random).text,
    'b.lineage.yml': lineageFile(80, random).text,
    'c.datasets.yaml': '- id: orders\n  platform: hive\n  unknownKey: 1\n  structured_properties:\n    io.bench.tier: platinum\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return { root, files };
}

test('a scanned file keeps every fact but those its own checks read, and its diagnostics are the whole file’s', async () => {
  const { root, files } = workspace();
  try {
    const scanned = new WorkspaceSession();
    await scanned.scan([root]);
    // The same files given whole (as the CLI gives them): the reference answers.
    const whole = new WorkspaceSession();
    for (const [name, text] of Object.entries(files)) whole.setFile(pathToFileURL(join(root, name)).toString(), text);
    for (const name of Object.keys(files)) {
      const uri = pathToFileURL(join(root, name)).toString();
      const kept = scanned.get(uri);
      assert.ok(kept, name);
      const full = readDocument(uri, files[name]);
      // A dataset YAML or lineage file keeps its mentions only and reads its text again, whole (recordedFile.test.ts).
      const expected = kept instanceof RecordedFile ? full.facts : full.facts.filter((fact) => !OWN_CHECK_KINDS.has(fact.kind)).map((fact) => (fact.kind === 'entityDeclaration' ? { ...fact, fields: fieldsReadAcrossFiles(fact.fields) } : fact));
      assert.deepEqual(kept.model.facts, expected, name);
      assert.equal(kept.slim, true, name);
      assert.deepEqual(scanned.diagnosticsOf(uri), whole.diagnosticsOf(uri), `${name}: diagnostics`);
      assert.deepEqual(scanned.diagnosticsUnder(uri, { entities: { exists: () => undefined } }), whole.diagnosticsUnder(uri, { entities: { exists: () => undefined } }), `${name}: diagnostics under`);
    }
    assert.deepEqual([...scanned.definitions().keys()].sort(), [...whole.definitions().keys()].sort());
    const c = pathToFileURL(join(root, 'c.datasets.yaml')).toString();
    assert.ok(scanned.diagnosticsOf(c).some((diagnostic) => /unknownKey/.test(diagnostic.message)), 'the unknown key is still found from the slim file');
    // A slim declaration keeps the fields read across files: its name, platform and env; not its schema or property map (plain copies).
    const orders = slimModel(readDocument(c, files['c.datasets.yaml'])).facts.find((fact) => fact.kind === 'entityDeclaration');
    assert.deepEqual(orders?.kind === 'entityDeclaration' ? Object.keys(orders.fields).sort() : [], ['id', 'platform']);
    // Opened, a file is read whole; closed again, slim.
    assert.equal(scanned.updateOpenDocument(c, files['c.datasets.yaml'], 1).slim, undefined);
    assert.ok(scanned.get(c)?.model.facts.some((fact) => fact.kind === 'objectShape'));
    await scanned.closeDocument(c);
    assert.equal(scanned.get(c)?.slim, true);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a model without facts of its own checks is kept as it is', () => {
  const lineage = readDocument('file:///w/l.yml', 'version: 1\nlineage:\n  - entity:\n      name: a\n      type: dataset\n      platform: hive\n', { associations: { '*.yml': 'lineageFile' } });
  const slim = slimModel(lineage);
  assert.deepEqual(slim.facts, lineage.facts.filter((fact) => !OWN_CHECK_KINDS.has(fact.kind)));
  const model = readDocument('file:///w/x.json', '[]');
  assert.equal(slimModel(model), model);
});
