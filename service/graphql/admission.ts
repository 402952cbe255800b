import { GraphQLError, parse, type DocumentNode } from 'graphql';
import { HttpError, errorBody } from '../http/errors';
import { measureDocument } from './documentMeasure';
import { INTROSPECTION_LISTS, SEARCH_BASE_COST } from './fieldCost';
import { MAX_INTROSPECTION_COST, MAX_QUERY_CHARS, MAX_QUERY_COST, MAX_QUERY_DEPTH, MAX_QUERY_TOKENS, MAX_SAME_NAME_FIELDS, MAX_SPREADS_PER_SET } from './limits';

/**
 * A GraphQL document read and held against the static limits (limits.ts) before it is validated
 * or run: size, tokens, depth, fragment cycles and cost, all in time linear in the document.
 * Returns the document, or the GraphQL errors to answer with; throws an HTTP 400 for a document
 * over a limit.
 */

export interface AdmissionRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** A request over the limits: HTTP 400, with the message also as a GraphQL error for GraphQL clients. */
export function tooMuch(message: string): HttpError {
  return new HttpError(400, { ...errorBody('Bad Request', message), errors: [{ message, extensions: { code: 400, type: 'BAD_REQUEST', classification: 'ValidationError' } }] });
}

function parsed(query: string): DocumentNode | GraphQLError {
  if (query.length > MAX_QUERY_CHARS) {
    throw tooMuch(`The GraphQL document is ${query.length} characters long; the local catalog reads at most ${MAX_QUERY_CHARS}. Send a smaller query.`);
  }
  try {
    return parse(query, { maxTokens: MAX_QUERY_TOKENS });
  } catch (error) {
    if (error instanceof GraphQLError && /more tha[nt] \d+ tokens/i.test(error.message)) {
      throw tooMuch(`The GraphQL document has more than ${MAX_QUERY_TOKENS} tokens; the local catalog reads at most ${MAX_QUERY_TOKENS}. Send a smaller query.`);
    }
    if (error instanceof GraphQLError) return error;
    if (error instanceof RangeError) throw tooMuch(`The GraphQL document nests too deeply to be read; the local catalog accepts selections at most ${MAX_QUERY_DEPTH} levels deep.`);
    throw error;
  }
}

const number = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'more than any number');

export function admitDocument(request: AdmissionRequest): DocumentNode | GraphQLError {
  const document = parsed(request.query);
  if (document instanceof GraphQLError) return document;
  const measure = measureDocument(document, request.variables ?? {}, request.operationName);
  if ('cycle' in measure) {
    return new GraphQLError(`Cannot spread fragment "${measure.cycle}" within itself: fragment "${measure.cycle}" reaches itself through its spreads. Remove the spread that closes the cycle.`);
  }
  if (measure.depth > MAX_QUERY_DEPTH) {
    throw tooMuch(`The GraphQL document nests selections more than ${MAX_QUERY_DEPTH} levels deep; the local catalog accepts at most ${MAX_QUERY_DEPTH}. Flatten the query.`);
  }
  if (measure.sameName > MAX_SAME_NAME_FIELDS) {
    throw tooMuch(`The GraphQL document selects ${measure.sameName} fields under one name in one selection set; the local catalog accepts at most ${MAX_SAME_NAME_FIELDS}. Give each field its own alias, or ask for it once.`);
  }
  if (measure.spreads > MAX_SPREADS_PER_SET) {
    throw tooMuch(`The GraphQL document spreads ${measure.spreads} fragments in one selection set; the local catalog accepts at most ${MAX_SPREADS_PER_SET}. Spread fewer fragments there, or merge them.`);
  }
  if (measure.cost > MAX_QUERY_COST) {
    throw tooMuch(
      `The GraphQL query would cost ${number(measure.cost)}; the local catalog runs at most ${number(MAX_QUERY_COST)} per request. ` +
        `Each field counts 1, times the page sizes (count, limit, the URNs of entities) of the lists it sits in, and each search counts ${number(SEARCH_BASE_COST)} more, across all aliases. ` +
        'Ask for fewer or smaller pages: a lower count or limit, fewer aliased searches in one request, and page through the rest with nextScrollId or start.',
    );
  }
  if (measure.introspection > MAX_INTROSPECTION_COST) {
    throw tooMuch(
      `The GraphQL introspection (__schema, __type) in this query would cost ${number(measure.introspection)}; the local catalog answers at most ${number(MAX_INTROSPECTION_COST)} of introspection per request. ` +
        `Each field counts 1, times the most elements each introspection list it sits in can hold (${introspectionBounds()}), across all aliases; one full introspection query costs about 440,000. ` +
        'Ask for the schema once per request: fewer aliased __schema or __type selections, and less nesting of types, fields and args.',
    );
  }
  return document;
}

const introspectionBounds = () => Object.entries(INTROSPECTION_LISTS).map(([name, bound]) => `${name} ${bound}`).join(', ');
