import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse, validate } from 'graphql';
import { CLIENT_DOCUMENTS } from '../support/clientDocuments';
import { buildDatahubSchema, DATAHUB_GRAPHQL } from '../support/datahubSchema';
import { buildFactsSchema, FACTS_FILE, schemaFacts } from '../support/datahubSchemaFacts';
import { testsNeedingReference } from '../support/reference';

// The same client must work against a real DataHub, so every document it sends validates there:
// on every clone against the committed facts of DataHub's schema (test/fixtures/datahub-graphql-facts.graphql),
// and against DataHub's whole schema when it is beside the repository.
const withSchema = testsNeedingReference('client documents against DataHub’s whole GraphQL schema', [DATAHUB_GRAPHQL]);

for (const [name, document] of CLIENT_DOCUMENTS) {
  test(`the ${name} document validates against DataHub's GraphQL schema (the committed facts)`, () => {
    assert.deepEqual(validate(buildFactsSchema(), parse(document)).map((e) => e.message), []);
  });
  withSchema.test(`the ${name} document validates against DataHub's whole GraphQL schema`, () => {
    assert.deepEqual(validate(buildDatahubSchema(), parse(document)).map((e) => e.message), []);
  });
}

test('the facts refuse what DataHub refuses: a field DataHub does not have', () => {
  const messages = validate(buildFactsSchema(), parse('query { entityExists(urn: "x") madeUp }')).map((e) => e.message);
  assert.deepEqual(messages, ['Cannot query field "madeUp" on type "Query".']);
});

withSchema.test('the committed facts are what DataHub’s schema gives for these documents (regenerate: node --import tsx scripts/datahubSchemaFacts.ts)', () => {
  const derived = schemaFacts(buildDatahubSchema(), CLIENT_DOCUMENTS.map(([, document]) => document));
  assert.equal(readFileSync(FACTS_FILE, 'utf8'), derived);
});
