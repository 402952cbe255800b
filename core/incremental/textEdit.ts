/** One edit, in offsets of the text it applies to (an LSP content change, converted at the edge: server/documentEdits.ts). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * The edits of an open document since the version the session last read, handed down with the
 * editor's text: `fromVersion` is the version they apply to; undefined edits mean they are not all
 * known (the text is then read whole).
 */
export interface EditsSince {
  fromVersion: number;
  edits: TextEdit[];
}
