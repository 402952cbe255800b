import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMetadataFileName, isSkippedFolder } from '../core/workspace/metadataFiles';
import { WorkspaceSession, type CatalogKnowledge } from '../core/workspace/session';
import { logValue } from '../core/output/logText';
import { addDocument, validateAll, type LoadedDocument, type LoadedWorkspace } from './documents';
import { usesOfRemovedDefinitions } from './removedDefinitions';
import { exitWith, proceed, type OrExit } from './exit';
import { GitError, gitRoot, indexedPaths, readBlobs, stagedChanges, type BlobRead } from './gitIndex';
import type { CliIo } from './io';
import type { FileDiagnostic } from './report';
import { loadCliSettings, type CliSettings } from './settings';

/**
 * `validate --staged` (the pre-commit hook): the next commit checked in the context of the whole
 * repository. Every metadata file of the index is read into one session, as the commit will hold
 * it, and into a second as HEAD holds it. A file the commit adds or changes reports every problem;
 * any other file reports the problems the commit brings it (absent at HEAD): a definition changed
 * or removed re-checks the files that use it, an entity deleted re-checks the lineage naming it,
 * and a file already broken before the commit is left alone.
 */
export interface StagedCommit {
  /** the next commit's metadata files */
  now: LoadedWorkspace;
  /** the files the commit adds or changes (as reported, relative to the current folder) */
  committed: ReadonlySet<string>;
  /** the metadata files the commit deletes */
  deleted: readonly string[];
  /** the metadata files of the commit that could not be read from git's index: unchecked, so the commit cannot pass */
  unreadable: readonly string[];
  /** the problems to report, and the files outside the commit that the commit breaks */
  judge(now: readonly FileDiagnostic[], knowledgeOf: (session: WorkspaceSession) => CatalogKnowledge): { problems: FileDiagnostic[]; brokenElsewhere: string[] };
}

/** A path of the repository that the walk of a folder would read (not under a skipped folder). */
function isRepositoryMetadataPath(path: string): boolean {
  const parts = path.split('/');
  return isMetadataFileName(path) && parts.slice(0, -1).every((part) => !isSkippedFolder(part));
}

function buildWorkspace(root: string, texts: ReadonlyMap<string, BlobRead>, settings: CliSettings, catalog: () => CatalogKnowledge, io?: CliIo, unreadable: string[] = []): LoadedWorkspace {
  const session = new WorkspaceSession({ catalog, severity: settings.severity });
  session.setAssociations(settings.associations);
  const into = { documents: [] as LoadedDocument[], unchecked: [] as LoadedDocument[] };
  for (const [path, read] of texts) {
    const absolute = join(root, path);
    const file = relative(process.cwd(), absolute) || path;
    if ('problem' in read) {
      io?.stderr(`Cannot read '${logValue(file)}' from git's index: it ${read.problem}.`);
      unreadable.push(file);
      continue;
    }
    addDocument(session, { file, uri: pathToFileURL(resolve(absolute)).toString(), text: read.text }, into);
  }
  return { session, ...into, datahubVersion: settings.datahubVersion };
}

// The same problem at the same place, whatever its words: a message naming the allowed values changes with them, the problem does not.
const key = (d: FileDiagnostic) => `${d.file}\0${d.code}\0${d.severity}\0${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`;

/**
 * The next commit of the repository holding the current folder; `undefined` when it changes no
 * metadata file (nothing to check). `exit` 2 when git cannot tell (not a repository, git missing).
 */
export function loadStagedCommit(io: CliIo, options: { severityFlags?: readonly string[]; settingsFile?: string; catalog: () => CatalogKnowledge }): OrExit<StagedCommit | undefined> {
  const loaded = loadCliSettings(io, options);
  if (!loaded.ok) return loaded;
  const settings = loaded.value;
  try {
    const root = gitRoot(process.cwd());
    const changes = stagedChanges(root).filter((change) => isRepositoryMetadataPath(change.path));
    if (changes.length === 0) return proceed(undefined);
    const indexed = indexedPaths(root).filter(isRepositoryMetadataPath);
    const nowTexts = readBlobs(root, '', indexed);
    const changed = new Set(changes.map((change) => change.path));
    const headTexts = readBlobs(root, 'HEAD', changes.filter((change) => change.status !== 'added').map((change) => change.path));
    const beforeTexts = new Map([...nowTexts].filter(([path]) => !changed.has(path)));
    for (const [path, read] of headTexts) beforeTexts.set(path, read);
    const unreadable: string[] = [];
    const now = buildWorkspace(root, nowTexts, settings, options.catalog, io, unreadable);
    let beforeKnowledge: CatalogKnowledge = options.catalog();
    const before = buildWorkspace(root, beforeTexts, settings, () => beforeKnowledge);
    const asReported = (path: string) => relative(process.cwd(), join(root, path)) || path;
    const committed = new Set(changes.filter((change) => change.status !== 'deleted').map((change) => asReported(change.path)));
    return proceed({
      now,
      committed,
      deleted: changes.filter((change) => change.status === 'deleted').map((change) => asReported(change.path)),
      unreadable: unreadable.filter((file) => committed.has(file)),
      judge(problems, knowledgeOf) {
        beforeKnowledge = knowledgeOf(before.session);
        const earlier = new Set(validateAll(before).map(key));
        const removed = usesOfRemovedDefinitions(before, now, (file) => !committed.has(file), beforeKnowledge.serviceDefinitions);
        // Said once, as the error: the warning the same place may have offline goes.
        const at = new Set(removed.map((d) => `${d.file}\0${d.range.start.line}:${d.range.start.character}`));
        const own = problems.filter((d) => !(d.code === 'property.unknown' && at.has(`${d.file}\0${d.range.start.line}:${d.range.start.character}`)));
        const shown = [...own, ...removed].filter((d) => committed.has(d.file) || !earlier.has(key(d)));
        const brokenElsewhere = [...new Set(shown.filter((d) => !committed.has(d.file) && d.severity === 'error').map((d) => d.file))];
        return { problems: shown, brokenElsewhere };
      },
    });
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    io.stderr(`validate --staged: ${error.message}`);
    return exitWith(2);
  }
}

/** The lines a text report of `--staged` ends with: what was checked, and which files outside the commit broke. */
export function stagedSummary(commit: StagedCommit, brokenElsewhere: readonly string[]): string {
  const lines = [
    `Checked the commit's ${commit.committed.size} added or changed and ${commit.deleted.length} deleted file(s) with the rest of the repository; a problem another file already had before this commit is not listed (catalog-code validate . lists every one).`,
  ];
  if (commit.unreadable.length > 0) {
    lines.push(`${commit.unreadable.length} file(s) of this commit could not be read from git's index, so they were not checked: ${commit.unreadable.slice(0, 10).map(logValue).join(', ')}. Rename them (a line break in a file's name is the usual cause) and stage them again.`);
  }
  if (brokenElsewhere.length > 0) {
    const named = brokenElsewhere.slice(0, 10).map(logValue).join(', ');
    const more = brokenElsewhere.length > 10 ? ` and ${brokenElsewhere.length - 10} more` : '';
    lines.push(
      `This commit breaks ${brokenElsewhere.length} file(s) it does not change: ${named}${more}. A definition or entity they use was changed or removed; fix them (or the commit) and stage the fix.`,
    );
  }
  return lines.join('\n');
}

/** `--staged` from validate's command line: it takes no PATH (the commit says which files). */
export function loadStaged(paths: readonly string[], io: CliIo, options: { severityFlags?: readonly string[]; settingsFile?: string; catalog: () => CatalogKnowledge }): OrExit<StagedCommit | undefined> {
  if (paths.length > 0) {
    io.stderr(`validate --staged checks the next commit of the git repository holding the current folder and takes no PATH (got '${logValue(paths[0]!.slice(0, 80))}'); see --help.`);
    return exitWith(2);
  }
  const commit = loadStagedCommit(io, options);
  if (commit.ok && commit.value === undefined) io.stdout('No metadata file (YAML or JSON) is added, changed or deleted by this commit: nothing to check.');
  return commit;
}
