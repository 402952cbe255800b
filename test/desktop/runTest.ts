// `npm run test:desktop`: the extension-host checks in test/desktop/suite/ under a desktop VS Code
// that @vscode/test-electron downloads (needs internet access to update.code.visualstudio.com; on
// Linux without a display run it under `xvfb-run -a`). Not part of `npm test` or CI: the CI
// machine cannot download VS Code, and test/e2e covers the same ground in code-server there.
// VSCODE_VERSION picks the VS Code build (default: stable).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { runTests } from '@vscode/test-electron';
import { prepareWorkspace } from '../../scripts/demo/workspace';

const repoRoot = resolve(__dirname, '..', '..');
const outDir = join(repoRoot, '.vscode-test', 'desktop');
const setupLog = join(outDir, 'setup.log');

/** The suite runs in VS Code's own Node, which loads JavaScript only: bundle it, `vscode` left external. */
async function bundleSuite(): Promise<string> {
  const outfile = join(outDir, 'suite', 'index.js');
  await build({ entryPoints: [join(__dirname, 'suite', 'index.ts')], outfile, bundle: true, platform: 'node', target: 'node20', format: 'cjs', external: ['vscode'], sourcemap: true, logLevel: 'warning' });
  return outfile;
}

async function main(): Promise<number> {
  mkdirSync(outDir, { recursive: true });
  const extensionBuild = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: repoRoot, encoding: 'utf8' });
  if (extensionBuild.status !== 0) {
    console.error(`Building the extension (node esbuild.mjs) failed:\n${extensionBuild.stdout}${extensionBuild.stderr}`);
    return extensionBuild.status ?? 1;
  }
  const extensionTestsPath = await bundleSuite();

  const root = mkdtempSync(join(tmpdir(), 'catalog-code-desktop-'));
  try {
    const workspace = join(root, 'workspace');
    // The e2e fixture workspace, its local catalog loaded with the sample catalog (the allowed values come from there).
    await prepareWorkspace(workspace, setupLog);
    const userData = join(root, 'user-data');
    mkdirSync(join(userData, 'User'), { recursive: true });
    writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify({ 'security.workspace.trust.enabled': false, 'workbench.startupEditor': 'none', 'update.mode': 'none', 'telemetry.telemetryLevel': 'off' }, null, 2));
    return await runTests({
      version: process.env.VSCODE_VERSION || 'stable',
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath,
      launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes', `--user-data-dir=${userData}`],
    });
  } finally {
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`The desktop VS Code checks did not pass: ${message}`);
    if (/download|ENOTFOUND|ECONNREFUSED|ETIMEDOUT|getaddrinfo|fetch/i.test(message)) {
      console.error('Downloading VS Code needs internet access to update.code.visualstudio.com. On a machine without it, run the same checks in code-server with `npm run test:e2e`.');
    }
    process.exit(1);
  },
);
