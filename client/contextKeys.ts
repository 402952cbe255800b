/**
 * The context keys the extension sets for package.json's `when` clauses, written once (no `vscode`
 * here, so the unit suite compares them with the menus of package.json).
 */

/**
 * File system path → true, for every file a format claims: the Push, Plan and Pull menus' condition
 * (`resourcePath in …`). A path, not the URI: in a remote window (code-server, Remote SSH) the
 * workbench writes the file's URI as `vscode-remote://…` while the extension host sees `file://…`;
 * the path is the same on both sides.
 */
export const CLAIMED_FILES_CONTEXT = 'catalogCode.claimedFiles';
/** Whether the workspace holds a file a format claims (Plan on folders in the explorer). */
export const HAS_METADATA_CONTEXT = 'catalogCode.hasMetadataFiles';
/**
 * More files are claimed than CLAIMED_FILES_CONTEXT holds (MAX_CLAIMED_IN_CONTEXT): the menus then
 * show on every YAML and JSON file of the workspace, as a command on a file no format claims says so.
 */
export const CLAIMED_OVERFLOW_CONTEXT = 'catalogCode.claimedFilesOverflow';

/**
 * The most paths the claimed-files context key holds: every change sends the whole key to the
 * workbench, about 100 bytes a file (2 MB at this size).
 */
export const MAX_CLAIMED_IN_CONTEXT = 20_000;

/** The `when` clause of a menu item on one file: a file a format claims (or any YAML/JSON once there are too many to list). */
export const CLAIMED_FILE_WHEN = `resourcePath in ${CLAIMED_FILES_CONTEXT} || ${CLAIMED_OVERFLOW_CONTEXT} && resourceExtname =~ /\\.(ya?ml|jsonc?)$/`;

/** The value of each context key for the claimed files' paths. */
export function claimedContext(paths: Iterable<string>, size: number): { claimed: Record<string, true>; overflow: boolean; hasMetadata: boolean } {
  const claimed: Record<string, true> = {};
  if (size > MAX_CLAIMED_IN_CONTEXT) return { claimed, overflow: true, hasMetadata: true };
  for (const path of paths) claimed[path] = true;
  return { claimed, overflow: false, hasMetadata: size > 0 };
}
