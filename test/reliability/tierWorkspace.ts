import type { CompletionList } from 'vscode-languageserver-protocol';
import type { TestClient } from '../protocol/lspClient';

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
