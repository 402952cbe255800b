import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ASSOCIATION_FORMATS, parseAssociations } from '../../../core/formats/associations';
import { collectMetadataFiles, isMetadataFileName } from '../../../core/workspace/metadataFiles';
import { WorkspaceSession } from '../../../core/workspace/session';

/** A folder of this test's own under the system's temp folder, removed once the file's tests end. */
const tempRoots: string[] = [];
after(() => tempRoots.forEach((root) => rmSync(root, { recursive: true, force: true })));
function tempRoot(prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  tempRoots.push(root);
  return root;
}

const repo = resolve(__dirname, '..', '..', '..');

test('the settings schema in package.json names exactly the formats core/ reads', () => {
  const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, { additionalProperties?: { enum?: string[] } }> } };
  };
  const listed = manifest.contributes.configuration.properties['catalogCode.formats.associations'].additionalProperties?.enum;
  assert.deepEqual(listed, [...ASSOCIATION_FORMATS]);
});

test('associations: known formats kept, a mistyped one told with a suggestion', () => {
  const parsed = parseAssociations({ 'lineage/**/*.yml': 'lineageFile', 'props/*.yaml': 'propertydefinitions', 'x.json': 7 });
  assert.deepEqual(parsed.associations, { 'lineage/**/*.yml': 'lineageFile' });
  assert.equal(parsed.problems.length, 2);
  assert.match(parsed.problems[0], /"props\/\*\.yaml" names the unknown format "propertydefinitions".*Did you mean "propertyDefinitions"\?/);
  assert.match(parsed.problems[1], /Use one of propertyDefinitions, datasetYaml, lineageFile, mcpJson, lineageEdges, formsYaml, none/);
  assert.match(parseAssociations(['a']).problems[0], /must be an object/);
});

test('metadata files: dependency, build and dot folders are skipped; manifests are not metadata', () => {
  const root = tempRoot('catalog-files-');
  for (const folder of ['node_modules/x', '.git', 'dist', '.catalog', 'venv', 'meta/sub']) mkdirSync(join(root, folder), { recursive: true });
  for (const file of ['node_modules/x/a.yaml', '.git/b.yml', 'dist/c.json', '.catalog/d.json', 'venv/e.yaml', 'meta/sub/f.yml', 'meta/g.jsonc', 'package.json', 'meta/h.txt']) {
    writeFileSync(join(root, file), 'a: 1\n');
  }
  assert.deepEqual(
    collectMetadataFiles([root]).map((file) => file.slice(root.length + 1)),
    ['meta/g.jsonc', 'meta/sub/f.yml'],
  );
  assert.equal(isMetadataFileName('/x/tsconfig.base.json'), false);
  assert.equal(isMetadataFileName('C:\\x\\lineage.YML'), true);
});

const PROPERTIES = `- id: io.acme.team
  type: string
  cardinality: SINGLE
  allowed_values:
    - value: finance
  entity_types: [dataset]
`;
const DATASETS = `- id: orders
  platform: hive
  structured_properties:
    io.acme.team: marketing
`;

test('a session checks each file against the definitions of every file, and re-reads all under new associations', async () => {
  const root = tempRoot('catalog-session-');
  writeFileSync(join(root, 'props.yaml'), PROPERTIES);
  writeFileSync(join(root, 'data.yaml'), DATASETS);
  let changes = 0;
  const session = new WorkspaceSession();
  session.onDefinitionsStale(() => changes++);
  assert.equal(await session.scan([root]), 2);
  assert.ok(changes > 0);
  const dataUri = pathToFileURL(join(root, 'data.yaml')).toString();
  assert.deepEqual(
    session.problems().map((file) => [file.uri.slice(file.uri.lastIndexOf('/') + 1), file.diagnostics.map((d) => d.code)]),
    [
      ['data.yaml', ['property.notAllowedValue']],
      ['props.yaml', []],
    ],
  );
  // `none` silences a file; the definitions file no longer counts either.
  assert.equal(session.setAssociations({ 'data.yaml': 'none' }), true);
  assert.deepEqual(session.problems().map((file) => file.uri.slice(file.uri.lastIndexOf('/') + 1)), ['props.yaml']);
  assert.equal(session.setAssociations({ 'data.yaml': 'none' }), false);
  // An open document's text wins over the disk.
  session.setAssociations({});
  session.updateOpenDocument(dataUri, DATASETS.replace('marketing', 'finance'), 3);
  assert.deepEqual(session.diagnosticsOf(dataUri), []);
});

test('a session finds the file that declares an entity, preferring a declaration over a mention', async () => {
  const root = tempRoot('catalog-declare-');
  writeFileSync(join(root, 'a-lineage.yml'), 'version: 1\nlineage:\n  - entity:\n      name: db.other\n      platform: hive\n    upstream:\n      - entity:\n          name: db.orders\n          platform: hive\n');
  writeFileSync(join(root, 'b-datasets.yaml'), DATASETS);
  const session = new WorkspaceSession();
  await session.scan([root]);
  const found = session.entityDeclaration('urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)');
  assert.ok(found);
  assert.ok(found.uri.endsWith('b-datasets.yaml'));
  assert.equal(found.exact, true);
  assert.equal(session.entityDeclaration('urn:li:dataset:(urn:li:dataPlatform:hive,nothing,PROD)'), undefined);
});

test('a scan parses the files whose content may write definitions first and says so before parsing the rest', async () => {
  const root = tempRoot('catalog-scan-order-');
  for (let i = 0; i < 12; i++) writeFileSync(join(root, `a-data-${i}.yaml`), DATASETS);
  // A JSON file was once read early for its name alone; what it holds decides now.
  writeFileSync(join(root, 'b-lineage.json'), '[{"entityType": "dataset", "entityUrn": "urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)", "aspectName": "status", "aspect": {"json": {"removed": false}}}]');
  // Sorted last, and named like neither a properties nor a definitions file, but parsed first.
  writeFileSync(join(root, 'z-team.yaml'), PROPERTIES);
  const readWhenTold: number[] = [];
  const session = new WorkspaceSession();
  session.onDefinitionsStale(() => readWhenTold.push(session.all().length));
  assert.equal(await session.scan([root]), 14);
  assert.deepEqual(readWhenTold, [1, 14], 'told once the definitions file is parsed, then at the end');
  const first = pathToFileURL(join(root, 'a-data-0.yaml')).toString();
  assert.deepEqual(session.diagnosticsOf(first).map((d) => d.code), ['property.notAllowedValue']);
});

test('while a scan reads the definition files, checks see none of them rather than a part: no property is called unknown early', async () => {
  const root = tempRoot('catalog-scan-partial-');
  // Enough definition files that the scan yields to other work in the middle of reading them.
  for (let i = 0; i < 1500; i++) writeFileSync(join(root, `a-properties-${String(i).padStart(4, '0')}.yaml`), PROPERTIES.replace('io.acme.team', `io.acme.other${i}`));
  writeFileSync(join(root, 'z-properties.yaml'), PROPERTIES);
  const session = new WorkspaceSession();
  const dataUri = pathToFileURL(join(root, 'data.yaml')).toString();
  session.updateOpenDocument(dataUri, DATASETS, 1);
  const scanned = session.scan([root]);
  const seen: string[][] = [];
  // Ask on every turn of the event loop while the scan runs, as an editor's requests would.
  let done = false;
  void scanned.then(() => (done = true));
  while (!done) {
    seen.push(session.diagnosticsOf(dataUri).map((d) => d.code));
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.ok(seen.length > 1, 'the scan let other work run while it read');
  assert.ok(
    seen.every((codes) => !codes.includes('property.unknown')),
    'io.acme.team is never called unknown',
  );
  assert.deepEqual(session.diagnosticsOf(dataUri).map((d) => d.code), ['property.notAllowedValue']);
});

test('a scan stops at its limit and says where: the files past it are not read', async () => {
  const root = tempRoot('catalog-scan-limit-');
  for (let i = 0; i < 5; i++) writeFileSync(join(root, `data-${i}.yaml`), DATASETS);
  const told: unknown[] = [];
  const session = new WorkspaceSession({ onScanLimit: (reached, folders) => told.push({ reached, folders }) });
  assert.equal(await session.scan([root], 3), 3);
  assert.deepEqual(told, [{ reached: { limit: 3, firstLeftOut: join(root, 'data-3.yaml') }, folders: [root] }]);
  assert.equal(session.all().length, 3);
  // Exactly at the limit: everything is read, and the scan says it did not stop.
  assert.equal(await session.scan([root], 5), 5);
  assert.deepEqual(told[1], { reached: undefined, folders: [root] });
});

test('a file changed or deleted on disk while a scan runs keeps what the change made: the scan never stores its older text', async () => {
  const root = tempRoot('catalog-scan-race-');
  for (let i = 0; i < 1500; i++) writeFileSync(join(root, `a-${String(i).padStart(4, '0')}.yaml`), DATASETS.replace('orders', `t${i}`));
  const session = new WorkspaceSession();
  const deleted = join(root, 'a-0000.yaml');
  const changed = join(root, 'a-0001.yaml');
  const scanned = session.scan([root]);
  // The scan has read the first files and yields: the disk changes now, and the watcher says so.
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(session.scanning, true, 'the scan is still running');
  rmSync(deleted);
  await session.fileChanged(pathToFileURL(deleted).toString(), true);
  writeFileSync(changed, DATASETS.replace('orders', 'renamed'));
  await session.fileChanged(pathToFileURL(changed).toString(), false);
  await scanned;
  assert.equal(session.get(pathToFileURL(deleted).toString()), undefined, 'the deleted file stays out');
  assert.match(session.get(pathToFileURL(changed).toString())?.text ?? '', /id: renamed/);
  assert.equal(session.all().length, 1499);
});
