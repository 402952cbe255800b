import { graphqlRequest } from './graphql';
import type { ServiceConnection } from './http';

/** How many URNs one existence request asks about (one GraphQL document, one alias per URN). */
export const EXISTENCE_BATCH_SIZE = 50;

/** One `entityExists` per URN, aliased `e0`, `e1`, ... with variables `$u0`, `$u1`, ... */
export function existenceDocument(count: number): string {
  const declarations = Array.from({ length: count }, (_, i) => `$u${i}: String!`).join(', ');
  const selections = Array.from({ length: count }, (_, i) => `e${i}: entityExists(urn: $u${i})`).join('\n  ');
  return `query catalogCodeEntitiesExist(${declarations}) {\n  ${selections}\n}`;
}

/**
 * Asks the service which of `urns` exist, with `entityExists` (DataHub's documented existence
 * check; `dataset(urn:)` returns stubs for missing entities). One request per batch of 50.
 */
export async function entitiesExist(connection: ServiceConnection, urns: readonly string[]): Promise<Map<string, boolean>> {
  const unique = [...new Set(urns)];
  const answers = new Map<string, boolean>();
  for (let start = 0; start < unique.length; start += EXISTENCE_BATCH_SIZE) {
    const batch = unique.slice(start, start + EXISTENCE_BATCH_SIZE);
    const document = existenceDocument(batch.length);
    const variables = Object.fromEntries(batch.map((urn, i) => [`u${i}`, urn]));
    const data = await graphqlRequest<Record<string, boolean | null>>(connection, document, variables);
    batch.forEach((urn, i) => answers.set(urn, data[`e${i}`] === true));
  }
  return answers;
}
