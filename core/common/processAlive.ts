import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';

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

/** What the system says of a running process: when it started (ms since the epoch) and whose it is. */
export interface ProcessFacts {
  startedMs: number;
  uid?: number;
}

/**
 * When a process started and whose it is, or undefined when it cannot be told (no such process,
 * a system without /proc and without `ps`). Linux: /proc/PID/stat's start time (field 22, in
 * clock ticks of 1/100 s since boot, USER_HZ) plus the boot time of /proc/stat, and the owner of
 * /proc/PID. Elsewhere: `ps -o etime=,uid=`.
 */
export function processFacts(pid: number): ProcessFacts | undefined {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return process.platform === 'linux' ? linuxFacts(pid) : psFacts(pid);
}

function linuxFacts(pid: number): ProcessFacts | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or ')': fields count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const boot = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    if (!boot || !Number.isFinite(ticks)) return undefined;
    return { startedMs: Number(boot[1]) * 1000 + ticks * 10, uid: statSync(`/proc/${pid}`).uid };
  } catch {
    return undefined;
  }
}

function psFacts(pid: number): ProcessFacts | undefined {
  try {
    const out = execFileSync('ps', ['-o', 'etime=,uid=', '-p', String(pid)], { encoding: 'utf8', timeout: 5_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const match = /^(?:(?:(\d+)-)?(\d+):)?(\d+):(\d+)\s+(\d+)$/.exec(out);
    if (!match) return undefined;
    const [days, hours, minutes, seconds] = match.slice(1, 5).map((part) => Number(part ?? 0));
    const elapsed = ((days * 24 + hours) * 60 + minutes) * 60 + seconds;
    return { startedMs: Date.now() - elapsed * 1000, uid: Number(match[5]) };
  } catch {
    return undefined;
  }
}
