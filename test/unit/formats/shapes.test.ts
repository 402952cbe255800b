import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats/index';
import { ENUMS, KNOWN_KEYS, REQUIRED_KEYS, SHAPE_LABELS, SHAPE_NAMES } from '../../../core/formats/shapes';
import { example, EXAMPLES, facts, fixture, FIXTURES, testsOnExamples } from './support';

const onExamples = testsOnExamples('shapes of DataHub’s example files');

describe('shapes.ts covers everything the adapters emit', () => {
  onExamples.it('every shape and enum name emitted for the examples and fixtures is described', () => {
    const files = [
      ...readdirSync(EXAMPLES).map((name) => example(name)),
      ...readdirSync(FIXTURES).map((name) => fixture(name)),
    ];
    const seenShapes = new Set<string>();
    for (const { uri, text } of files) {
      const model = readDocument(uri, text);
      for (const shape of facts(model, 'objectShape')) {
        seenShapes.add(shape.shape);
        assert.ok(shape.shape in KNOWN_KEYS, `KNOWN_KEYS lacks ${shape.shape}`);
      }
      for (const value of facts(model, 'enumValue')) assert.ok(value.enumName in ENUMS, `ENUMS lacks ${value.enumName}`);
      for (const missing of facts(model, 'missingKey')) assert.ok(KNOWN_KEYS[missing.shape as keyof typeof KNOWN_KEYS]?.includes(missing.key));
    }
    assert.ok(seenShapes.size >= 20, `only ${seenShapes.size} shapes exercised`);
  });

  it('required keys are known keys, and every shape has a label', () => {
    for (const shape of SHAPE_NAMES) {
      for (const key of REQUIRED_KEYS[shape]) assert.ok(KNOWN_KEYS[shape].includes(key), `${shape}.${key}`);
      assert.ok(SHAPE_LABELS[shape]);
    }
  });

  it('the enums hold the DataHub values', () => {
    assert.deepEqual(ENUMS.propertyType, ['string', 'rich_text', 'number', 'date', 'urn']);
    assert.deepEqual(ENUMS.cardinality, ['SINGLE', 'MULTIPLE']);
    assert.ok(ENUMS.fabricType.includes('PROD') && ENUMS.fabricType.includes('DEV'));
    assert.ok(ENUMS.entityType.includes('dataFlow') && !ENUMS.entityType.includes('dataflow'));
  });
});
