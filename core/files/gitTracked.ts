import { spawnSync } from 'node:child_process';
import { basename, dirname } from 'node:path';

/**
 * Whether git tracks a file (it is in the index of the repository holding it): a file that came
 * with a clone, which its author wrote, not this machine. Runs `git ls-files --error-unmatch` in the
 * file's folder with the repository's hooks and fsmonitor off (a downloaded repository's
 * `.git/config` must not run anything). No git, no repository, or an answer that cannot be read: false.
 */
export function gitTracks(file: string): boolean {
  const run = spawnSync('git', ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', 'ls-files', '--error-unmatch', '--', basename(file)], {
    cwd: dirname(file),
    encoding: 'utf8',
    timeout: 10_000,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
  });
  return run.status === 0 && run.stdout.trim() !== '';
}
