import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LEGACY_TOKEN_KEY, decideToken, originOf, serviceUrlOf, tokenKeyOf, type ServiceUrl, type TokenFacts } from '../../../client/connection/tokenBinding';
import { TokenBroker, type TokenAnswer, type TokenPorts, type TokenQuestion } from '../../../client/connection/tokenBroker';
import { tokenQuestionText } from '../../../client/connection/tokenQuestion';

const A = 'https://catalog-a.example.com/gms';
const B = 'https://catalog-b.example.com';

describe('originOf', () => {
  test('lower-cases scheme and host, drops default ports, paths, credentials and a trailing dot', () => {
    assert.equal(originOf('HTTPS://Catalog-A.Example.COM:443/gms/'), 'https://catalog-a.example.com');
    assert.equal(originOf('http://localhost:80'), 'http://localhost');
    assert.equal(originOf('http://user:pw@127.0.0.1:8080/x?y#z'), 'http://127.0.0.1:8080');
    assert.equal(originOf('https://example.com.:8443/'), 'https://example.com:8443');
    assert.equal(originOf('https://[::1]:443'), 'https://[::1]');
  });
  test('different ports and schemes are different origins', () => {
    assert.notEqual(originOf('http://127.0.0.1:8080'), originOf('http://127.0.0.1:8081'));
    assert.notEqual(originOf('http://example.com'), originOf('https://example.com'));
  });
  test('anything but http(s) has no origin', () => {
    for (const url of ['', 'not a url', 'file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com']) assert.equal(originOf(url), undefined, url);
  });
  test('each origin has its own SecretStorage key, none of them the old shared one', () => {
    assert.notEqual(tokenKeyOf('https://a'), tokenKeyOf('https://b'));
    assert.notEqual(tokenKeyOf('https://a'), LEGACY_TOKEN_KEY);
  });
});

describe('serviceUrlOf', () => {
  test('a URL in effect that the workspace set comes from the workspace', () => {
    assert.deepEqual(serviceUrlOf({ effective: `${B}/`, globalValue: A, workspaceValue: ` ${B}/ ` }), { url: B, fromWorkspace: true, userUrl: A });
    assert.equal(serviceUrlOf({ effective: B, workspaceFolderValue: B }).fromWorkspace, true);
  });
  test('the user URL in effect (Restricted Mode ignores the workspace value) does not', () => {
    assert.deepEqual(serviceUrlOf({ effective: A, globalValue: A, workspaceValue: B }), { url: A, fromWorkspace: false, userUrl: A });
    assert.deepEqual(serviceUrlOf({ effective: '' }), { url: '', fromWorkspace: false, userUrl: undefined });
  });
});

const facts = (over: Partial<TokenFacts> & { service: ServiceUrl }): TokenFacts => ({
  trusted: true,
  hasToken: true,
  hasLegacyToken: false,
  approved: false,
  declined: false,
  ...over,
});
const fromUser: ServiceUrl = { url: A, fromWorkspace: false, userUrl: A };
const workspaceB: ServiceUrl = { url: B, fromWorkspace: true, userUrl: A };

describe('decideToken', () => {
  test('the user URL with its token: send', () => {
    assert.deepEqual(decideToken(facts({ service: fromUser })), { kind: 'send', origin: 'https://catalog-a.example.com' });
  });
  test('an untrusted workspace never sends a token', () => {
    assert.deepEqual(decideToken(facts({ service: fromUser, trusted: false })), { kind: 'withhold', because: 'untrusted' });
    assert.deepEqual(decideToken(facts({ service: workspaceB, trusted: false, approved: true })), { kind: 'withhold', because: 'untrusted' });
  });
  test('the attack: the workspace points at B, which has no token: nothing to send, nothing to ask', () => {
    assert.deepEqual(decideToken(facts({ service: workspaceB, hasToken: false })), { kind: 'withhold', because: 'notSignedIn' });
  });
  test("a workspace URL whose origin has a token but is not the user's: ask, naming both origins", () => {
    assert.deepEqual(decideToken(facts({ service: workspaceB })), { kind: 'ask', origin: 'https://catalog-b.example.com', userOrigin: 'https://catalog-a.example.com', legacy: false });
    assert.deepEqual(decideToken(facts({ service: workspaceB, approved: true })), { kind: 'send', origin: 'https://catalog-b.example.com' });
    assert.deepEqual(decideToken(facts({ service: workspaceB, declined: true })), { kind: 'withhold', because: 'declined' });
  });
  test('a workspace URL on the same origin as the user URL needs no question', () => {
    assert.equal(decideToken(facts({ service: { url: `${A}/v2`, fromWorkspace: true, userUrl: A } })).kind, 'send');
  });
  test('the old unbound token is offered to a workspace URL only by asking', () => {
    const service: ServiceUrl = { url: B, fromWorkspace: true, userUrl: undefined };
    assert.deepEqual(decideToken(facts({ service, hasToken: false, hasLegacyToken: true })), { kind: 'ask', origin: 'https://catalog-b.example.com', userOrigin: undefined, legacy: true });
    assert.deepEqual(decideToken(facts({ service, hasToken: false, hasLegacyToken: true, approved: true })).kind, 'ask');
    assert.deepEqual(decideToken(facts({ service, hasToken: false, hasLegacyToken: true, declined: true })), { kind: 'withhold', because: 'declined' });
  });
  test('a URL that is not http(s) gets no token', () => {
    assert.deepEqual(decideToken(facts({ service: { url: 'file:///x', fromWorkspace: false, userUrl: 'file:///x' } })), { kind: 'withhold', because: 'notSignedIn' });
  });
});

/** In-memory SecretStorage and workspaceState; `answers` are given to questions in order. */
function ports(secrets: Record<string, string>, answers: TokenAnswer[] = [], trusted = true) {
  const questions: TokenQuestion[] = [];
  const memory = new Map<string, readonly string[]>();
  const p: TokenPorts = {
    secrets: {
      get: async (key) => secrets[key],
      store: async (key, value) => void (secrets[key] = value),
      delete: async (key) => void delete secrets[key],
    },
    memory: { get: (key) => memory.get(key), update: async (key, value) => void memory.set(key, value) },
    isTrusted: () => trusted,
    ask: async (question) => {
      questions.push(question);
      return answers.shift() ?? 'no';
    },
    log: () => undefined,
  };
  return { p, questions, memory, secrets };
}

const KEY_A = tokenKeyOf('https://catalog-a.example.com');
const KEY_B = tokenKeyOf('https://catalog-b.example.com');

describe('TokenBroker', () => {
  test('the old token moves to the origin of the user URL, without a question', async () => {
    const { p, questions, secrets } = ports({ [LEGACY_TOKEN_KEY]: 'old' });
    const outcome = await new TokenBroker(p).tokenFor(workspaceB);
    assert.deepEqual(outcome, { token: null, withheld: 'notSignedIn' });
    assert.deepEqual(secrets, { [KEY_A]: 'old' });
    assert.equal(questions.length, 0);
    assert.deepEqual(await new TokenBroker(p).tokenFor(fromUser), { token: 'old', origin: 'https://catalog-a.example.com' });
  });
  test('the old token never overwrites a token the origin already has', async () => {
    const { p, secrets } = ports({ [LEGACY_TOKEN_KEY]: 'old', [KEY_A]: 'new' });
    await new TokenBroker(p).tokenFor(fromUser);
    assert.deepEqual(secrets, { [KEY_A]: 'new' });
  });
  test('with only a workspace URL, the old token is sent after a yes (and bound), never after a no', async () => {
    const service: ServiceUrl = { url: B, fromWorkspace: true, userUrl: undefined };
    const declined = ports({ [LEGACY_TOKEN_KEY]: 'old' }, ['no']);
    const broker = new TokenBroker(declined.p);
    assert.deepEqual(await broker.tokenFor(service), { token: null, withheld: 'declined' });
    assert.deepEqual(await broker.tokenFor(service), { token: null, withheld: 'declined' }, 'a no holds for the session');
    assert.equal(declined.questions.length, 1);
    assert.deepEqual(declined.secrets, { [LEGACY_TOKEN_KEY]: 'old' });

    const accepted = ports({ [LEGACY_TOKEN_KEY]: 'old' }, ['once']);
    assert.deepEqual(await new TokenBroker(accepted.p).tokenFor(service), { token: 'old', origin: 'https://catalog-b.example.com' });
    assert.deepEqual(accepted.secrets, { [KEY_B]: 'old' });
  });
  test('"always" is remembered for the workspace; "once" only for the session', async () => {
    const once = ports({ [KEY_B]: 'b' }, ['once']);
    assert.equal((await new TokenBroker(once.p).tokenFor(workspaceB)).token, 'b');
    assert.equal(once.memory.size, 0);
    assert.equal((await new TokenBroker(once.p).tokenFor(workspaceB)).token, null, 'a new session asks again (and the port says no)');

    const always = ports({ [KEY_B]: 'b' }, ['always']);
    assert.equal((await new TokenBroker(always.p).tokenFor(workspaceB)).token, 'b');
    assert.equal((await new TokenBroker(always.p).tokenFor(workspaceB)).token, 'b');
    assert.equal(always.questions.length, 1);
  });
  test('reconnects that arrive while the question is open share it', async () => {
    let answer: (a: TokenAnswer) => void = () => undefined;
    const { p } = ports({ [KEY_B]: 'b' });
    let asked = 0;
    p.ask = () => {
      asked++;
      return new Promise((resolve) => (answer = resolve));
    };
    const broker = new TokenBroker(p);
    const first = broker.tokenFor(workspaceB);
    const second = broker.tokenFor(workspaceB);
    while (asked === 0) await new Promise((r) => setImmediate(r));
    answer('no');
    assert.deepEqual(await Promise.all([first, second]), [{ token: null, withheld: 'declined' }, { token: null, withheld: 'declined' }]);
    assert.equal(asked, 1);
  });
  test('signing in stores the token for the current origin only and approves it for the session; signing out deletes it', async () => {
    const { p, secrets, questions } = ports({ [KEY_A]: 'a' });
    const broker = new TokenBroker(p);
    assert.equal(await broker.signIn(workspaceB, 'b'), 'https://catalog-b.example.com');
    assert.deepEqual(secrets, { [KEY_A]: 'a', [KEY_B]: 'b' });
    assert.equal((await broker.tokenFor(workspaceB)).token, 'b');
    assert.equal(questions.length, 0);
    await broker.signOut('https://catalog-b.example.com');
    assert.deepEqual(secrets, { [KEY_A]: 'a' });
  });
  test('an untrusted workspace gets no token, even for the user URL', async () => {
    const { p } = ports({ [KEY_A]: 'a' }, [], false);
    assert.deepEqual(await new TokenBroker(p).tokenFor(fromUser), { token: null, withheld: 'untrusted' });
  });
});

test('the question names the origin the workspace chose and the user own one', () => {
  const { message, detail } = tokenQuestionText({ origin: 'http://127.0.0.1:9', userOrigin: 'https://a.example', legacy: false });
  assert.match(message, /http:\/\/127\.0\.0\.1:9/);
  assert.match(detail, /\.vscode\/settings\.json.*http:\/\/127\.0\.0\.1:9.*https:\/\/a\.example/);
});

test('Restricted Mode: the extension runs limited, and every URL setting from workspace settings is restricted (issue 33)', () => {
  const manifest = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
    capabilities?: { untrustedWorkspaces?: { supported?: unknown; restrictedConfigurations?: unknown } };
    contributes: { configuration: { properties: Record<string, unknown> } };
  };
  assert.equal(manifest.capabilities?.untrustedWorkspaces?.supported, 'limited');
  const urlSettings = Object.keys(manifest.contributes.configuration.properties).filter((key) => /url$/i.test(key));
  assert.deepEqual(urlSettings.sort(), ['catalogCode.service.uiUrl', 'catalogCode.service.url']);
  assert.deepEqual(manifest.capabilities?.untrustedWorkspaces?.restrictedConfigurations, ['catalogCode.service.url', 'catalogCode.service.uiUrl']);
});
