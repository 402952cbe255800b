import { TextDocuments, type TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from '../core/incremental/documentAnalysis';

/**
 * The edits of incremental sync, in offsets, kept per document until the analysis catches up.
 * TextDocuments applies each `didChange` to its text; the hook below also records the change
 * ranges (converted to offsets of the text each applies to), so core/incremental can read only
 * what changed. Nothing is analysed here: a burst of keystrokes is only recorded, and the work is
 * done once, for the newest version, when something asks for it.
 */
export class EditLog {
  private readonly pending = new Map<string, { fromVersion: number; toVersion: number; edits: TextEdit[] }>();

  record(document: TextDocument, changes: readonly TextDocumentContentChangeEvent[], version: number): TextDocument {
    // TextDocument.update changes the document in place: its version before the changes is read first.
    const fromVersion = document.version;
    let current = document;
    const edits: TextEdit[] = [];
    let whole = false;
    for (const change of changes) {
      if ('range' in change) {
        edits.push({ start: current.offsetAt(change.range.start), end: current.offsetAt(change.range.end), text: change.text });
      } else {
        whole = true;
      }
      current = TextDocument.update(current, [change], version);
    }
    const log = this.pending.get(document.uri);
    if (whole) this.pending.delete(document.uri);
    else if (log && log.toVersion === fromVersion) this.pending.set(document.uri, { fromVersion: log.fromVersion, toVersion: version, edits: [...log.edits, ...edits] });
    else this.pending.set(document.uri, { fromVersion, toVersion: version, edits });
    return current;
  }

  /** The edits that lead from `fromVersion` to `toVersion`, or undefined when they are not all known (then read whole). */
  take(uri: string, fromVersion: number, toVersion: number): TextEdit[] | undefined {
    const log = this.pending.get(uri);
    this.pending.delete(uri);
    return log && log.fromVersion === fromVersion && log.toVersion === toVersion ? log.edits : undefined;
  }

  forget(uri: string): void {
    this.pending.delete(uri);
  }
}

/** TextDocuments whose updates also go into `log`. */
export function recordingTextDocuments(log: EditLog): TextDocuments<TextDocument> {
  return new TextDocuments<TextDocument>({
    create: (uri, languageId, version, content) => TextDocument.create(uri, languageId, version, content),
    update: (document, changes, version) => log.record(document, changes, version),
  });
}
