import assert from 'node:assert/strict';
import { parse, validate } from 'graphql';
import { SCROLL_PROPERTY_USERS } from '../../core/api/propertyUsers';
import { buildDatahubSchema, DATAHUB_GRAPHQL } from '../support/datahubSchema';
import { testsNeedingReference } from '../support/reference';

// The impact and pull searches must work against a real DataHub too.
const withSchema = testsNeedingReference('impact documents against DataHub’s GraphQL schema', [DATAHUB_GRAPHQL]);

withSchema.test("the property-users search document validates against DataHub's GraphQL schema", () => {
  assert.deepEqual(validate(buildDatahubSchema(), parse(SCROLL_PROPERTY_USERS)).map((e) => e.message), []);
});
