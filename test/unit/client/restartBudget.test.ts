import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RestartBudget } from '../../../client/restartBudget';

describe('RestartBudget: how often a stopped language server is restarted', () => {
  it('restarts up to 4 times within 3 minutes, then gives up', () => {
    const budget = new RestartBudget();
    const answers = [0, 1_000, 2_000, 3_000, 4_000].map((t) => budget.allowRestart(t));
    assert.deepEqual(answers, [true, true, true, true, false]);
    assert.equal(budget.recentCrashes, 5);
  });

  it('forgets crashes older than the window', () => {
    const budget = new RestartBudget(2, 60_000);
    assert.ok(budget.allowRestart(0));
    assert.ok(budget.allowRestart(10_000));
    assert.ok(budget.allowRestart(60_001), 'the crash at 0 is outside the window');
    assert.equal(budget.allowRestart(60_002), false);
  });

  it('starts afresh after reset (the user asked for a restart)', () => {
    const budget = new RestartBudget(1, 60_000);
    budget.allowRestart(0);
    assert.equal(budget.allowRestart(1), false);
    budget.reset();
    assert.ok(budget.allowRestart(2));
  });
});
