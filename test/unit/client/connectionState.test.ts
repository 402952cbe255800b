import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  describeConnection,
  isInsecureRemote,
  nextConnectionState,
  type ConnectionEvent,
  type ConnectionState,
} from '../../../client/connection/connectionState';

const run = (events: ConnectionEvent[], start: ConnectionState = { status: 'idle' }): ConnectionState =>
  events.reduce(nextConnectionState, start);

test('an empty URL setting leads through starting to a connected local catalog', () => {
  const state = run([{ type: 'localStarting', dataDir: '/w/.catalog' }, { type: 'localStarted', url: 'http://127.0.0.1:5000', dataDir: '/w/.catalog' }]);
  assert.deepEqual(state, { status: 'connected', target: { kind: 'local', url: 'http://127.0.0.1:5000', dataDir: '/w/.catalog' }, signedIn: true });
  assert.equal(describeConnection(state), 'Connected to local catalog at http://127.0.0.1:5000');
});

test('a failed start says so and points at the log', () => {
  const state = run([{ type: 'localStarting', dataDir: 'd' }, { type: 'localStartFailed', detail: 'port in use' }]);
  assert.equal(state.status, 'failed');
  assert.match(describeConnection(state), /did not start: port in use\. Open the log/);
});

test('a 401 keeps the target, asks to sign in again, and signing in recovers', () => {
  let state = run([{ type: 'remoteConfigured', url: 'https://datahub.example.com/gms', signedIn: true }, { type: 'requestFailed', reason: 'unauthorized', detail: '' }]);
  assert.match(describeConnection(state), /refused the token \(401\)\. Run "Catalog Code: Sign In" again/);
  state = nextConnectionState(state, { type: 'signedIn' });
  assert.equal(state.status, 'connected');
});

test('a 401 while not signed in asks to sign in, and does not say a token was refused', () => {
  const state = run([{ type: 'remoteConfigured', url: 'https://datahub.example.com/gms', signedIn: false }, { type: 'requestFailed', reason: 'unauthorized', detail: '' }]);
  assert.match(describeConnection(state), /needs a token and you are not signed in \(401\)\. Run "Catalog Code: Sign In"\./);
  assert.doesNotMatch(describeConnection(state), /refused the token/);
});

test('a success after a failure reconnects to the same target', () => {
  const state = run([
    { type: 'remoteConfigured', url: 'https://x', signedIn: true },
    { type: 'requestFailed', reason: 'timeout', detail: '' },
    { type: 'requestSucceeded' },
  ]);
  assert.deepEqual(state, { status: 'connected', target: { kind: 'remote', url: 'https://x' }, signedIn: true });
});

test('signing out of a remote service keeps the connection but marks it', () => {
  const state = run([{ type: 'remoteConfigured', url: 'https://x', signedIn: true }, { type: 'signedOut' }]);
  assert.match(describeConnection(state), /not signed in/);
});

test('a token held back says why, also after a failure and recovery', () => {
  for (const [withheld, words] of [
    ['untrusted', /without a token: this workspace is not trusted \(Restricted Mode\)\. Trust the workspace/],
    ['declined', /without a token: you chose not to send your token to this address, which this workspace's settings chose\. Run "Catalog Code: Sign In"/],
  ] as const) {
    const connected = run([{ type: 'remoteConfigured', url: 'http://127.0.0.1:9', signedIn: false, withheld }]);
    assert.match(describeConnection(connected), words);
    const recovered = run([{ type: 'requestFailed', reason: 'timeout', detail: '' }, { type: 'requestSucceeded' }], connected);
    assert.deepEqual(recovered, connected);
  }
});

test('while the token question is open, the status says what it waits for', () => {
  const state = run([{ type: 'remoteConfigured', url: 'https://a', signedIn: true }, { type: 'askingForToken', url: 'http://127.0.0.1:9' }]);
  assert.equal(describeConnection(state), 'Waiting for your answer: send your token to http://127.0.0.1:9?');
});

test('stopping the local catalog does not disturb a remote connection', () => {
  const remote = run([{ type: 'remoteConfigured', url: 'https://x', signedIn: true }]);
  assert.equal(nextConnectionState(remote, { type: 'localStopped' }), remote);
  assert.deepEqual(run([{ type: 'localStarted', url: 'http://127.0.0.1:1', dataDir: 'd' }, { type: 'localStopped' }]), { status: 'stopped' });
});

test('plain http to another host is insecure; loopback and https are not', () => {
  assert.equal(isInsecureRemote('http://datahub.internal:8080'), true);
  assert.equal(isInsecureRemote('http://localhost:8080'), false);
  assert.equal(isInsecureRemote('http://127.0.0.1:8080'), false);
  assert.equal(isInsecureRemote('http://[::1]:8080'), false);
  assert.equal(isInsecureRemote('https://datahub.example.com'), false);
  assert.equal(isInsecureRemote('not a url'), false);
});
