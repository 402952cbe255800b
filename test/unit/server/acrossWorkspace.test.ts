// Definition and references read other open documents; edits are only recorded until something
// asks (core/incremental), so these requests must see every open document at its newest version.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Location } from 'vscode-languageserver/node';
import { InProcessServer } from './inProcess';

const PROPERTIES = '- id: io.acme.team\n  type: string\n  entity_types: [dataset]\n';
const VALUES = 'id: orders\nplatform: hive\nstructured_properties:\n  io.acme.tier: gold\n';

test('go to definition finds a property defined by an edit to another open document that nothing has read yet', async () => {
  const { server } = await InProcessServer.start();
  const definitions = 'file:///w/props.yaml';
  const dataset = 'file:///w/orders.yaml';
  await server.open(definitions, PROPERTIES);
  await server.open(dataset, VALUES);
  await server.client.sendNotification('textDocument/didChange', {
    textDocument: { uri: definitions, version: 2 },
    contentChanges: [{ text: `${PROPERTIES}- id: io.acme.tier\n  type: string\n  entity_types: [dataset]\n` }],
  });
  const found = (await server.client.sendRequest('textDocument/definition', {
    textDocument: { uri: dataset },
    position: { line: 3, character: 5 },
  })) as Location[] | null;
  assert.deepEqual(found?.map((l) => [l.uri, l.range.start.line]), [[definitions, 3]]);
  await server.stop();
});
