import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { parse, validate } from 'graphql';
import { SCROLL_PROPERTY_USERS } from '../../core/api/propertyUsers';
import { buildDatahubSchema, REFERENCE_DIR } from '../support/datahubSchema';

// The impact and pull searches must work against a real DataHub too.
test("the property-users search document validates against DataHub's GraphQL schema", (t) => {
  if (!existsSync(REFERENCE_DIR)) return t.skip(`DataHub's GraphQL schema is not beside the repository (${REFERENCE_DIR}); CI has it`);
  const schema = buildDatahubSchema();
  assert.deepEqual(validate(schema, parse(SCROLL_PROPERTY_USERS)).map((e) => e.message), []);
});
