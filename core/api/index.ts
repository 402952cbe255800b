/** The typed client of the catalog service interface (GraphQL + OpenAPI v2), shared by server, client and CLI. */
export { ServiceError, isServiceError, type ServiceErrorKind } from './errors';
export { type ServiceConnection, DEFAULT_TIMEOUT_MS, requestJson } from './http';
export { graphqlRequest } from './graphql';
export { listPropertyDefinitions, fetchPropertyStatus, type ServicePropertyDefinition } from './definitions';
export { entitiesExist, EXISTENCE_BATCH_SIZE } from './entities';
export { autoCompleteEntities, type EntitySuggestion } from './autoComplete';
