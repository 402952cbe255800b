import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { readDocument } from '../../../core/formats/index';
import { OWN_CHECK_KINDS } from '../../../core/model/facts';
import { RecordedFile } from '../../../core/workspace/recordedFile';
import { WorkspaceSession } from '../../../core/workspace/session';
import { datasetYaml, lineageFile } from '../../../support/generate/metadataFiles';
import { seededRandom } from '../../../support/random';

// A closed file is read for what other files read (ReadOptions.acrossFilesOnly): the facts only its
// own checks read are not made. The model must be the whole one less exactly those facts, and must
// never be the one the file's own checks are given.

const fixtures = join(__dirname, '..', '..', 'fixtures');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ya?ml|json)$/.test(name) ? [path] : [];
  });
}

test('read for other files only: the whole model less the facts of its own checks, and marked so (every fixture, generated files)', () => {
  const random = seededRandom(20261207);
  const generated = Array.from({ length: 20 }, (_, i) => ({ name: `gen/${i}.${i % 2 ? 'lineage.yml' : 'datasets.yaml'}`, text: i % 2 ? lineageFile(12, random).text : datasetYaml(12, random).text }));
  const corpus = [...filesUnder(fixtures).map((path) => ({ name: relative(fixtures, path), text: readFileSync(path, 'utf8') })), ...generated];
  assert.ok(corpus.length > 150, `${corpus.length} files`);
  let dropped = 0;
  for (const { name, text } of corpus) {
    const uri = pathToFileURL(join('/w', name)).toString();
    const whole = readDocument(uri, text);
    const across = readDocument(uri, text, { acrossFilesOnly: true });
    const { acrossFilesOnly, ...rest } = across;
    // A YAML file of our formats is read so; a JSON array of proposals is read whole (kept slim, core/workspace/slimModel.ts).
    if (whole.format !== null && /\.ya?ml$/.test(name)) assert.equal(acrossFilesOnly, true, name);
    assert.deepEqual(rest, acrossFilesOnly ? { ...whole, facts: whole.facts.filter((fact) => !OWN_CHECK_KINDS.has(fact.kind)) } : whole, name);
    dropped += whole.facts.length - across.facts.length;
  }
  assert.ok(dropped > 500, `facts of own checks not made: ${dropped}`);
});

test("a closed file read for other files only: while it is stored its facts are read again whole, and its own diagnostics are the whole file's", async () => {
  const root = mkdtempSync(join(tmpdir(), 'catalog-across-'));
  try {
    const files: Record<string, string> = {
      'orders.datasets.yaml': datasetYaml(3, seededRandom(7)).text.replace(/^(- id: .*\n)/m, '$1  unknownKey: 1\n'),
      'tiers.properties.yaml': '- id: io.team.tier\n  type: string\n  cardinality: SINGLE\n  entity_types: [dataset]\n  notAKey: true\n',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
    const session = new WorkspaceSession();
    const seen = new Map<string, { held: boolean | undefined; ownFacts: boolean }>();
    session.onDocumentChanged((uri) => {
      const document = session.get(uri);
      if (!(document instanceof RecordedFile)) return;
      seen.set(uri, { held: document.holding()?.acrossFilesOnly, ownFacts: document.model.facts.some((fact) => OWN_CHECK_KINDS.has(fact.kind)) });
    });
    await session.scan([root]);
    const orders = pathToFileURL(join(root, 'orders.datasets.yaml')).toString();
    assert.deepEqual(seen.get(orders), { held: true, ownFacts: true }, 'the held model is the reduced one; the file’s facts are whole');
    const whole = new WorkspaceSession();
    for (const [name, text] of Object.entries(files)) whole.setFile(pathToFileURL(join(root, name)).toString(), text);
    for (const name of Object.keys(files)) {
      const uri = pathToFileURL(join(root, name)).toString();
      assert.equal(session.get(uri)?.slim, true, name);
      const found = session.diagnosticsOf(uri);
      assert.deepEqual(found, whole.diagnosticsOf(uri), name);
      assert.ok(found.some((diagnostic) => /unknownKey|notAKey/.test(diagnostic.message)), `${name}: its unknown key is found`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
