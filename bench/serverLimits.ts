/**
 * The language server's limits measured by hand (docs/reliability.md, "The language server's
 * limits"): `node --import tsx bench/serverLimits.ts SERVER alias|dataset [LINES]`, SERVER being a
 * built dist/server.js (this checkout's or another's, to compare). It opens the attack document (the
 * 2 KB alias chain, or a generated dataset YAML of LINES lines) and pulls its diagnostics together
 * with a completion in another document, then types five characters in it, each followed by a pull.
 * Prints the times, the diagnostics count and the server's peak RSS. SERVER_FLAGS adds node flags
 * (e.g. `--cpu-prof`). Not part of `npm run bench`: it reports one run, for the docs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';
import { datasetYaml, PROPERTIES_YAML } from '../support/generate/metadataFiles';
import { seededRandom } from '../support/random';

const DATASET = ['id: orders', 'platform: hive', 'structured_properties:', '  io.bench.tier: ', ''].join('\n');
function aliasChain(): string {
  const lines = ['version: 1', 'lineage:', '  - &e0', '    entity: {name: t0, type: dataset, platform: hive}'];
  for (let i = 1; i < 14; i++) lines.push(`  - &e${i}`, `    entity: {name: t${i}, type: dataset, platform: hive}`, `    upstream: [${Array(10).fill(`*e${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const [server, kind = 'alias', arg = '85000'] = process.argv.slice(2);
  const ws = mkdtempSync(join(tmpdir(), 'h21-m-'));
  writeFileSync(join(ws, 'props.yaml'), PROPERTIES_YAML);
  const child = spawn(process.execPath, [...(process.env.SERVER_FLAGS ? process.env.SERVER_FLAGS.split(' ') : []), server, '--stdio'], { cwd: ws });
  child.stderr.on('data', (d) => process.stderr.write(d));
  child.on('exit', (code, signal) => console.log('server exited', code, signal));
  const c = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  c.onNotification(() => undefined);
  c.onRequest(() => null);
  c.listen();
  const rootUri = pathToFileURL(ws).toString();
  await c.sendRequest('initialize', { processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name: 'w' }], capabilities: { textDocument: { diagnostic: {} } } });
  await c.sendNotification('initialized', {});
  const other = pathToFileURL(join(ws, 'orders.yaml')).toString();
  await c.sendNotification('textDocument/didOpen', { textDocument: { uri: other, languageId: 'yaml', version: 1, text: DATASET } });
  await c.sendRequest('textDocument/diagnostic', { textDocument: { uri: other } });
  const text = kind === 'alias' ? aliasChain() : datasetYaml(Number(arg), seededRandom(1)).text;
  const uri = pathToFileURL(join(ws, 'big.yaml')).toString();
  const t0 = Date.now();
  await c.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  const pull = c.sendRequest('textDocument/diagnostic', { textDocument: { uri } }).then((r) => ({ n: (r as { items: unknown[] }).items.length, ms: Date.now() - t0 }));
  const completion = c.sendRequest('textDocument/completion', { textDocument: { uri: other }, position: { line: 3, character: 17 } }).then(() => Date.now() - t0);
  const [p, cms] = await Promise.all([pull, completion]);
  // a keystroke in the document, then a completion elsewhere
  const keys: number[] = [];
  for (let v = 2; v < 7; v++) {
    const t1 = Date.now();
    await c.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ range: { start: { line: 2, character: 5 }, end: { line: 2, character: 5 } }, text: 'x' }] });
    await c.sendRequest('textDocument/diagnostic', { textDocument: { uri } });
    keys.push(Date.now() - t1);
  }
  const keyMs = keys.join('/');
  const rss = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  console.log(`${kind} ${(text.length / 1048576).toFixed(2)} MiB: diagnostics ${p.n} in ${p.ms} ms, completion elsewhere answered after ${cms} ms, keystroke+pull ${keyMs} ms, peak RSS ${rss.toFixed(0)} MiB`);
  await c.sendRequest('shutdown');
  await c.sendNotification('exit');
  await new Promise((r) => child.once('exit', r));
  process.exit(0);
}
void main();
