// What a long install step says while it runs (the demo's first start): its name, then every
// 20 seconds the time so far and how much it has written, then its size and time when done
// (what it added, and the whole, when it adds to a folder an earlier step filled). The
// e2e suite passes no reporter and stays quiet.
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Receives one line to print. */
export type SetupProgress = (line: string) => void;

const TICK_MS = 20_000;

/** Bytes under `dir` (files as stored, links not followed); 0 when it does not exist yet. */
export function folderBytes(dir: string): number {
  let total = 0;
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop()!;
    let entries: string[];
    try {
      entries = readdirSync(current);
    } catch {
      continue;
    }
    for (const name of entries) {
      const path = join(current, name);
      try {
        const stat = lstatSync(path);
        if (stat.isDirectory()) stack.push(path);
        else total += stat.size;
      } catch {
        // removed while counting
      }
    }
  }
  return total;
}

export function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

export function elapsed(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** Runs `work`, telling `progress` (when given) what it is doing, how long it has taken and the size of `dir`. */
export async function reportedStep<T>(progress: SetupProgress | undefined, what: string, dir: string, work: () => Promise<T>): Promise<T> {
  if (!progress) return work();
  const started = Date.now();
  const before = folderBytes(dir);
  // A step that adds to a folder an earlier step filled says what it added, then the whole.
  const size = (): string => (before > 0 ? `${megabytes(folderBytes(dir) - before)} added (${megabytes(folderBytes(dir))} in all)` : megabytes(folderBytes(dir)));
  progress(`  … ${what}`);
  const timer = setInterval(() => progress(`    ${elapsed(Date.now() - started)} so far, ${size()}`), TICK_MS);
  try {
    const result = await work();
    progress(`  ✓ ${what.replace(/…$/, '')}: done in ${elapsed(Date.now() - started)}, ${size()}`);
    return result;
  } finally {
    clearInterval(timer);
  }
}
