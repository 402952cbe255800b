import type { GraphQLResolveInfo } from 'graphql';
import type { CatalogStore } from '../store/types';
import { applyUpdateLineage } from '../lineage/updateLineage';
import { badRequest } from './errors';
import { entityView, EntityView } from './entityView';
import { autoComplete, autoCompleteForMultiple, scrollAcrossEntities, searchAcrossEntities } from './entitySearchResolvers';
import { scrollAcrossLineage, searchAcrossLineage, type ScrollAcrossLineageInput, type SearchAcrossLineageInput } from './lineageSearchResolvers';
import { structuredPropertyView } from './propertyViews';
import { entityTypeOf, isUrnSyntax } from './urnFacts';

/** The Query and Mutation fields of the local schema, as graphql-js root value functions. */

type Args<T> = { input: T };

function checkedUrn(urn: string): string {
  if (!isUrnSyntax(urn)) throw badRequest(`"${urn}" is not a valid URN; write it as urn:li:<entityType>:<key>, e.g. urn:li:dataset:(urn:li:dataPlatform:hive,db.table,PROD).`);
  return urn;
}

/** `dataset(urn:)`, `chart(urn:)` ...: the URN must be of that entity type. */
function typedEntity(store: CatalogStore, entityType: string) {
  return ({ urn }: { urn: string }) => {
    checkedUrn(urn);
    const actual = entityTypeOf(urn);
    if (actual !== entityType) throw badRequest(`${urn} is a ${actual} URN, but this field reads ${entityType} entities; use entity(urn:) for any type.`);
    return new EntityView(store, urn);
  };
}

export function rootResolvers(store: CatalogStore) {
  return {
    updateLineage: ({ input }: Args<{ edgesToAdd: unknown; edgesToRemove: unknown }>) => {
      applyUpdateLineage(store, input);
      return true;
    },
    scrollAcrossLineage: ({ input }: Args<ScrollAcrossLineageInput>, _context: unknown, info: GraphQLResolveInfo) => scrollAcrossLineage(store, input, info),
    searchAcrossLineage: ({ input }: Args<SearchAcrossLineageInput>, _context: unknown, info: GraphQLResolveInfo) => searchAcrossLineage(store, input, info),
    searchAcrossEntities: ({ input }: Args<Parameters<typeof searchAcrossEntities>[1]>) => searchAcrossEntities(store, input),
    scrollAcrossEntities: ({ input }: Args<Parameters<typeof scrollAcrossEntities>[1]>) => scrollAcrossEntities(store, input),
    autoComplete: ({ input }: Args<Parameters<typeof autoComplete>[1]>) => autoComplete(store, input),
    autoCompleteForMultiple: ({ input }: Args<Parameters<typeof autoCompleteForMultiple>[1]>) => autoCompleteForMultiple(store, input),
    entityExists: ({ urn }: { urn: string }) => store.entityExists(checkedUrn(urn)),
    entity: ({ urn }: { urn: string }) => entityView(store, checkedUrn(urn)),
    entities: ({ urns, checkForExistence }: { urns: string[]; checkForExistence?: boolean | null }) =>
      urns.map(checkedUrn).filter((urn) => !checkForExistence || store.entityExists(urn)).map((urn) => entityView(store, urn)),
    structuredProperty: ({ urn }: { urn: string }) => {
      checkedUrn(urn);
      if (entityTypeOf(urn) !== 'structuredProperty') throw badRequest(`${urn} is not a structured property URN; they look like urn:li:structuredProperty:<qualifiedName>.`);
      return store.getAspect(urn, 'propertyDefinition') ? structuredPropertyView(store, urn) : null;
    },
    dataset: typedEntity(store, 'dataset'),
    dataJob: typedEntity(store, 'dataJob'),
    dataFlow: typedEntity(store, 'dataFlow'),
    chart: typedEntity(store, 'chart'),
    dashboard: typedEntity(store, 'dashboard'),
    mlPrimaryKey: typedEntity(store, 'mlPrimaryKey'),
    corpUser: typedEntity(store, 'corpuser'),
    dataPlatform: typedEntity(store, 'dataPlatform'),
  };
}
