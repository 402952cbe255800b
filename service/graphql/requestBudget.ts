import { defaultFieldResolver, type GraphQLFieldResolver } from 'graphql';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { badRequest, GraphqlServiceError } from './errors';
import { MAX_ANSWER_ITEMS } from './limits';

/**
 * What one GraphQL request may still do while it runs (the static limits come first, see
 * limits.ts). It is the request's GraphQL context:
 * - the fields that do real work (searches, lineage, `entities`, raw aspects, the mutation) run one
 *   at a time, each in its own turn of the event loop, so `/health`, other requests and SIGINT or
 *   SIGTERM are served between them however many a document asks for;
 * - every list in the answer is counted, and a request whose answer would list more than
 *   MAX_ANSWER_ITEMS items stops with a BAD_REQUEST;
 * - a request whose client went away (or whose service is closing) stops at its next field.
 */

const WORKING_FIELDS = new Set([
  'scrollAcrossLineage',
  'searchAcrossLineage',
  'searchAcrossEntities',
  'scrollAcrossEntities',
  'autoComplete',
  'autoCompleteForMultiple',
  'entities',
  'lineage',
  'aspects',
  'updateLineage',
]);

export class RequestBudget {
  private items = 0;
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly signal?: AbortSignal,
    private readonly maxItems = MAX_ANSWER_ITEMS,
  ) {}

  /** Runs `work` after every working field before it, in a later turn of the event loop. */
  inTurn<T>(work: () => T): Promise<T> {
    const run = this.turn.then(
      () => nextTurn(),
      () => nextTurn(),
    ).then(() => {
      if (this.signal?.aborted) throw new GraphqlServiceError('SERVER_ERROR', 'The request was stopped because its client went away or the local catalog is closing; send it again once the catalog runs.');
      return work();
    });
    this.turn = run;
    return run;
  }

  /** Counts `n` more items of the answer. */
  charge(n: number): void {
    this.items += n;
    if (this.items > this.maxItems) {
      throw badRequest(`The answer would list more than ${this.maxItems} items (search results, lineage relationships, entities, paths, aspects together); the local catalog answers at most ${this.maxItems} per request. Ask for fewer or smaller pages (a lower count or limit, fewer aliases) and page through the rest with nextScrollId or start.`);
    }
  }
}

function counted(value: unknown, budget: RequestBudget): unknown {
  if (value instanceof Promise) return value.then((settled: unknown) => counted(settled, budget));
  if (Array.isArray(value)) budget.charge(value.length);
  return value;
}

/** graphql-js's default resolver, run under the request's budget (the context value). */
export const budgetedFieldResolver: GraphQLFieldResolver<unknown, RequestBudget> = (source, args, budget, info) => {
  if (WORKING_FIELDS.has(info.fieldName)) return budget.inTurn(() => counted(defaultFieldResolver(source, args, budget, info), budget));
  return counted(defaultFieldResolver(source, args, budget, info), budget);
};
