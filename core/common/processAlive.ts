/**
 * Whether a process with this pid exists (signal 0 sends nothing). EPERM means it exists but
 * belongs to someone else, so it counts as alive. Used by the data folder's lock (is the holder
 * alive?) and by `serve --exit-with-parent` (is the parent alive?).
 */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
