/**
 * `npm run package`: the VSIX to publish, `catalog-code-<version>.vsix` in the repository folder,
 * by `vsce package` in the repository as it is (its `vscode:prepublish` makes the production
 * build; .vscodeignore decides what goes in). The same as `npx @vscode/vsce package`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../support/e2e/setup';

const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
const vsix = join(repoRoot, `catalog-code-${version}.vsix`);
const vsce = join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce');
const packaged = spawnSync(process.execPath, [vsce, 'package', '--out', vsix], { cwd: repoRoot, stdio: 'inherit' });
if (packaged.status !== 0) {
  console.error(`vsce package failed (exit code ${packaged.status ?? 'unknown'}); see above.`);
  process.exitCode = 1;
} else console.log(`Packaged ${vsix}`);
