// Where the tests find DataHub's own material (its GraphQL schema, PDL models and example files),
// which lives outside the repository. Tests that compare against it run when it is there (CI always
// has it) and are reported as skipped, with one line saying what is missing and how to provide it,
// on a clone with nothing beside it.
import { existsSync } from 'node:fs';
import { describe, it, test } from 'node:test';
import { join, resolve } from 'node:path';

/** The environment variable that points the tests at the reference folder. */
export const REFERENCE_DIR_VARIABLE = 'CATALOG_CODE_REFERENCE_DIR';

const REPO_ROOT = resolve(__dirname, '..', '..');

/** `$CATALOG_CODE_REFERENCE_DIR` (relative to the current folder), else `../shared/reference` beside the repository. */
export function referenceDir(): string {
  const configured = process.env[REFERENCE_DIR_VARIABLE];
  return configured ? resolve(configured) : resolve(REPO_ROOT, '..', 'shared', 'reference');
}

/** A path inside the reference folder, e.g. `referencePath('datahub-examples', 'file_lineage.yml')`. */
export function referencePath(...segments: string[]): string {
  return join(referenceDir(), ...segments);
}

/**
 * The one-line reason to skip when any of the named parts of the reference folder is missing
 * (each a path relative to it, e.g. `datahub-examples`), or undefined when all are there.
 */
export function missingReference(...parts: string[]): string | undefined {
  const missing = parts.filter((part) => !existsSync(referencePath(part)));
  if (missing.length === 0) return undefined;
  const source = process.env[REFERENCE_DIR_VARIABLE] ? `$${REFERENCE_DIR_VARIABLE}` : 'the default ../shared/reference beside the repository';
  return (
    `DataHub reference material missing: ${missing.map((part) => referencePath(part)).join(', ')} (looked in ${source}). ` +
    `Set ${REFERENCE_DIR_VARIABLE} to a folder holding ${parts.join(', ')} (verbatim copies of DataHub's files; see CONTRIBUTING.md) to run these tests.`
  );
}

/** The node:test functions a module uses for the tests that read the reference material. */
export interface ReferenceTests {
  describe: typeof describe;
  it: typeof it;
  test: typeof test;
}

/** Stands in for describe/it/test (and their .skip/.only/.todo) when the material is missing: registers nothing, runs nothing. */
function registersNothing<T>(): T {
  const nothing = () => undefined;
  // A plain function cannot be typed as node:test's overloaded functions; it is only ever called.
  return Object.assign(nothing, { skip: nothing, only: nothing, todo: nothing }) as unknown as T;
}

/**
 * The node:test functions for the tests of a module that need the named parts of the reference
 * folder (paths relative to it, e.g. `datahub-examples`). When all are there, they are node:test's
 * own. When one is missing, a single skipped test titled `title` says what is missing and how to
 * provide it, and the returned functions register nothing, so their bodies (which may read the
 * material) never run. Tests of the same module that need no material use node:test directly.
 */
export function testsNeedingReference(title: string, parts: string[]): ReferenceTests {
  const reason = missingReference(...parts);
  if (reason === undefined) return { describe, it, test };
  test(title, { skip: reason }, () => {});
  return { describe: registersNothing(), it: registersNothing(), test: registersNothing() };
}
