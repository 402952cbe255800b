// The menus of Push, Plan and Pull follow `catalogCode/claimedFiles`: the real server, on a real
// folder, claims only the files a format reads — never package.json, tsconfig.json, a CI workflow
// or a Kubernetes manifest — and tells changes as files change.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ClaimedFilesNotification, type ClaimedFilesParams } from '../../../core/protocol';
import { InProcessServer } from './inProcess';

const WEB_PROJECT: Record<string, string> = {
  'package.json': '{"name": "shop", "version": "1.0.0", "scripts": {"build": "tsc"}}\n',
  'tsconfig.json': '{"compilerOptions": {"strict": true}}\n',
  '.github/workflows/ci.yml': 'name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n',
  'deploy/service.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: shop\nspec:\n  ports:\n    - port: 80\n',
  'docker-compose.yml': 'services:\n  web:\n    image: shop\n',
};

const LINEAGE = 'version: 1\nlineage:\n  - entity: {name: orders_clean, type: dataset, platform: hive}\n    upstream:\n      - entity: {name: orders, type: dataset, platform: hive}\n';

const folders: string[] = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'cc-claimed-'));
  folders.push(folder);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(folder, name, '..'), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
  return folder;
}

async function serverOn(folder: string, optIn = true) {
  const messages: ClaimedFilesParams[] = [];
  const { server } = await InProcessServer.start({ rootPath: folder, initializationOptions: optIn ? { catalogCodeClaimedFiles: true } : {} });
  server.collect(ClaimedFilesNotification.method, messages);
  return { server, messages };
}

/** URI → format, as a client keeps it from the messages so far. */
function claimedSoFar(messages: readonly ClaimedFilesParams[]): Map<string, string> {
  const claimed = new Map<string, string>();
  for (const message of messages) {
    if (message.reset) claimed.clear();
    message.released.forEach((uri) => claimed.delete(uri));
    for (const [uri, format] of Object.entries(message.claimed)) claimed.set(uri, format);
  }
  return claimed;
}

test('a web project: the first message comes after the scan, resets, and claims nothing', async () => {
  const { server, messages } = await serverOn(folderWith(WEB_PROJECT));
  try {
    await server.waitFor('the first claimed-files message', () => messages.length > 0);
    assert.equal(messages[0].reset, true);
    assert.deepEqual([...claimedSoFar(messages)], []);
  } finally {
    await server.stop();
  }
});

test('a metadata file is claimed with its format, and released when it stops being one', async () => {
  const folder = folderWith({ ...WEB_PROJECT, 'lineage/orders.yml': LINEAGE });
  const lineageUri = pathToFileURL(join(folder, 'lineage/orders.yml')).toString();
  const { server, messages } = await serverOn(folder);
  try {
    await server.waitFor('the lineage file claimed', () => claimedSoFar(messages).get(lineageUri) === 'lineageFile');
    assert.deepEqual([...claimedSoFar(messages).keys()], [lineageUri]);
    // Opened and turned into a compose file in the editor: no longer claimed.
    await server.open(lineageUri, LINEAGE);
    await server.client.sendNotification('textDocument/didChange', { textDocument: { uri: lineageUri, version: 2 }, contentChanges: [{ text: 'services:\n  web:\n    image: shop\n' }] });
    // The server reads a document when something asks: a pull of its diagnostics.
    await server.client.sendRequest('textDocument/diagnostic', { textDocument: { uri: lineageUri } }).catch(() => undefined);
    await server.waitFor('the file released', () => messages.some((message) => message.released.includes(lineageUri)) && !claimedSoFar(messages).has(lineageUri));
  } finally {
    await server.stop();
  }
});

test('a client that did not ask gets no claimed-files message', async () => {
  const folder = folderWith({ 'lineage/orders.yml': LINEAGE });
  const { server, messages } = await serverOn(folder, false);
  try {
    const lineageUri = pathToFileURL(join(folder, 'lineage/orders.yml')).toString();
    // Asked until the scan has read the file: by then an opted-in client has its message queued.
    let listed = false;
    while (!listed) {
      const answer = (await server.client.sendRequest('catalogCode/workspaceProblems', {})) as { files: { uri: string }[] };
      listed = answer.files.some((file) => file.uri === lineageUri);
    }
    assert.deepEqual(messages, []);
  } finally {
    await server.stop();
  }
});
