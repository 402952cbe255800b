import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, validate } from 'graphql';
import { SCROLL_PROPERTY_USERS } from '../../core/api/propertyUsers';
import { buildDatahubSchema, DATAHUB_GRAPHQL } from '../support/datahubSchema';
import { missingReference } from '../support/reference';

// The impact and pull searches must work against a real DataHub too.
test("the property-users search document validates against DataHub's GraphQL schema", (t) => {
  const missing = missingReference(DATAHUB_GRAPHQL);
  if (missing) return t.skip(missing);
  const schema = buildDatahubSchema();
  assert.deepEqual(validate(schema, parse(SCROLL_PROPERTY_USERS)).map((e) => e.message), []);
});
