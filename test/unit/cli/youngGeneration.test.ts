import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { youngGenerationIsTheDefault } from '../../../cli/youngGeneration';

describe('the young-generation cap of catalog-code validate', () => {
  it('applies when neither node arguments nor NODE_OPTIONS size the young generation', () => {
    assert.equal(youngGenerationIsTheDefault([], undefined), true);
    assert.equal(youngGenerationIsTheDefault(['--enable-source-maps', '--require', 'x.js'], '--max-old-space-size=4096'), true);
  });

  it('leaves a size the user chose alone, in either spelling and either place', () => {
    assert.equal(youngGenerationIsTheDefault(['--max-semi-space-size=16'], undefined), false);
    assert.equal(youngGenerationIsTheDefault(['--min_semi_space_size=4'], undefined), false);
    assert.equal(youngGenerationIsTheDefault([], '--inspect --semi-space-growth-factor=2'), false);
    assert.equal(youngGenerationIsTheDefault([], '  --max-semi-space-size=64 '), false);
  });
});
