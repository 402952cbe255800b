import { processExists } from '../core/common/processAlive';
/**
 * `serve --exit-with-parent`: a local catalog started by the extension or by `npm start` must not
 * outlive whatever started it (one was found running with parent PID 1 after its code-server was
 * stopped). The parent may die by kill -9 and never say goodbye, so the watch polls: on Linux and
 * macOS an orphan is handed to another parent (init or a subreaper), so `process.ppid` changes; on
 * Windows it does not, so the parent's pid is also checked for being alive.
 */

export const PARENT_POLL_MS = 1000;

/** Calls `onGone` once when the process that started this one is gone; returns a function that stops watching. */
export function watchParent(onGone: (message: string) => void, pollMs = PARENT_POLL_MS): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent && processExists(parent)) return;
    clearInterval(timer);
    onGone(`The process that started this local catalog (pid ${parent}) is gone, and --exit-with-parent was given.`);
  }, pollMs);
  // The watch alone never keeps the service running.
  timer.unref();
  return () => clearInterval(timer);
}
