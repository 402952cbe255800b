import type { EntityDeclarationFact } from '../model/facts';
import type { Located, SourceRange } from '../model/range';
import { logValue } from '../output/logText';
import { failed, succeeded, type Result } from '../common/result';
import { nestedUrns } from './locate';
import type { RenameSubject } from './renameTarget';
import { inFlowContext, rewriteScalar, scalarAt, writableInsideAnyString } from './scalarRewrite';
import type { WorkspaceDocument } from '../workspace/workspaceDocument';

/** One text edit of a rename, in offsets of the document's text. */
export interface RenameTextEdit {
  range: SourceRange;
  text: string;
}

/** A place that names the subject: a written string (its value as the model read it) and what it becomes. */
interface Occurrence {
  located: Located<string>;
  /** the new value, from the value as written */
  next: (written: string) => string | undefined;
}

/** Every occurrence of `old` nested in `urn` (a dataset inside a schemaField URN) replaced by `next`; undefined when there is none. */
export function replaceNested(urn: string, old: string, next: string): string | undefined {
  if (urn === old) return next;
  const found = nestedUrns(urn, 0).filter((nested) => nested.urn === old);
  if (found.length === 0) return undefined;
  let out = urn;
  for (const { range } of found.reverse()) out = out.slice(0, range.start) + next + out.slice(range.end);
  return out;
}

/** The line (1-based) and file name of an offset, for messages. */
export function where(document: WorkspaceDocument, offset: number): string {
  return `${fileNameOf(document.uri)}:${document.lineIndex.positionAt(offset).line + 1}`;
}

/** The file name of a URI, decoded when it can be (a malformed escape is shown as written). */
export function fileNameOf(uri: string): string {
  const name = uri.slice(uri.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * The edits that rename `from` to `to` in one document: every URN that names it (also nested in
 * another URN and in JSON serialised inside a string), property ids and qualified names, and the
 * fields a dataset or field declaration builds its URN from. Refused, with where and why, where a
 * name is written in a form that cannot be rewritten safely.
 */
export function renameEditsIn(document: WorkspaceDocument, from: RenameSubject, to: RenameSubject): Result<RenameTextEdit[]> {
  const occurrences: Occurrence[] = [];
  const urnNext = (written: string) => replaceNested(written, from.urn, to.urn);
  for (const fact of document.model.facts) {
    if (fact.kind === 'entityRef') occurrences.push({ located: { value: fact.urn, range: fact.range }, next: from.kind === 'property' ? propertyNext(from, to) : urnNext });
    else if (from.kind === 'property' && to.kind === 'property') {
      if (fact.kind === 'propertyAssignment') occurrences.push({ located: fact.property, next: propertyNext(from, to) });
      if (fact.kind === 'propertyDefinition') for (const located of [fact.id, fact.qualifiedName]) if (located) occurrences.push({ located, next: propertyNext(from, to) });
    } else if (fact.kind === 'entityDeclaration' && fact.urn.value === from.urn) {
      const derived = declarationEdits(document, fact, from, to);
      if (!derived.ok) return derived;
      occurrences.push(...derived.value);
    }
  }
  return editsOf(document, occurrences);
}

function propertyNext(from: RenameSubject, to: RenameSubject) {
  return (written: string): string | undefined => {
    if (from.kind !== 'property' || to.kind !== 'property') return undefined;
    if (written === from.id) return to.id;
    return replaceNested(written, from.urn, to.urn);
  };
}

/** A declaration whose URN is built from its fields (`id`/`name`, `platform`, `env`): the fields that change. */
function declarationEdits(document: WorkspaceDocument, fact: EntityDeclarationFact, from: RenameSubject, to: RenameSubject): Result<Occurrence[]> {
  const written = scalarAt(document.text, fact.urn.range)?.value;
  if (written === fact.urn.value) return succeeded([]); // written as a URN: an entityRef covers it
  if (from.kind === 'schemaField' && to.kind === 'schemaField') {
    if (from.parent !== to.parent) return failed(`${where(document, fact.urn.range.start)} declares the field '${from.fieldPath}' inside its dataset; a new name can change its path, not its dataset. Type only the new field path.`);
    return succeeded([{ located: { value: from.fieldPath, range: fact.urn.range }, next: () => to.fieldPath }]);
  }
  if (from.kind !== 'dataset' || to.kind !== 'dataset') return succeeded([]);
  const out: Occurrence[] = [];
  const instance = typeof fact.fields.platform_instance?.value === 'string' ? fact.fields.platform_instance.value : undefined;
  let name = to.name;
  if (instance !== undefined) {
    if (!to.name.startsWith(`${instance}.`)) return failed(`${where(document, fact.urn.range.start)} declares the dataset on platform instance '${instance}', so its name must start with '${instance}.'; type a name that does, or change platform_instance there by hand first.`);
    name = to.name.slice(instance.length + 1);
  }
  out.push({ located: { value: written ?? '', range: fact.urn.range }, next: () => name });
  if (to.platform !== from.platform) {
    const platform = fact.fields.platform;
    if (!platform) return failed(`${where(document, fact.range.start)} declares the dataset without a platform field to change; edit it by hand.`);
    out.push({ located: { value: String(platform.value), range: platform.range }, next: (old) => (old.startsWith('urn:li:dataPlatform:') ? `urn:li:dataPlatform:${to.platform}` : to.platform) });
  }
  if (to.env !== from.env) {
    const env = fact.fields.env;
    if (!env) return failed(`${where(document, fact.range.start)} declares the dataset without env (so ${from.env}); add \`env: ${to.env}\` there by hand, or keep the environment.`);
    out.push({ located: { value: String(env.value), range: env.range }, next: () => to.env });
  }
  return succeeded(out);
}

/** The text edits of the occurrences, each written the way its string is written; one edit per range. */
function editsOf(document: WorkspaceDocument, occurrences: readonly Occurrence[]): Result<RenameTextEdit[]> {
  const byRange = new Map<string, RenameTextEdit>();
  for (const { located, next } of occurrences) {
    const key = `${located.range.start}:${located.range.end}`;
    if (byRange.has(key) || located.range.end <= located.range.start) continue;
    const edit = editOf(document, located, next);
    if (!edit.ok) return edit;
    if (edit.value) byRange.set(key, edit.value);
  }
  const edits = [...byRange.values()].sort((a, b) => a.range.start - b.range.start);
  for (let i = 1; i < edits.length; i++) {
    if (edits[i].range.start < edits[i - 1].range.end) return failed(`${where(document, edits[i].range.start)} names the old name twice in overlapping text; rename it there by hand.`);
  }
  return succeeded(edits);
}

function editOf(document: WorkspaceDocument, located: Located<string>, next: (written: string) => string | undefined): Result<RenameTextEdit | undefined> {
  const { text } = document;
  const scalar = scalarAt(text, located.range);
  if (scalar) {
    const value = next(scalar.value);
    if (value === undefined || value === scalar.value) return succeeded(undefined);
    return succeeded(rewriteScalar(scalar, located.range, value, inFlowContext(text, located.range.start)));
  }
  // Part of a string (a JSON-patch path key): only where it is written exactly as the model read it.
  const raw = text.slice(located.range.start, located.range.end);
  const value = next(located.value);
  if (value === undefined) return succeeded(undefined);
  if (raw !== located.value) return failed(`${where(document, located.range.start)} names it as '${logValue(raw.slice(0, 80))}' (a YAML alias, a URL-encoded patch path or an escaped string), which this rename cannot rewrite in place; rename it there by hand, then rename again.`);
  if (!writableInsideAnyString(value)) return failed(`${where(document, located.range.start)} holds the name inside a longer string (a JSON-patch path); the new name has characters that would need escaping there. Choose a name of letters, digits and . _ - : or rename it there by hand.`);
  return succeeded({ range: located.range, text: value });
}
