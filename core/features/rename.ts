import { countText } from '../common/countText';
import { propertyUrnOf } from '../definitions/normalise';
import type { DefinitionsView, EntityExistenceView } from '../definitions/types';
import type { DocumentModel } from '../model/facts';
import { failed, succeeded, type Result } from '../common/result';
import { documentsToSearch, nestedUrns } from './locate';
import { fileNameOf, renameEditsIn, where, type RenameTextEdit } from './renameOccurrences';
import { describeKind, renamedSubject, renameStartAt, type RenameStart, type RenameSubject } from './renameTarget';
import type { WorkspaceDocument } from '../workspace/workspaceDocument';

/**
 * Rename of a structured property, a dataset or a schema field across every file of the
 * workspace, as one set of edits, or refused in words where a rename is not safe: a name the
 * catalog holds (renaming the files would not rename it there), a new name that is not valid or
 * already taken, a file that names it in a form that cannot be rewritten, a file too large to be
 * read. Every edited file is read again before the edits are given, and must then name the new
 * subject exactly where it named the old one.
 */

/** More edits than this in one rename are refused (a rename of that size belongs in a script and a review). */
export const MAX_RENAME_EDITS = 20_000;

export interface RenameInput {
  /** the document the caret is in (its open version) */
  document: WorkspaceDocument;
  /** every document of the workspace */
  workspace: readonly WorkspaceDocument[];
  definitions: DefinitionsView;
  /** which entities the catalog holds, while one answers; undefined offline */
  entities?: EntityExistenceView;
  /** the catalog's address, for messages; undefined offline */
  catalogUrl?: string;
  /** the model of a document's new text, read as the workspace reads it (its format associations) */
  reread: (uri: string, text: string) => DocumentModel;
  /** documents the workspace holds but did not read (open and too large to check), searched as text */
  unread?: readonly { uri: string; text: string }[];
  /** the workspace's files are still being read: a rename now would miss the files not read yet */
  stillReading?: boolean;
}

/** What the caret is on and may be renamed, or why not (the catalog holding it included). */
export function prepareRename(input: RenameInput, offset: number): Result<RenameStart> {
  const start = renameStartAt(input.document, offset);
  if (!start.ok) return start;
  const held = catalogHolds(input, start.value.subject);
  return held ? failed(held) : start;
}

/** The edits per document URI (offsets into each document's text) that rename the subject at `offset` to `newName`. */
export function rename(input: RenameInput, offset: number, newName: string): Result<Map<string, RenameTextEdit[]>> {
  const start = prepareRename(input, offset);
  if (!start.ok) return start;
  const from = start.value.subject;
  const renamed = renamedSubject(from, newName);
  if (!renamed.ok) return renamed;
  const to = renamed.value;
  if (to.urn === from.urn) return succeeded(new Map());
  if (input.stillReading) return failed(`The workspace's files are still being read, so some uses of '${nameText(from)}' may not be known yet; rename again in a moment.`);
  const taken = nameTaken(input, to);
  if (taken) return failed(taken);
  const hidden = (input.unread ?? []).find((doc) => doc.text.includes(nameText(from)));
  if (hidden) return failed(`${fileName(hidden.uri)} is open but too large to be read as it is typed, so its uses of '${nameText(from)}' cannot be found; close it (the workspace then reads it from disk) and rename again.`);
  // Each edited file is read again at once, while its facts are at hand (a closed file keeps only its
  // record: core/workspace/recordedFile.ts); a rename over the bound is refused as soon as it is.
  const edits = new Map<string, RenameTextEdit[]>();
  let count = 0;
  for (const document of documentsToSearch(input.document, input.workspace, from.urn)) {
    const inDocument = renameEditsIn(document, from, to);
    if (!inDocument.ok) return inDocument;
    if (inDocument.value.length === 0) continue;
    count += inDocument.value.length;
    if (count > MAX_RENAME_EDITS) return failed(`Renaming '${nameText(from)}' would change more than ${countText(MAX_RENAME_EDITS)} places; a rename that large is refused here. Do it with a script and review it as one change.`);
    const checked = checkedEdits(input, document, inDocument.value, from, to);
    if (!checked.ok) return checked;
    edits.set(document.uri, inDocument.value);
  }
  return succeeded(edits);
}

/** How many parse problems a model has, one standing for more after it (core/formats/yamlStreamTail.ts) counted as all of them. */
function problemCount(model: DocumentModel): number {
  return model.parseProblems.reduce((count, problem) => count + (problem.rest?.count ?? 1), 0);
}

/** The edits applied to the document's text, read again: the file must parse as before and name the new subject where it named the old. */
function checkedEdits(input: RenameInput, document: WorkspaceDocument, edits: readonly RenameTextEdit[], from: RenameSubject, to: RenameSubject): Result<true> {
  let text = document.text;
  for (const edit of [...edits].reverse()) text = text.slice(0, edit.range.start) + edit.text + text.slice(edit.range.end);
  const after = input.reread(document.uri, text);
  const before = document.model;
  const usesBefore = usesIn(before, from.urn);
  if (after.format !== before.format || problemCount(after) > problemCount(before) || usesIn(after, from.urn) !== 0 || usesIn(after, to.urn) !== usesBefore) {
    const first = edits[0]?.range.start ?? 0;
    return failed(`Renaming in ${where(document, first)} would not leave the file naming '${nameText(to)}' everywhere it named '${nameText(from)}' (the name is written there in a form this rename cannot rewrite); rename it there by hand, then rename again.`);
  }
  return succeeded(true);
}

/** How many facts of a model name `urn` (directly, nested in another URN, as a property id). */
function usesIn(model: DocumentModel, urn: string): number {
  let count = 0;
  const names = (written: string) => written === urn || nestedUrns(written, 0).some((nested) => nested.urn === urn);
  for (const fact of model.facts) {
    if (fact.kind === 'entityRef' && (fact.role === 'property' ? propertyUrnOf(fact.urn) === urn || names(fact.urn) : names(fact.urn))) count++;
    else if (fact.kind === 'entityDeclaration' && names(fact.urn.value)) count++;
    else if (fact.kind === 'propertyAssignment' && propertyUrnOf(fact.property.value) === urn) count++;
    else if (fact.kind === 'propertyDefinition' && (fact.urn.value === urn || (fact.qualifiedName && propertyUrnOf(fact.qualifiedName.value) === urn))) count++;
  }
  return count;
}

/** Why the catalog keeps the subject whatever the files say; undefined when it does not hold it (or is not connected). */
function catalogHolds(input: RenameInput, subject: RenameSubject): string | undefined {
  const catalog = input.catalogUrl ? `The catalog at ${input.catalogUrl}` : 'The catalog';
  const name = nameText(subject);
  const consequence = `Renaming it here would change only the files: the catalog keeps '${name}'${subject.kind === 'property' ? ' and the values it holds' : ' with its lineage and properties'}, and a push would write the new name as another ${describeKind(subject)} beside it.`;
  if (subject.kind === 'property') {
    if (!input.definitions.service.has(subject.urn)) return undefined;
    return `${catalog} holds the structured property '${name}'. ${consequence} Create the new property, move the values and soft-delete the old one in the catalog; or rename only a property that no catalog holds yet.`;
  }
  if (!input.entities) return undefined;
  const exists = input.entities.exists(subject.urn);
  if (exists === undefined) return `${catalog} is being asked whether it holds the ${describeKind(subject)} '${name}'; rename again in a moment.`;
  if (!exists) return undefined;
  return `${catalog} holds the ${describeKind(subject)} '${name}'. ${consequence} DataHub cannot rename an entity's URN; keep the name, or create the new one, move what it needs and soft-delete the old one.`;
}

/** Why the new name cannot be used: the workspace or the catalog already has it. */
function nameTaken(input: RenameInput, to: RenameSubject): string | undefined {
  if (to.kind === 'property') {
    const defined = input.definitions.workspace.get(to.urn) ?? input.definitions.service.get(to.urn);
    if (defined) return `The structured property '${to.id}' already exists (${defined.origin.kind === 'service' ? 'in the catalog' : `defined in ${fileName(defined.origin.uri)}`}); renaming onto it would merge two properties. Choose another id.`;
  } else if (input.entities?.exists(to.urn) === true) {
    return `The catalog already holds the ${describeKind(to)} '${to.urn}'; renaming onto it would merge two ${describeKind(to)}s. Choose another name.`;
  }
  for (const document of documentsToSearch(input.document, input.workspace, to.urn)) {
    if (usesIn(document.model, to.urn) > 0) return `${fileName(document.uri)} already names '${nameText(to)}'; renaming onto it would merge two ${describeKind(to)}s. Choose another name.`;
  }
  return undefined;
}

function nameText(subject: RenameSubject): string {
  return subject.kind === 'property' ? subject.id : subject.urn;
}

function fileName(uri: string): string {
  return fileNameOf(uri);
}
