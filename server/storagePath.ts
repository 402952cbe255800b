import { join, win32 } from 'node:path';

/** The folder under the user's cache folder that holds the server's files (the definitions cache). */
const FOLDER = 'catalog-code';

/**
 * Where the server keeps its cache when the editor gives no `storagePath`: the platform's cache
 * folder — `$XDG_CACHE_HOME` or `~/.cache` on Linux and other Unixes, `~/Library/Caches` on
 * macOS, `%LOCALAPPDATA%` on Windows — each with a `catalog-code` folder.
 */
export function defaultStoragePath(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string {
  if (platform === 'win32') return win32.join(env.LOCALAPPDATA?.trim() || win32.join(home, 'AppData', 'Local'), FOLDER, 'Cache');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', FOLDER);
  // XDG: a relative path is invalid and must be ignored.
  const xdg = env.XDG_CACHE_HOME?.trim();
  return join(xdg && xdg.startsWith('/') ? xdg : join(home, '.cache'), FOLDER);
}
