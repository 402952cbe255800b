// The GitHub Action runs action/review.js as committed (action.yml, node24): a change to the
// Action's sources (scripts/reviewAction.ts, what it imports from cli/ and core/, the package's
// version) that is not followed by `node scripts/actionBundle.mjs` would ship the old behaviour.
// This builds the bundle again, in memory, and compares.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const root = join(__dirname, '..', '..');

test('the committed Action bundle is what its sources build today', async () => {
  const { buildActionBundle, ACTION_BUNDLE } = await import('../../scripts/actionBundle.mjs');
  const built = await buildActionBundle();
  const committed = readFileSync(join(root, ACTION_BUNDLE), 'utf8');
  assert.ok(
    built === committed,
    `${ACTION_BUNDLE} is stale: its sources build ${built.length} characters, the committed file has ${committed.length}. Run \`node scripts/actionBundle.mjs\` and commit ${ACTION_BUNDLE}.`,
  );
  // Built twice, the same bytes: the check compares sources, not the moment of the build.
  assert.equal(await buildActionBundle(), built);
});
