import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const root = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { walkthroughs: { steps: { id: string; completionEvents?: string[] }[] }[] };
};

test('the walkthrough ticks "Connect" for a user who is already connected, not only after running a command', () => {
  const connect = manifest.contributes.walkthroughs[0].steps.find((step) => step.id === 'connect');
  assert.ok(connect, 'the walkthrough has a connect step');
  const contextEvents = (connect.completionEvents ?? []).filter((event) => event.startsWith('onContext:')).map((event) => event.slice('onContext:'.length));
  // Also once the walkthrough page is active: VS Code's walkthrough service, created only when the page
  // first opens (the demo starts with no page), never ticks a context that was already true then.
  assert.deepEqual(contextEvents, ['catalogCode.connected', "catalogCode.connected && activeEditor == 'gettingStartedPage'"]);
  // The context key is one the extension really sets from its connection state.
  const setter = readFileSync(join(root, 'client', 'lineage', 'lineageView.ts'), 'utf8');
  assert.match(setter, /setContext', 'catalogCode\.connected', connected\)/);
});

test('the push and lineage steps tick from keys the extension sets once it happened, read when the walkthrough page is active', () => {
  const steps = manifest.contributes.walkthroughs[0].steps;
  const events = (id: string) => steps.find((step) => step.id === id)?.completionEvents ?? [];
  assert.ok(events('push').includes("onContext:catalogCode.walkthrough.pushed && activeEditor == 'gettingStartedPage'"));
  assert.ok(events('lineage').includes("onContext:catalogCode.walkthrough.lineageShown && activeEditor == 'gettingStartedPage'"));
  assert.match(readFileSync(join(root, 'client', 'push', 'pushCommands.ts'), 'utf8'), /setContext', 'catalogCode\.walkthrough\.pushed', true\)/);
  assert.match(readFileSync(join(root, 'client', 'lineage', 'lineageView.ts'), 'utf8'), /setContext', 'catalogCode\.walkthrough\.lineageShown', true\)/);
});
