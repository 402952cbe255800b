// Which of code-server's native modules the first start builds, and how (issue 37: the fastest path
// this machine allows). code-server's own postinstall builds every VS Code module that has a build
// step, Windows-only ones and Kerberos included; we install VS Code's dependencies without their
// scripts and then build only the modules code-server uses on Linux, all at once with every core.
// Measured per module (docs/e2e-setup.md): @vscode/sqlite3 compiled with SQLite's own C source is
// most of the time, so it is linked to Debian's libsqlite3 when libsqlite3-dev is installed.
import { existsSync } from 'node:fs';

export interface NativeModule {
  name: string;
  /** what code-server needs it for and how it is built (or why it is left out) */
  why: string;
}

/** Built at first start (`npm rebuild` runs their install steps against Node 24). */
export const BUILT_MODULES: readonly NativeModule[] = [
  { name: '@vscode/spdlog', why: 'the log files behind the Output channels; C++, no prebuilt binary on npm' },
  { name: '@vscode/sqlite3', why: "the agent host's state; linked to Debian's libsqlite3 when libsqlite3-dev is installed, else compiled with SQLite's C source" },
  { name: '@vscode/native-watchdog', why: "stops the extension host when its parent dies; small C++" },
  { name: '@vscode/fs-copyfile', why: 'imported when the agent host starts; small C++' },
  { name: 'node-pty', why: 'terminals; ships prebuilds/linux-x64, its install step only checks them' },
  { name: '@parcel/watcher', why: 'file watching; the prebuilt @parcel/watcher-linux-x64-glibc package from npm' },
];

/** Left out: code-server on Linux never loads them in the demo or the e2e suite. */
export const SKIPPED_MODULES: readonly NativeModule[] = [
  { name: 'kerberos', why: 'loaded only when a proxy asks for Kerberos (Negotiate) authentication; building it needs libkrb5-dev' },
  { name: '@vscode/windows-process-tree', why: 'Windows only' },
  { name: '@vscode/windows-registry', why: 'Windows only' },
  { name: '@vscode/deviceid', why: 'its native part is for Windows; on Linux it is JavaScript' },
];

/** Debian's SQLite headers (libsqlite3-dev): with them, @vscode/sqlite3 links to the system library. */
export function systemSqlitePresent(): boolean {
  return existsSync('/usr/include/sqlite3.h');
}

/** The environment for `npm rebuild`: every core for the compiler, Debian's SQLite when present. */
export function nativeBuildEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...base, JOBS: 'max', ...(systemSqlitePresent() ? { npm_config_sqlite: '/usr' } : {}) };
}

/** What the build step says while it runs. */
export function nativeBuildDescription(): string {
  const sqlite = systemSqlitePresent() ? "SQLite linked to Debian's libsqlite3" : "SQLite compiled from C: `sudo apt-get install -y libsqlite3-dev` makes this step several times shorter";
  return `building ${BUILT_MODULES.length} native modules with Node 24 (spdlog and sqlite3 compiled, ${sqlite}; ${SKIPPED_MODULES.map((m) => m.name).join(', ')} not needed on Linux)…`;
}
