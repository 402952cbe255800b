import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { terminalVariablesFor } from '../../../client/connection/terminalVariables';
import type { ConnectionState } from '../../../client/connection/connectionState';

const local: ConnectionState = { status: 'connected', target: { kind: 'local', url: 'http://127.0.0.1:40001', dataDir: '/ws/.catalog' }, signedIn: true };
const remote: ConnectionState = { status: 'connected', target: { kind: 'remote', url: 'https://datahub.example.com' }, signedIn: true };
const user = { fromWorkspace: false, tokenSent: true };

describe('the integrated terminals reach the catalog the editor uses, never with its token', () => {
  it('local catalog: its URL and its token file, described', () => {
    const found = terminalVariablesFor(local, user);
    assert.deepEqual(found?.variables, { CATALOG_SERVICE_URL: 'http://127.0.0.1:40001', CATALOG_TOKEN_FILE: '/ws/.catalog/connection.json' });
    assert.match(found?.description ?? '', /the local catalog at http:\/\/127\.0\.0\.1:40001.*\/ws\/\.catalog\/connection\.json, never put in the environment/);
  });

  it('a DataHub from the user settings: its URL only; the CLI brings its own CATALOG_TOKEN', () => {
    const found = terminalVariablesFor(remote, { fromWorkspace: false, tokenSent: false });
    assert.deepEqual(found?.variables, { CATALOG_SERVICE_URL: 'https://datahub.example.com' });
    assert.match(found?.description ?? '', /set CATALOG_TOKEN/);
  });

  it('a DataHub only the workspace chose: nothing until the user says yes to it', () => {
    assert.equal(terminalVariablesFor(remote, { fromWorkspace: true, tokenSent: false }), undefined);
    assert.ok(terminalVariablesFor(remote, { fromWorkspace: true, tokenSent: true }));
  });

  it('nothing while not connected; a failed request keeps the target', () => {
    for (const state of [{ status: 'idle' }, { status: 'stopped' }, { status: 'startingLocal', dataDir: '/ws/.catalog' }, { status: 'failed', reason: 'startFailed', detail: 'x' }] as ConnectionState[]) {
      assert.equal(terminalVariablesFor(state, user), undefined, JSON.stringify(state));
    }
    const failed: ConnectionState = { status: 'failed', target: local.status === 'connected' ? local.target : undefined, reason: 'timeout', detail: 'slow' };
    assert.equal(terminalVariablesFor(failed, user)?.variables.CATALOG_SERVICE_URL, 'http://127.0.0.1:40001');
  });

  it('no value is ever a token', () => {
    for (const found of [terminalVariablesFor(local, user), terminalVariablesFor(remote, user)]) {
      assert.ok(found && !Object.keys(found.variables).includes('CATALOG_TOKEN'));
    }
  });
});
