import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { capAppliesOn, youngGenerationIsTheDefault } from '../../../cli/youngGeneration';
import { inliningIsTheDefault, interruptBudgetIsTheDefault } from '../../../cli/optimizerMemory';

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
  it('is Node 20 to 24 (V8 11 to 13), and no later V8 until measured there', () => {
    assert.equal(capAppliesOn('11.3.244.8-node.38'), true);
    assert.equal(capAppliesOn('12.4.254.21-node.33'), true);
    assert.equal(capAppliesOn('13.6.233.17-node.53'), true);
    assert.equal(capAppliesOn('14.0.1'), false);
    assert.equal(capAppliesOn('10.2.154.26-node.26'), false);
  });
});

describe('TurboFan inlining off for catalog-code validate (cli/optimizerMemory.ts)', () => {
  it('applies unless node arguments or NODE_OPTIONS choose inlining themselves', () => {
    assert.equal(inliningIsTheDefault([], undefined), true);
    assert.equal(inliningIsTheDefault(['--max-old-space-size=4096'], '--inspect'), true);
    assert.equal(inliningIsTheDefault(['--turbo-inlining'], undefined), false);
    assert.equal(inliningIsTheDefault([], '--no_turbo_inlining'), false);
    assert.equal(inliningIsTheDefault(['--no-turbo-inlining'], undefined), false);
  });
});

describe('a larger interrupt budget for catalog-code validate (cli/optimizerMemory.ts)', () => {
  it('applies unless node arguments or NODE_OPTIONS set the interrupt budget themselves', () => {
    assert.equal(interruptBudgetIsTheDefault([], undefined), true);
    assert.equal(interruptBudgetIsTheDefault(['--interrupt-budget-for-feedback-allocation=940'], '--inspect'), true);
    assert.equal(interruptBudgetIsTheDefault(['--interrupt-budget=1000'], undefined), false);
    assert.equal(interruptBudgetIsTheDefault([], ' --interrupt_budget=5000'), false);
  });
});
