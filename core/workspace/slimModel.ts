import { listFactsOfKindUnkept, OWN_CHECK_KINDS, type DocumentModel, type EntityDeclarationFact, type Fact } from '../model/facts';
import type { StringPool } from './stringPool';
import type { FormatId } from '../model/facts';

/**
 * The formats whose closed files keep their mentions instead of their facts (./recordedFile.ts):
 * the bulk of a large workspace. Property definitions and MCP files keep their slim model: the
 * workspace's definitions and SQL's viewLogic are read from their facts, and they are few.
 */
export const MENTIONS_ONLY_FORMATS: ReadonlySet<FormatId> = new Set<FormatId>(['datasetYaml', 'lineageFile', 'lineageEdges']);

/** Whether a closed file read into `model` keeps only its mentions: of such a format, writing no definitions, read without trouble. */
export function keepsMentionsOnly(model: DocumentModel, definitions: { writesAny(model: DocumentModel): boolean }): boolean {
  return model.format !== null && MENTIONS_ONLY_FORMATS.has(model.format) && model.unchecked === undefined && model.unparsed === undefined && !definitions.writesAny(model);
}

/**
 * The model a closed file read from disk keeps between checks. Of a 20,000-file workspace's
 * 577,000 facts, 314,000 are read only by the checks of their own file: the keys of each mapping
 * (objectShape), each enumerated value (enumValue), a lineage file's version, a value of the wrong
 * type, a missing key. Nothing read across files needs them — definitions, pending lineage and
 * entities, workspace symbols, references, rename, go to definition, the plan of a push read the
 * other kinds — so a closed file keeps the rest, and its own checks read the file whole again
 * (session.diagnosticsOf, diagnosticsUnder). With the declaration fields below, the heap after a
 * 20,000-file scan is 197 MB instead of 306 MB, and the garbage collector walks half the objects.
 * Those kinds are OWN_CHECK_KINDS (core/model/facts.ts).
 */

/**
 * The fields of an entity declaration read across files: the name and description a push writes
 * (core/plan/aspects.ts), the platform, instance and env a rename rebuilds a URN from
 * (core/features/renameOccurrences.ts), the type. The others — a dataset YAML's
 * `structured_properties` and `schema`, kept as plain copies of their subtrees — are read only by
 * its own checks; the assignments they hold are facts of their own.
 */
export const FIELDS_READ_ACROSS_FILES: ReadonlySet<string> = new Set(['name', 'id', 'description', 'platform', 'platform_instance', 'env', 'type']);

/**
 * `model` without the facts of OWN_CHECK_KINDS and the declaration fields its own checks alone
 * read (the same model when it has none, unless it was read for other files only), in less
 * memory (compactFact; short strings shared through `pool` with the other files a scan stores,
 * ./stringPool.ts): the facts other files read, kept for as long as the file is closed. The
 * model is the adapters' own, read for this and dropped: its facts are compacted in place. Its
 * facts are listed by kind each time they are asked, not kept so (factsOfKind): that list, one
 * per file, was 7 % of the heap after a scan.
 */
export function slimModel(model: DocumentModel, pool?: StringPool): DocumentModel {
  const facts = model.facts;
  const kept: Fact[] = [];
  // A model read for other files only is a slim one already, whatever it holds: never the one its own checks are given.
  let changed = model.acrossFilesOnly === true;
  for (const fact of facts) {
    if (OWN_CHECK_KINDS.has(fact.kind)) {
      changed = true;
      continue;
    }
    const slim = fact.kind === 'entityDeclaration' ? slimDeclaration(fact) : fact;
    changed ||= slim !== fact;
    kept.push(compactFact(slim, pool));
  }
  // slice: an array of exactly its length (one grown by push keeps room for more)
  const slimmed = changed ? { ...model, facts: kept.slice() } : model;
  listFactsOfKindUnkept(slimmed);
  return slimmed;
}

/**
 * The same fact in less memory: a URN built by concatenation is a tree of string pieces (about
 * twice the bytes of its characters; reading a character makes V8 flatten it into one string), a
 * short string is the pool's copy, and an array of values grown by push keeps room for more. A
 * heap snapshot of a 2,000-file scan counted 71,000 such string pieces and 150 bytes per one-value
 * array.
 */
function compactFact<T extends Fact>(fact: T, pool: StringPool | undefined): T {
  const record = fact as unknown as Record<string, unknown>;
  for (const key in record) {
    const value = record[key];
    // Equal strings compare equal: the pool's copy is written back whether or not it is another string.
    if (typeof value === 'string') record[key] = compactString(value, pool);
    else if (Array.isArray(value)) record[key] = value.map((item: unknown) => compactLocated(item, pool));
    else if (value !== null && typeof value === 'object') compactLocated(value, pool);
  }
  return fact;
}

/** A `{ value, range }` (or a declaration's fields, one level down) with its strings compacted; a string item of an array compacted. */
function compactLocated(value: unknown, pool: StringPool | undefined): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? compactString(value, pool) : value;
  const record = value as Record<string, unknown>;
  if (Object.isFrozen(record)) return value;
  for (const key in record) {
    const inner = record[key];
    if (typeof inner === 'string') record[key] = compactString(inner, pool);
    else if (inner !== null && typeof inner === 'object' && !Array.isArray(inner) && typeof (inner as { value?: unknown }).value === 'string') {
      const located = inner as { value: string };
      located.value = compactString(located.value, pool);
    }
  }
  return value;
}

/** The pool's copy of a short string; a long one stored flat (reading a character makes V8 store a concatenated string flat, the same string to JavaScript). */
function compactString(text: string, pool: StringPool | undefined): string {
  const kept = pool ? pool.intern(text) : text;
  if (kept.length > 0) kept.charCodeAt(0);
  return kept;
}

function slimDeclaration(fact: EntityDeclarationFact): EntityDeclarationFact {
  const names = Object.keys(fact.fields);
  if (names.every((name) => FIELDS_READ_ACROSS_FILES.has(name))) return fact;
  const fields: EntityDeclarationFact['fields'] = {};
  for (const name of names) if (FIELDS_READ_ACROSS_FILES.has(name)) fields[name] = fact.fields[name];
  return { ...fact, fields };
}
