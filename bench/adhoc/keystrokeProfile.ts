import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { goldenMcpJson } from '../../support/generate/goldenMcp';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { SERVER_JS } from '../support/context';
import { BenchLspClient } from '../support/lspClient';
import { seededRandom } from '../../support/random';
import { nowMs, summarise } from '../../support/bench/stats';

/**
 * Where a keystroke's time goes in the real server (issue 27), outside `npm run bench`:
 * `node --import tsx bench/adhoc/keystrokeProfile.ts [dataset|lineage|mcp] [pull|push] [LINES] [KEYSTROKES] [--prof DIR]`
 * types KEYSTROKES characters in the middle of a generated file of LINES lines over stdio, each
 * waited for (as bench/cases/keystroke.ts does), and prints p50/p95. With `--prof DIR` the server
 * runs under `node --cpu-prof` and its profile is written to DIR (open it in Chrome's DevTools, or
 * summarise it with `node bench/adhoc/profileTop.mjs DIR/*.cpuprofile`).
 */
const KINDS = {
  dataset: { fileName: 'p.datasets.yaml', languageId: 'yaml', text: (n: number) => datasetYaml(n, seededRandom(20261127)).text, anchor: /warehouse\./g },
  lineage: { fileName: 'p.lineage.yml', languageId: 'yaml', text: (n: number) => lineageFile(n, seededRandom(20261126)).text, anchor: /warehouse\./g },
  mcp: { fileName: 'p.golden.json', languageId: 'json', text: (n: number) => goldenMcpJson(n), anchor: /analytics\.public\./g },
};

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const profAt = args.indexOf('--prof');
  const profDir = profAt >= 0 ? path.resolve(args.splice(profAt, 2)[1]) : undefined;
  const kind = KINDS[(args[0] ?? 'dataset') as keyof typeof KINDS];
  const mode = args[1] === 'pull' ? 'pull' : 'push';
  const lines = Number(args[2] ?? 50_000);
  const keystrokes = Number(args[3] ?? 64);
  const root = mkdtempSync(path.join(os.tmpdir(), 'catalog-keystroke-profile-'));
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'properties.yaml'), PROPERTIES_YAML);
  if (profDir) mkdirSync(profDir, { recursive: true });
  const nodeArgs = profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=200'] : [];
  const client = await BenchLspClient.start({ name: 'server', args: [...nodeArgs, SERVER_JS, '--stdio'], cwd: root, pull: mode === 'pull', env: { CATALOG_SERVICE_URL: undefined, CATALOG_TOKEN: undefined }, initializationOptions: { catalogCodeStatus: true } }, root);
  try {
    const text = kind.text(lines);
    const uri = pathToFileURL(path.join(root, kind.fileName)).toString();
    const opened = client.publishCount(uri);
    await client.open(uri, text, kind.languageId);
    let first = mode === 'pull' ? await client.pullDiagnostics(uri) : await client.nextPublished(uri, opened, 300_000);
    // A large file is read in slices: typing starts once it is read whole (the status stops naming it).
    await client.waitForNotification<{ readingDocuments?: string[] }>('catalogCode/status', (status) => !status.readingDocuments?.includes(uri), 300_000);
    // …and, pushed, the whole file's diagnostics follow the status (none come for a file read at once).
    if (mode === 'push') first = await client.nextPublished(uri, client.publishCount(uri), 3_000).catch(() => first);
    let document = TextDocument.create(uri, kind.languageId, 1, text);
    const anchor = new RegExp(kind.anchor.source, 'g');
    anchor.lastIndex = Math.floor(text.length / 2);
    const match = anchor.exec(text);
    if (!match) throw new Error('no anchor');
    const offset = match.index + match[0].length;
    const samples: number[] = [];
    for (let i = 0; i < keystrokes; i++) {
      const position = document.positionAt(offset + i);
      const version = document.version + 1;
      document = TextDocument.update(document, [{ range: { start: position, end: position }, text: 'x' }], version);
      const sent = nowMs();
      await client.edit(uri, { start: position, end: position }, 'x');
      if (mode === 'pull') await client.pullDiagnostics(uri);
      else await client.publishedVersion(uri, version, 120_000);
      samples.push(nowMs() - sent);
    }
    const timing = summarise(samples);
    console.log(`${args[0] ?? 'dataset'} ${mode} ${lines} lines (${(text.length / 1e6).toFixed(1)} MB, ${first.length} diagnostics at open): p50 ${timing.medianMs.toFixed(1)} ms, p95 ${timing.p95Ms.toFixed(1)} ms, load ${os.loadavg()[0].toFixed(1)}`);
  } finally {
    // The profile is written when the server exits on its own (`exit`), not when it is killed.
    const exited = new Promise((resolve) => client.child.once('exit', resolve));
    await client.connection.sendRequest('shutdown');
    await client.connection.sendNotification('exit');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  }
  if (profDir) console.log(`profiles: ${readdirSync(profDir).join(', ')}`);
}

void main();
