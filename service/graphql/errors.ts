/**
 * Errors shaped as DataHub's GraphQL layer reports them (reference/datahub-api.md §1.9): the HTTP
 * status is 200 and each error carries `extensions: {code: <int>, type: <name>}`. graphql-js keeps an
 * error's own `extensions` when it wraps a resolver's exception, so throwing one of these is enough.
 */

export type ServiceErrorType = 'BAD_REQUEST' | 'NOT_FOUND' | 'CONFLICT' | 'SERVER_ERROR';

const CODES: Record<ServiceErrorType, number> = {
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SERVER_ERROR: 500,
};

export class GraphqlServiceError extends Error {
  readonly extensions: { code: number; type: ServiceErrorType };

  constructor(type: ServiceErrorType, message: string) {
    super(message);
    this.name = 'GraphqlServiceError';
    this.extensions = { code: CODES[type], type };
  }
}

export function badRequest(message: string): GraphqlServiceError {
  return new GraphqlServiceError('BAD_REQUEST', message);
}
