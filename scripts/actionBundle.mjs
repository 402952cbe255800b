// The GitHub Action's bundle (action.yml: `runs.using: node24`, `main: action/review.js`), kept in
// the repository so that a workflow using the Action runs it as it is: no `npm ci`, no build, no
// Node.js set up on the caller's PATH. `node scripts/actionBundle.mjs` writes it; a test
// (test/package/actionBundle.test.ts) builds it again in memory and fails when the committed file
// differs, so a change to the Action's sources must come with the rebuilt bundle.
import * as esbuild from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ACTION_BUNDLE = 'action/review.js';

/** One build, the same bytes for the same sources, esbuild version and package version. */
export async function buildActionBundle() {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['scripts/reviewAction.ts'],
    bundle: true,
    write: false,
    outfile: ACTION_BUNDLE,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    mainFields: ['module', 'main'],
    // The Action's docs links name this version (scripts/reviewAction.ts).
    define: { CATALOG_CODE_VERSION: JSON.stringify(version) },
    minify: true,
    sourcemap: false,
    legalComments: 'eof',
    banner: { js: `// Catalog Code ${version}: the GitHub Action's bundle, built by scripts/actionBundle.mjs from scripts/reviewAction.ts. Do not edit; rebuild.` },
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await buildActionBundle();
  writeFileSync(join(root, ACTION_BUNDLE), text);
  console.log(`${ACTION_BUNDLE}: ${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB`);
}
