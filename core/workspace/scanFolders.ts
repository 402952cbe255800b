import { lstatSync, realpathSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { isInside } from './metadataFiles';

/**
 * The folders a workspace session scanned, by their real paths: a link found later (a file changed
 * on disk) is read only when it leads inside one of them.
 */
export class ScanFolders {
  private readonly roots = new Map<string, string>();

  add(folder: string): void {
    this.roots.set(folder, realPathOf(folder));
  }

  /** Forgets the folders under a removed workspace folder (`prefix`: its URI ending in '/'). */
  forgetUnder(prefix: string): void {
    for (const folder of this.roots.keys()) if (`${pathToFileURL(folder).toString()}/`.startsWith(prefix)) this.roots.delete(folder);
  }

  /** Why `path` is not read when it is a link to a file outside every scanned folder; undefined otherwise. */
  linkLeadingOut(path: string): string | undefined {
    let real: string;
    try {
      if (this.roots.size === 0 || !lstatSync(path).isSymbolicLink()) return undefined;
      real = realpathSync(path);
    } catch {
      return undefined; // the reader says what is wrong
    }
    for (const root of this.roots.values()) if (isInside(real, root)) return undefined;
    return `is a link to '${real}', outside the workspace folders, which the workspace does not read`;
  }
}

function realPathOf(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

/** How long a scan works before letting other work (an editor's request) run. */
const SCAN_SLICE_MS = 8;

/** Time slices of a long loop: yieldWhenDue lets other work run once SCAN_SLICE_MS have passed. */
export class Slices {
  private sliceStart = performance.now();

  async yieldWhenDue(): Promise<void> {
    if (performance.now() - this.sliceStart < SCAN_SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.sliceStart = performance.now();
  }
}
