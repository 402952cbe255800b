import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CompletionList } from 'vscode-languageserver-protocol';
import { TestClient } from '../protocol/lspClient';

/**
 * The honest path of the language server's attack tests: a property with two allowed values and a
 * dataset whose value of it is being typed. While the attack runs, completing that value must
 * still answer gold and silver.
 */
export const TIER_PROPERTIES = ['- id: io.team.tier', '  type: string', '  cardinality: SINGLE', '  entity_types:', '    - dataset', '  allowed_values:', '    - value: gold', '    - value: silver', ''].join('\n');
export const TIER_DATASET = ['id: orders', 'platform: hive', 'env: PROD', 'structured_properties:', '  io.team.tier: ', ''].join('\n');

/** Completion at the tier value of TIER_DATASET opened at `datasetUri`. */
export function completeTier(client: TestClient, datasetUri: string): Promise<CompletionList> {
  return client.connection.sendRequest('textDocument/completion', { textDocument: { uri: datasetUri }, position: { line: 4, character: '  io.team.tier: '.length } }) as Promise<CompletionList>;
}

export interface TierWorkspace {
  client: TestClient;
  /** the workspace folder, with props.yaml and the files asked for */
  folder: string;
  datasetUri: string;
  completeTier(): Promise<CompletionList>;
  close(): Promise<void>;
}

/**
 * A workspace holding TIER_PROPERTIES and `files`, a language server (pull diagnostics) started on
 * it, and TIER_DATASET open in it: the honest document an attack test completes in.
 */
export async function openTierWorkspace(prefix: string, files: Readonly<Record<string, string>> = {}): Promise<TierWorkspace> {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(folder, 'props.yaml'), TIER_PROPERTIES);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  const datasetUri = pathToFileURL(join(folder, 'orders.yaml')).toString();
  const { client } = await TestClient.start({ rootPath: folder, pull: true });
  await client.open(datasetUri, TIER_DATASET);
  return {
    client,
    folder,
    datasetUri,
    completeTier: () => completeTier(client, datasetUri),
    close: async () => {
      await client.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
