// What the VS Code push and the property status commands take from the server instead of deciding
// themselves: the format of each file (catalogCode/workspaceProblems) and the properties a document
// defines (catalogCode/documentPropertyDefinitions), both following the associations live.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readDocument } from '../../../core/formats';
import { FORMAT_IDS, type FormatId } from '../../../core/model/facts';
import { DocumentPropertyDefinitionsRequest, WorkspaceProblemsRequest } from '../../../core/protocol';
import { InProcessServer } from './inProcess';

const PROPERTIES = '- id: io.acme.team\n  type: string\n  entity_types: [dataset]\n';

test('the push reads a file as the format the server names, and the property pick follows the associations', async () => {
  const { server } = await InProcessServer.start();
  const uri = 'file:///w/props.yaml';
  await server.open(uri, PROPERTIES);
  const ask = () => server.client.sendRequest(DocumentPropertyDefinitionsRequest.type, { uri });
  const formatOf = async () => (await server.client.sendRequest(WorkspaceProblemsRequest.type, { uris: [uri] })).files.find((f) => f.uri === uri)?.format;

  assert.deepEqual(await ask(), ['urn:li:structuredProperty:io.acme.team']);
  // An edit nobody has asked diagnostics for yet (documents are read lazily): the answer is of the newest version.
  const edited = `${PROPERTIES}- id: io.acme.tier\n  type: string\n  entity_types: [dataset]\n`;
  await server.client.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: edited }] });
  assert.deepEqual(await ask(), ['urn:li:structuredProperty:io.acme.team', 'urn:li:structuredProperty:io.acme.tier']);
  const format = await formatOf();
  assert.equal(format, 'propertyDefinitions');
  assert.ok((FORMAT_IDS as readonly string[]).includes(format ?? ''));
  // The client reads the same text as the server's format: the same definitions come out.
  const model = readDocument(uri, PROPERTIES, { format: format as FormatId });
  assert.equal(model.format, 'propertyDefinitions');

  // An association changed in the editor reaches both answers, with no client-side read of the setting
  // (pushed settings apply inside the notification's handler, before the next request is served).
  await server.client.sendNotification('workspace/didChangeConfiguration', { settings: { catalogCode: { formats: { associations: { 'props.yaml': 'none' } } } } });
  assert.deepEqual(await ask(), []);
  assert.notEqual(await formatOf(), 'propertyDefinitions');
  await server.stop();
});
