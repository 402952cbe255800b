// Which of code-server's native modules the first start builds, and how (issue 37: the fastest path
// this machine allows). code-server's own postinstall builds every VS Code module that has a build
// step, Windows-only ones and Kerberos included; we install VS Code's dependencies without their
// scripts and then build only the modules code-server uses on Linux, one after another (each step
// printed), each compiler run on every core, a module built before taken from the cache of builds.
// Measured per module (docs/first-start.md): @vscode/sqlite3 compiled with SQLite's own C source is
// most of the time, so it is linked to Debian's libsqlite3 when libsqlite3-dev is installed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildKey, restoreBuild, saveBuild } from './nativeBuildCache';
import { reportedStep, type SetupProgress } from './setupProgress';

export interface NativeModule {
  name: string;
  /** what code-server needs it for and how it is built (or why it is left out) */
  why: string;
  /** what its build step says it is for */
  label?: string;
  /** compiled here (so kept in the cache of builds); false: its binary comes prebuilt from npm */
  compiles?: boolean;
}

/** Built at first start (`npm rebuild` runs their install steps against Node 24). */
export const BUILT_MODULES: readonly NativeModule[] = [
  { name: '@vscode/spdlog', why: 'the log files behind the Output channels; C++, no prebuilt binary on npm', label: 'log files', compiles: true },
  { name: '@vscode/sqlite3', why: "the agent host's state; linked to Debian's libsqlite3 when libsqlite3-dev is installed, else compiled with SQLite's C source", label: "the agent host's state", compiles: true },
  { name: '@vscode/native-watchdog', why: 'stops the extension host when its parent dies; small C++', label: "the extension host's watchdog", compiles: true },
  { name: 'node-pty', why: 'terminals; ships prebuilds/linux-x64, its install step only checks them', label: 'terminals', compiles: false },
  { name: '@parcel/watcher', why: 'file watching; the prebuilt @parcel/watcher-linux-x64-glibc package from npm', label: 'file watching', compiles: false },
];

/** Left out: code-server on Linux never loads them in the demo or the e2e suite. */
export const SKIPPED_MODULES: readonly NativeModule[] = [
  { name: 'kerberos', why: 'loaded only when a proxy asks for Kerberos (Negotiate) authentication; building it needs libkrb5-dev' },
  { name: '@vscode/windows-process-tree', why: 'Windows only' },
  { name: '@vscode/windows-registry', why: 'Windows only' },
  { name: '@vscode/deviceid', why: 'its native part is for Windows; on Linux it is JavaScript' },
  { name: '@vscode/fs-copyfile', why: "macOS only: its build has no sources elsewhere, and on Linux its JavaScript uses Node's fs.copyFile" },
];

/** Debian's SQLite headers (libsqlite3-dev): with them, @vscode/sqlite3 links to the system library. */
export function systemSqlitePresent(): boolean {
  return existsSync('/usr/include/sqlite3.h');
}

/** The environment for `npm rebuild`: every core for the compiler, Debian's SQLite when present. */
export function nativeBuildEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...base, JOBS: 'max', ...(systemSqlitePresent() ? { npm_config_sqlite: '/usr' } : {}) };
}

/** What the build says before its steps. */
export function nativeBuildDescription(): string {
  const sqlite = systemSqlitePresent() ? "SQLite linked to Debian's libsqlite3" : "SQLite compiled from C: `sudo apt-get install -y libsqlite3-dev` makes this several times shorter";
  return `  … building the ${BUILT_MODULES.length} native modules code-server uses on Linux with Node 24 (${sqlite}; not needed: ${SKIPPED_MODULES.map((m) => m.name).join(', ')})`;
}

const variant = (m: NativeModule): string => (m.name === '@vscode/sqlite3' ? (systemSqlitePresent() ? 'system-sqlite' : 'bundled-sqlite') : '');

export interface NativeBuild {
  /** code-server's `lib/vscode` */
  vscodeDir: string;
  /** the cache of builds (nativeBuildCache.ts) */
  buildsDir: string;
  nodeVersion: string;
  env: NodeJS.ProcessEnv;
  run: (command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) => Promise<void>;
}

/** Builds BUILT_MODULES one by one, each a step of its own; a module built before is copied from the cache of builds. */
export async function buildNativeModules(build: NativeBuild, progress?: SetupProgress): Promise<void> {
  progress?.(nativeBuildDescription());
  for (const m of BUILT_MODULES) {
    const dir = join(build.vscodeDir, 'node_modules', m.name);
    const key = m.compiles ? buildKey(dir, m.name, build.nodeVersion, variant(m)) : undefined;
    if (key && restoreBuild(build.buildsDir, key, dir)) {
      progress?.(`  ✓ ${m.name}: built before (${key}), copied from ${build.buildsDir}`);
      continue;
    }
    const what = m.compiles ? `compiling ${m.name} (${m.label ?? m.why})…` : `taking ${m.name}'s prebuilt binary from npm (${m.label ?? m.why})…`;
    await reportedStep(progress, what, dir, () => build.run('npm', ['rebuild', m.name], { cwd: build.vscodeDir, env: nativeBuildEnv(build.env) }));
    if (key) saveBuild(build.buildsDir, key, dir);
  }
}
