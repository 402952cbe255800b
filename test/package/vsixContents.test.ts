// The VSIX as it would be published: built with vsce the way the e2e suite installs it, then listed.
// Only the bundles, the grammar, media, the documents and the sample catalog go in; no sources,
// no tests, no source maps.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { packageExtension } from '../../support/e2e/extensionPackage';
import { zipEntryNames } from '../support/zipEntries';
import { NOTICES_FILE, noticesText } from '../../scripts/thirdPartyNotices';

const repo = resolve(__dirname, '..', '..');

/** Every file the extension needs at run time or the Marketplace shows, as patterns over `extension/…`. */
const ALLOWED = [
  /^extension\/package\.json$/,
  /^extension\/readme\.md$/,
  /^extension\/changelog\.md$/,
  /^extension\/LICENSE\.txt$/,
  /^extension\/package\.nls\.json$/,
  /^extension\/l10n\/bundle\.l10n\.json$/,
  /^extension\/THIRD-PARTY-NOTICES\.md$/,
  // The extension runs `cli.js serve` (cli-main.js) for the local catalog and registers `cli.js mcp`
  // (cli-mcp.js) for agents; never validate's own bundle.
  /^extension\/dist\/(extension|extensionMain|server|cli|cli-main|cli-mcp)\.js$/,
  // The lineage graph webview's script and its layout worker (client/graph/).
  /^extension\/dist\/lineageGraph(Layout)?\.js$/,
  /^extension\/dist\/node-sqlite3-wasm\.wasm$/,
  // Column lineage from SQL: the language server's worker thread and the SQL parser's WebAssembly (server/sqlLineageRequests.ts).
  /^extension\/dist\/sqlLineageWorker\.js$/,
  /^extension\/dist\/polyglot_sql\.wasm$/,
  /^extension\/syntaxes\/[\w.-]+\.json$/,
  // "Insert Snippet" templates, generated from core/features/snippets.ts.
  /^extension\/snippets\/[\w.-]+\.code-snippets$/,
  // JSON Schemas of the YAML formats, contributed through yamlValidation (core/formats/formatSchemas.ts).
  /^extension\/schemas\/[\w.-]+\.schema\.json$/,
  // The README's screenshots are links into the repository (vsce rewrites them), not packaged.
  /^extension\/media\/(?!screenshots\/)[\w./-]+\.(svg|png|md)$/,
  // The sample warehouse behind "Load Sample Data" (client/connection/localCatalogCommands.ts).
  /^extension\/test\/fixtures\/sample-catalog\/[\w.-]+\.(ya?ml|json)$/,
  // The demo's sample files behind "Restore Sample Files" (client/sampleFiles.ts).
  /^extension\/test\/e2e\/fixtures\/workspace\/[\w.-]+\.(ya?ml|json)$/,
];

let scratch: string;
let entries: string[];

before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'catalog-code-vsix-'));
  entries = zipEntryNames(await packageExtension(scratch));
});

after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('the VSIX holds only bundles, grammar, media, documents and the sample catalog', () => {
  const files = entries.filter((name) => name.startsWith('extension/'));
  const unexpected = files.filter((name) => !ALLOWED.some((pattern) => pattern.test(name)));
  assert.deepEqual(unexpected, [], 'files that must not be published (add them to .vscodeignore, or to ALLOWED if the extension needs them)');
  const sources = files.filter((name) => /\.(ts|map)$/.test(name) || /^extension\/(core|client|server|cli|service|scripts|bench|docs|node_modules)\//.test(name));
  assert.deepEqual(sources, []);
  const tests = files.filter((name) => name.startsWith('extension/test/') && !name.startsWith('extension/test/fixtures/sample-catalog/') && !name.startsWith('extension/test/e2e/fixtures/workspace/'));
  assert.deepEqual(tests, []);
  for (const needed of ['extension/dist/extension.js', 'extension/dist/extensionMain.js', 'extension/dist/server.js', 'extension/dist/cli.js', 'extension/dist/cli-main.js', 'extension/dist/cli-mcp.js', 'extension/dist/node-sqlite3-wasm.wasm', 'extension/dist/sqlLineageWorker.js', 'extension/dist/polyglot_sql.wasm', 'extension/THIRD-PARTY-NOTICES.md', 'extension/LICENSE.txt', 'extension/changelog.md', 'extension/readme.md', 'extension/media/icon.png']) {
    assert.ok(files.includes(needed), `${needed} is missing from the VSIX`);
  }
  // Every schema package.json contributes through yamlValidation is in the VSIX at its url.
  const { contributes } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { contributes: { yamlValidation: { url: string }[] } };
  for (const { url } of contributes.yamlValidation) assert.ok(files.includes(`extension/${url.replace(/^\.\//, '')}`), `${url} (yamlValidation) is missing from the VSIX`);
});

test('the manifest is ready for the Marketplace: icon 128×128 PNG, license, categories, keywords, engines', () => {
  const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
    icon: string;
    license: string;
    categories: string[];
    keywords: string[];
    engines: { vscode: string; node: string };
  };
  assert.equal(manifest.license, 'MIT');
  assert.match(readFileSync(join(repo, 'LICENSE'), 'utf8'), /^MIT License/);
  assert.ok(manifest.categories.length > 0 && manifest.keywords.length > 0);
  assert.match(manifest.engines.vscode, /^\^\d+\.\d+\.\d+$/);
  const png = readFileSync(join(repo, manifest.icon));
  assert.equal(png.toString('latin1', 1, 4), 'PNG');
  // IHDR: width and height are the first two big-endian 32-bit fields of the first chunk.
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
});

test('THIRD-PARTY-NOTICES.md names every package the bundles hold (node esbuild.mjs && node --import tsx scripts/thirdPartyNotices.ts)', () => {
  assert.equal(readFileSync(join(repo, NOTICES_FILE), 'utf8'), noticesText(repo));
});
