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
  assert.deepEqual(contextEvents, ['catalogCode.connected']);
  // The context key is one the extension really sets from its connection state.
  const setter = readFileSync(join(root, 'client', 'lineage', 'lineageView.ts'), 'utf8');
  assert.match(setter, /setContext', 'catalogCode\.connected', connected\)/);
});
