// A cache of the native modules the first start compiled, beside the installs
// (`<cache>/native-builds/<module>@<version>-node<major>[-<variant>]/`): an install of another
// code-server version, or one started again after an interruption, copies a module whose version
// it has already built for that Node rather than compiling it again.
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const RELEASE = join('build', 'Release');

/** The cache key of one module as installed in `moduleDir`, built for `nodeVersion` (`v24.1.0`). */
export function buildKey(moduleDir: string, name: string, nodeVersion: string, variant = ''): string {
  const { version } = JSON.parse(readFileSync(join(moduleDir, 'package.json'), 'utf8')) as { version: string };
  const major = /^v?(\d+)/.exec(nodeVersion)?.[1] ?? nodeVersion;
  return `${name.replace('/', '+')}@${version}-node${major}${variant ? `-${variant}` : ''}`;
}

const builtFiles = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.node')) : []);

/** Copies the cached `.node` files into `moduleDir/build/Release`; false when this build is not cached. */
export function restoreBuild(cacheRoot: string, key: string, moduleDir: string): boolean {
  const cached = join(cacheRoot, key);
  const files = builtFiles(cached);
  if (files.length === 0) return false;
  mkdirSync(join(moduleDir, RELEASE), { recursive: true });
  for (const name of files) copyFileSync(join(cached, name), join(moduleDir, RELEASE, name));
  return true;
}

/**
 * Keeps the `.node` files of `moduleDir/build/Release`. They are copied into a folder of their own
 * and renamed into place, so a copy cut short is never taken for a build.
 */
export function saveBuild(cacheRoot: string, key: string, moduleDir: string): void {
  const files = builtFiles(join(moduleDir, RELEASE));
  if (files.length === 0) return;
  const target = join(cacheRoot, key);
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  for (const name of files) copyFileSync(join(moduleDir, RELEASE, name), join(partial, name));
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
}
