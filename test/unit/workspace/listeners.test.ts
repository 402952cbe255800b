import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WorkspaceSession } from '../../../core/workspace/session';

describe('WorkspaceSession definition events', () => {
  it('tells every listener, in order, until each is disposed', () => {
    const session = new WorkspaceSession();
    const told: string[] = [];
    const first = session.onDefinitionsChanged(() => told.push('first'));
    session.onDefinitionsChanged(() => told.push('second'));
    const stale = session.onDefinitionsStale(() => told.push('stale'));
    session.setFile('file:///w/properties.yaml', '- id: io.team.tier\n  type: string\n');
    session.definitions();
    assert.deepEqual(told, ['stale', 'first', 'second']);
    first.dispose();
    stale.dispose();
    session.setFile('file:///w/properties.yaml', '- id: io.team.owner\n  type: string\n');
    session.definitions();
    assert.deepEqual(told, ['stale', 'first', 'second', 'second']);
  });
});
