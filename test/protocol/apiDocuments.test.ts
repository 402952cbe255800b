import assert from 'node:assert/strict';
import { parse, validate } from 'graphql';
import { AUTO_COMPLETE } from '../../core/api/autoComplete';
import { SEARCH_DEFINITIONS } from '../../core/api/definitions';
import { existenceDocument } from '../../core/api/entities';
import { buildDatahubSchema, DATAHUB_GRAPHQL } from '../support/datahubSchema';
import { testsNeedingReference } from '../support/reference';

// The same client must work against a real DataHub, so every document it sends validates there.
const withSchema = testsNeedingReference('client documents against DataHub’s GraphQL schema', [DATAHUB_GRAPHQL]);

for (const [name, document] of [
  ['definitions search', SEARCH_DEFINITIONS],
  ['autoComplete', AUTO_COMPLETE],
  ['entity existence (3 URNs)', existenceDocument(3)],
] as const) {
  withSchema.test(`the ${name} document validates against DataHub's GraphQL schema`, () => {
    assert.deepEqual(validate(buildDatahubSchema(), parse(document)).map((e) => e.message), []);
  });
}
