import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { capMeasuredOn, youngGenerationIsTheDefault } from '../../../cli/youngGeneration';

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

describe('the V8 versions the cap applies to', () => {
  it('is the one it is measured on (Node 20, V8 11), and no other', () => {
    assert.equal(capMeasuredOn('11.3.244.8-node.38'), true);
    assert.equal(capMeasuredOn('12.4.254.21-node.33'), false);
    assert.equal(capMeasuredOn('13.6.233.10-node.18'), false);
  });
});
