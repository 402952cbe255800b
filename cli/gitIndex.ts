import { spawnSync } from 'node:child_process';
import { MAX_CLI_FILE_BYTES } from '../core/workspace/metadataFiles';
import { decodeUtf8, tooLargeProblem } from '../core/files/readFile';

/**
 * What a commit about to be made holds, read from git itself (the index against HEAD), so a check
 * sees exactly the committed state whatever the working tree holds, and sees deleted files, which
 * pre-commit never passes to a hook. Only `git` is run, with arguments, never a shell.
 */

/** git's empty tree: what HEAD is before the first commit. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
/** Enough for every blob of a large repository's metadata in one `cat-file` answer. */
const MAX_GIT_OUTPUT = 1024 * 1024 * 1024;

export class GitError extends Error {}

function git(root: string, args: readonly string[], input?: string): Buffer {
  const result = spawnSync('git', args, { cwd: root, input, maxBuffer: MAX_GIT_OUTPUT, windowsHide: true });
  if (result.error) throw new GitError(`could not run git ${args[0]} in '${root}': ${result.error.message}. Is git installed and on PATH?`);
  if (result.status !== 0) throw new GitError(`git ${args.join(' ').slice(0, 80)} failed in '${root}': ${result.stderr.toString('utf8').trim().slice(0, 300)}`);
  return result.stdout;
}

/** The top folder of the git work tree holding `folder`, or a GitError saying it is not one. */
export function gitRoot(folder: string): string {
  try {
    return git(folder, ['rev-parse', '--show-toplevel']).toString('utf8').trim();
  } catch (error) {
    throw new GitError(`'${folder}' is not inside a git repository, and --staged checks what the next commit holds (${(error as Error).message})`);
  }
}

export interface StagedChange {
  /** the path from the repository's top folder, with `/` */
  path: string;
  /** added, modified (or changed type), deleted */
  status: 'added' | 'modified' | 'deleted';
}

function headOrEmpty(root: string): string {
  const head = spawnSync('git', ['rev-parse', '--verify', '-q', 'HEAD'], { cwd: root, windowsHide: true });
  return head.status === 0 ? 'HEAD' : EMPTY_TREE;
}

/** The paths the index changes against HEAD (renames as a deletion and an addition). */
export function stagedChanges(root: string): StagedChange[] {
  const fields = git(root, ['diff', '--cached', '--name-status', '--no-renames', '-z', headOrEmpty(root), '--']).toString('utf8').split('\0');
  const changes: StagedChange[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const letter = fields[i]!.charAt(0);
    const path = fields[i + 1]!;
    changes.push({ path, status: letter === 'A' ? 'added' : letter === 'D' ? 'deleted' : 'modified' });
  }
  return changes;
}

/** Every path in the index (the next commit's files). */
export function indexedPaths(root: string): string[] {
  return [...new Set(git(root, ['ls-files', '-z', '--cached']).toString('utf8').split('\0').filter(Boolean))];
}

export type BlobRead = { text: string } | { problem: string };

/**
 * The text of each path at `revision` (`''` is the index, `HEAD` the last commit), in one
 * `git cat-file --batch`. A path git cannot name on one line, or that is missing, or larger than
 * the CLI reads, is answered with the problem instead.
 */
export function readBlobs(root: string, revision: '' | 'HEAD', paths: readonly string[]): Map<string, BlobRead> {
  const reads = new Map<string, BlobRead>();
  const asked = paths.filter((path) => {
    if (!/[\n\r]/.test(path)) return true;
    reads.set(path, { problem: 'has a line break in its name, which git cat-file cannot be asked for' });
    return false;
  });
  if (asked.length === 0) return reads;
  const out = git(root, ['cat-file', '--batch'], asked.map((path) => `${revision}:${path}\n`).join(''));
  let at = 0;
  for (const path of asked) {
    const headerEnd = out.indexOf(0x0a, at);
    const header = out.subarray(at, headerEnd).toString('utf8');
    at = headerEnd + 1;
    const object = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
    // `<name> missing` has no content; any other object's content is passed over.
    if (object) at += Number(object[2]) + 1;
    if (object?.[1] !== 'blob') {
      reads.set(path, { problem: `is not a file git holds at ${revision || 'the index'} (${header.slice(0, 80)})` });
      continue;
    }
    const bytes = out.subarray(at - Number(object[2]) - 1, at - 1);
    reads.set(path, bytes.length > MAX_CLI_FILE_BYTES ? { problem: tooLargeProblem(MAX_CLI_FILE_BYTES) } : { text: decodeUtf8(bytes) });
  }
  return reads;
}
