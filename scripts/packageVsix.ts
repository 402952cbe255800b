/**
 * `npm run package`: the VSIX to publish, `catalog-code-<version>.vsix` in the repository folder.
 * The production bundles are built in dist/, then vsce runs in a staged copy (see
 * stageExtensionSource) because package.json's npm `files` list and .vscodeignore cannot sit side
 * by side for vsce.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../support/e2e/setup';
import { runVscePackage, stageExtensionSource } from '../support/e2e/extensionPackage';

async function main(): Promise<void> {
  const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  const build = spawnSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('node esbuild.mjs --production failed; see above.');
  const scratch = mkdtempSync(join(tmpdir(), 'catalog-code-vsix-'));
  try {
    const staged = stageExtensionSource(join(scratch, 'extension-source'));
    const vsix = join(repoRoot, `catalog-code-${version}.vsix`);
    await runVscePackage(staged, vsix);
    console.log(`Packaged ${vsix}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
