import { countText } from '../common/countText';
import { PROPERTY_URN_PREFIX, propertyIdOf, propertyUrnOf } from '../definitions/normalise';
import type { SourceRange } from '../model/range';
import { datasetKey, looksLikeUrn, makeDatasetUrn, makeSchemaFieldUrn, parseUrn, schemaFieldKey, URN_MAX_LENGTH, type ParsedUrn } from '../urn';
import { hasControls } from '../output/logText';
import { failed, succeeded, type Result } from '../common/result';
import { targetAt } from './locate';
import type { WorkspaceDocument } from '../workspace/workspaceDocument';

/**
 * What a rename renames: a structured property (its id, in URNs `urn:li:structuredProperty:<id>`),
 * a dataset (its URN; usually its name) or a schemaField (its field path). Everything else a file
 * names (platforms, jobs, users) is refused in words.
 */
export type RenameSubject =
  | { kind: 'property'; urn: string; id: string }
  | { kind: 'dataset'; urn: string; platform: string; name: string; env: string }
  | { kind: 'schemaField'; urn: string; parent: string; fieldPath: string };

/** The subject under the caret, with the range an editor selects and the text it proposes. */
export interface RenameStart {
  subject: RenameSubject;
  range: SourceRange;
  placeholder: string;
}

const RENAMEABLE = 'Only a structured property (its id), a dataset (its name or URN) and a schema field (its path) can be renamed';

/** What can be renamed at `offset`, or why nothing can. */
export function renameStartAt(document: WorkspaceDocument, offset: number): Result<RenameStart> {
  const target = targetAt(document, offset);
  if (!target || target.kind === 'propertyValue') return failed(`${RENAMEABLE}; put the cursor on one of them.`);
  if (target.kind === 'property') {
    const id = propertyIdOf(target.urn);
    const subject: RenameSubject = { kind: 'property', urn: propertyUrnOf(target.urn), id };
    return succeeded({ subject, range: narrowed(document.text, target.range, id), placeholder: id });
  }
  const subject = subjectOfUrn(target.urn);
  if (!subject.ok) return subject;
  const part = subject.value.kind === 'dataset' ? subject.value.name : subject.value.kind === 'schemaField' ? subject.value.fieldPath : subject.value.id;
  return succeeded({ subject: subject.value, range: narrowed(document.text, target.range, part), placeholder: part });
}

/** The range of `part` inside the written text when it appears there once as the last key part, else the whole range. */
function narrowed(text: string, range: SourceRange, part: string): SourceRange {
  const written = text.slice(range.start, range.end);
  if (written === part) return range;
  const at = written.lastIndexOf(part);
  if (at < 0 || written.indexOf(part) !== at) return range;
  return { start: range.start + at, end: range.start + at + part.length };
}

/** The subject a URN names, or why it cannot be renamed. */
export function subjectOfUrn(urn: string): Result<RenameSubject> {
  const parsed = parseUrn(urn);
  if (!parsed.ok) return failed(`'${urn}' is not a valid URN (${parsed.error.message}), so it cannot be renamed; correct it first.`);
  return subjectOfParsed(parsed.urn);
}

function subjectOfParsed(urn: ParsedUrn): Result<RenameSubject> {
  if (urn.entityType === 'structuredProperty') return succeeded({ kind: 'property', urn: urn.raw, id: propertyIdOf(urn.raw) });
  if (urn.entityType === 'dataset') {
    const key = datasetKey(urn);
    if (key) return succeeded({ kind: 'dataset', urn: urn.raw, ...key });
  }
  if (urn.entityType === 'schemaField') {
    const key = schemaFieldKey(urn);
    if (key) return succeeded({ kind: 'schemaField', urn: urn.raw, parent: key.datasetUrn, fieldPath: key.fieldPath });
  }
  return failed(`${RENAMEABLE}; '${urn.raw}' is a ${urn.entityType} URN.`);
}

/**
 * The subject after the rename, from what the user typed: a whole URN of the same kind, or the
 * part that changes (property id, dataset name, field path). Refused when the result is not a
 * valid URN by DataHub's grammar (core/urn) or not an id DataHub accepts.
 */
export function renamedSubject(subject: RenameSubject, newName: string): Result<RenameSubject> {
  if (newName.length === 0) return failed('The new name is empty; type the new name.');
  if (newName.length > URN_MAX_LENGTH) return failed(`The new name is ${countText(newName.length)} characters long; DataHub refuses URNs over ${URN_MAX_LENGTH} characters. Choose a shorter name.`);
  if (hasControls(newName)) return failed(`The new name has a line break or another control character; DataHub refuses those in ${describeKind(subject)}s. Type it on one line.`);
  if (looksLikeUrn(newName)) {
    const next = subjectOfUrn(newName);
    if (!next.ok) return next;
    if (next.value.kind !== subject.kind) return failed(`'${newName}' names a ${describeKind(next.value)}, but ${describeKind(subject)} '${subject.urn}' is being renamed; type a ${describeKind(subject)} URN or just the new ${partName(subject)}.`);
    return subject.kind === 'property' ? checkedProperty(next.value.kind === 'property' ? next.value.id : newName) : succeeded(next.value);
  }
  if (subject.kind === 'property') return checkedProperty(newName);
  const urn = subject.kind === 'dataset' ? makeDatasetUrn(subject.platform, newName, subject.env) : makeSchemaFieldUrn(subject.parent, newName);
  const next = subjectOfUrn(urn);
  return next.ok ? next : failed(`'${newName}' cannot be a ${partName(subject)}: ${next.problem}`);
}

function checkedProperty(id: string): Result<RenameSubject> {
  if (/\s/.test(id)) return failed(`The property id '${id}' contains a space; DataHub rejects ids and qualified names with spaces. Use e.g. '${id.replace(/\s+/g, '_')}'.`);
  const urn = PROPERTY_URN_PREFIX + id;
  const parsed = parseUrn(urn);
  if (!parsed.ok) return failed(`'${id}' cannot be a property id: ${parsed.error.message}`);
  return succeeded({ kind: 'property', urn, id });
}

export function describeKind(subject: RenameSubject): string {
  return subject.kind === 'property' ? 'structured property' : subject.kind === 'dataset' ? 'dataset' : 'schema field';
}

function partName(subject: RenameSubject): string {
  return subject.kind === 'property' ? 'property id' : subject.kind === 'dataset' ? 'dataset name' : 'field path';
}
