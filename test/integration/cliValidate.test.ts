import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { referencePath, testsNeedingReference } from '../support/reference';

const repo = process.cwd();
const examples = referencePath('datahub-examples');
const withExamples = testsNeedingReference('validate on DataHub’s own example files', ['datahub-examples']);
const cli = join(repo, 'dist', 'cli.js');

interface JsonDiagnostic {
  file: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity: string;
  code: string;
  message: string;
}

const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd: repo, encoding: 'utf8' });

withExamples.test('validate --format json prints only a JSON array of LSP-style diagnostics and exits 1 on errors', () => {
  const result = run('validate', examples, '--format', 'json');
  assert.equal(result.status, 1, result.stderr);
  const diagnostics = JSON.parse(result.stdout) as JsonDiagnostic[];
  assert.ok(Array.isArray(diagnostics));
  for (const d of diagnostics) {
    assert.deepEqual(Object.keys(d).sort(), ['code', 'file', 'message', 'range', 'severity']);
    assert.ok(['error', 'warning', 'information', 'hint'].includes(d.severity));
    assert.ok(d.range.start.line >= 0 && d.range.start.character >= 0);
  }
  const byFile = (name: string) => diagnostics.filter((d) => d.file.endsWith(name)).map((d) => d.code);
  // DataHub's own examples carry real mistakes (see DESIGN.md §3): the dotted version, a
  // lowercase entity type, DEV entities with PROD column URNs.
  assert.ok(byFile('structured_properties.yaml').includes('definition.version'));
  assert.ok(byFile('struct_props.yaml').includes('format.enumValue'));
  assert.ok(byFile('file_lineage.yml').includes('lineage.columnOutsideEdge'));
  // Files that are not ours are skipped, not reported.
  assert.deepEqual(byFile('click_event.avsc'), []);
  assert.deepEqual(byFile('datahub-lineage-file_recipe.yml'), []);
});

test('validate reports the position inside a broken URN and suggests the fix', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-validate-'));
  const file = join(dir, 'edges.yaml');
  writeFileSync(
    file,
    [
      'edgesToAdd:',
      '  - downstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,prod)',
      '    upstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,raw.orders,PROD)',
      'edgesToRemove: []',
      '',
    ].join('\n'),
  );
  const result = run('validate', file, '--format', 'json');
  assert.equal(result.status, 1);
  const [d] = JSON.parse(result.stdout) as JsonDiagnostic[];
  assert.equal(d.code, 'urn.environment');
  const line = '  - downstreamUrn: urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,prod)';
  assert.equal(d.range.start.line, 1);
  assert.equal(d.range.start.character, line.indexOf('prod)'));
  assert.equal(d.range.end.character, line.indexOf('prod)') + 4);
  assert.match(d.message, /PROD/);
});

test('a folder of foreign YAML/JSON is skipped silently and exits 0', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-validate-'));
  writeFileSync(join(dir, 'deployment.yaml'), 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n');
  writeFileSync(join(dir, 'package.json'), '{"name": "x", "version": "1.0.0"}');
  const result = run('validate', dir);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /0 metadata file\(s\) checked: 0 error\(s\)/);
});

test('a missing path and an unknown format are usage errors (exit 2) with a message', () => {
  const missing = run('validate', '/no/such/place');
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /Cannot read '\/no\/such\/place'/);
  const badFormat = run('validate', '.', '--format', 'xml');
  assert.equal(badFormat.status, 2);
  assert.match(badFormat.stderr, /Unknown --format 'xml'/);
});

withExamples.test('github and sarif formats', () => {
  const github = run('validate', join(examples, 'structured_properties.yaml'), '--format', 'github');
  assert.match(github.stdout, /^::error file=.*structured_properties\.yaml,line=5,col=\d+/m);
  const sarif = JSON.parse(run('validate', join(examples, 'structured_properties.yaml'), '--format', 'sarif').stdout);
  assert.equal(sarif.version, '2.1.0');
});

test('a mistyped format name in CATALOG_CODE_ASSOCIATIONS stops validate with a clear error (exit 2)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-assoc-'));
  writeFileSync(join(dir, 'x.yml'), 'version: 1\nlineage: []\n');
  const result = spawnSync(process.execPath, [cli, 'validate', dir], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, CATALOG_CODE_ASSOCIATIONS: JSON.stringify({ '*.yml': 'lineagefile' }) },
  });
  assert.equal(result.status, 2, result.stdout);
  assert.match(result.stderr, /CATALOG_CODE_ASSOCIATIONS: "\*\.yml" names the unknown format "lineagefile".*Did you mean "lineageFile"\?/);
});

test('a DataHub file by its name or folder that does not parse is a parse.syntax error, tabs named as such, and validate exits 1 (issue #40)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-broken-'));
  mkdirSync(join(dir, 'glossary'));
  // A user's business glossary indented with a tab, and a data contract whose mapping is indented deeper than its entry.
  writeFileSync(join(dir, 'glossary', 'terms.yml'), 'version: 1\nsource: DataHub\nnodes:\n  - name: Classification\n\tterms:\n      - name: PII\n');
  writeFileSync(join(dir, 'data_contract.yaml'), 'version: 1\nentity:\n  - name: A\n      freshness:\n        time: 1\n');
  writeFileSync(join(dir, 'notes.yaml'), 'a:\n\tb: 1\n');
  const result = spawnSync(process.execPath, [cli, 'validate', dir], { cwd: repo, encoding: 'utf8' });
  assert.equal(result.status, 1, result.stdout);
  assert.match(result.stdout, /terms\.yml:5:1: error parse\.syntax: A tab is used for indentation here; YAML allows only spaces .*DataHub business glossary/);
  assert.match(result.stdout, /data_contract\.yaml:\d+:\d+: error parse\.syntax: .*DataHub data contract by its name or folder/);
  assert.doesNotMatch(result.stdout, /notes\.yaml/, "someone else's broken YAML stays silent");
  assert.match(result.stdout, /2 DataHub file\(s\) could not be read \(parse\.syntax\)/);
});
