import { graphqlRequest } from './graphql';
import type { ServiceConnection } from './http';

export interface EntitySuggestion {
  urn: string;
  /** GraphQL EntityType, e.g. `DATASET` */
  type: string;
}

/** Exported so tests can validate it against DataHub's real schema. */
export const AUTO_COMPLETE = `query catalogCodeAutoComplete($input: AutoCompleteMultipleInput!) {
  autoCompleteForMultiple(input: $input) {
    suggestions { type entities { urn type } }
  }
}`;

interface AutoCompleteData {
  autoCompleteForMultiple: { suggestions: { type: string; entities: { urn: string; type: string }[] }[] } | null;
}

/**
 * Entity URNs whose name matches `query`, from `autoCompleteForMultiple` (its `suggestions`
 * strings are display names; the URNs are in `entities`). `types` are GraphQL EntityType names.
 */
export async function autoCompleteEntities(connection: ServiceConnection, query: string, options: { types?: string[]; limit?: number } = {}): Promise<EntitySuggestion[]> {
  const input: Record<string, unknown> = { query, limit: options.limit ?? 20 };
  if (options.types?.length) input.types = options.types;
  const data = await graphqlRequest<AutoCompleteData>(connection, AUTO_COMPLETE, { input });
  const seen = new Set<string>();
  const out: EntitySuggestion[] = [];
  for (const group of data.autoCompleteForMultiple?.suggestions ?? []) {
    for (const entity of group.entities ?? []) {
      if (typeof entity?.urn !== 'string' || seen.has(entity.urn)) continue;
      seen.add(entity.urn);
      out.push({ urn: entity.urn, type: entity.type ?? group.type });
    }
  }
  return out;
}
