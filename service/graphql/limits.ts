/**
 * The work one GraphQL request may cause is bounded before it is validated or run: a huge
 * document (a 1M-token query took 3.8 s of CPU and kept 726 MB), selections nested hundreds deep
 * (a stack overflow, answered 500), or a cheap document that asks for a great deal (400 aliased
 * `scrollAcrossLineage(count: 10000)` in 57 KB: 19–39 s, 1.3 GB, a 127 MB answer) are refused with
 * a 400 that says which limit was hit. Depth and cost are measured in linear time
 * (documentMeasure.ts). The limits sit far above what Catalog Code, DataHub's CLI or its web app
 * send (their deepest queries, introspection included, nest about 15 levels; Catalog Code's
 * dearest document costs a few tens of thousands).
 *
 * While a request runs, a second line holds: the answer may list at most MAX_ANSWER_ITEMS items
 * (every list element counts) and be at most MAX_ANSWER_CHARS long once written out.
 */

export const MAX_QUERY_CHARS = 200_000;
export const MAX_QUERY_TOKENS = 50_000;
export const MAX_QUERY_DEPTH = 50;
/** One search page of 10,000 hits with their paths costs 130,000 to 190,000 (depending on the fields selected). */
export const MAX_QUERY_COST = 250_000;
/**
 * Introspection (`__schema`, `__type`) is measured the same way, each introspection list counted as
 * often as it can hold elements in the local schema (fieldCost.ts INTROSPECTION_LISTS), against a
 * budget of its own: one full introspection query (GraphiQL's, DataHub's clients') costs about
 * 440,000, so two fit, and 2,000 aliased `__schema { types { fields { args … } } }` (41 KB, which
 * built a 108 MB answer in 13 s; 6,000 grew the service to about 2 GB) are refused before they run.
 */
export const MAX_INTROSPECTION_COST = 1_000_000;
/** In one selection set: fields under one response name, and fragments spread (GraphQL compares them pairwise). */
export const MAX_SAME_NAME_FIELDS = 100;
export const MAX_SPREADS_PER_SET = 100;
export const MAX_ANSWER_ITEMS = 250_000;
export const MAX_ANSWER_CHARS = 64 * 1024 * 1024;
