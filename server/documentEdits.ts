import { TextDocuments, type TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import type { EditsSince, TextEdit } from '../core/incremental/textEdit';
import { isTooLargeToCheck } from '../core/workspace/openDocumentLimit';
import type { ClientPositions } from './convert';
import { EditorDocument } from './editorDocument';

/**
 * The edits of incremental sync, in offsets, kept per document until the analysis catches up (a
 * whole text, from a client that sends those, is recorded as the stretch that changed).
 * TextDocuments applies each `didChange` to its text; the hook below also records the change
 * ranges (converted to offsets of the text each applies to), so core/incremental can read only
 * what changed. Nothing is analysed here: a burst of keystrokes is only recorded, and the work is
 * done once, for the newest version, when something asks for it.
 */
export class EditLog {
  private readonly pending = new Map<string, { fromVersion: number; toVersion: number; edits: TextEdit[] }>();

  record(document: EditorDocument, changes: readonly TextDocumentContentChangeEvent[], version: number): EditorDocument {
    // A document too large to check is read whole when it shrinks again: nothing is recorded or compared.
    if (isTooLargeToCheck(document.getText())) {
      this.pending.delete(document.uri);
      return document.update(changes, version);
    }
    const fromVersion = document.version;
    let current = document;
    const edits: TextEdit[] = [];
    for (const change of changes) {
      // A client that sends the whole text (full sync) still changed only a stretch of it.
      edits.push('range' in change ? { ...current.offsetsOf(change.range), text: change.text } : changedStretch(current.getText(), change.text));
      current = current.update([change], version);
    }
    if (isTooLargeToCheck(current.getText())) {
      this.pending.delete(document.uri);
      return current;
    }
    const log = this.pending.get(document.uri);
    if (log && log.toVersion === fromVersion) this.pending.set(document.uri, { fromVersion: log.fromVersion, toVersion: version, edits: [...log.edits, ...edits] });
    else this.pending.set(document.uri, { fromVersion, toVersion: version, edits });
    return current;
  }

  /** The edits recorded up to `toVersion` and the version they start from, handed down with the text (the log starts afresh); undefined when they do not lead to it. */
  take(uri: string, toVersion: number): EditsSince | undefined {
    const log = this.pending.get(uri);
    this.pending.delete(uri);
    return log && log.toVersion === toVersion ? { fromVersion: log.fromVersion, edits: log.edits } : undefined;
  }

  forget(uri: string): void {
    this.pending.delete(uri);
  }
}

/** The one edit that turns `before` into `after`: everything between their common start and common end. */
export function changedStretch(before: string, after: string): TextEdit {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < shorter - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return { start, end: before.length - end, text: after.slice(start, after.length - end) };
}

/** TextDocuments whose updates also go into `log`, each change's range first read in the client's position encoding. */
export function recordingTextDocuments(log: EditLog, positions: ClientPositions): TextDocuments<EditorDocument> {
  return new TextDocuments<EditorDocument>({
    create: (uri, languageId, version, content) => EditorDocument.create(uri, languageId, version, content),
    update: (document, changes, version) => log.record(document, inServerPositions(document, changes, positions), version),
  });
}

/** Each change in UTF-16 positions of the text it applies to (the one before it applied first). */
function inServerPositions(document: EditorDocument, changes: readonly TextDocumentContentChangeEvent[], positions: ClientPositions): TextDocumentContentChangeEvent[] {
  if (positions.encoding === 'utf-16') return [...changes];
  // The changes are applied to a copy: the document itself keeps its line starts for the update after this.
  let current = EditorDocument.create(document.uri, document.languageId, document.version, document.getText());
  return changes.map((change) => {
    const converted = positions.toServerChange(current, change);
    current = current.update([converted], current.version);
    return converted;
  });
}
