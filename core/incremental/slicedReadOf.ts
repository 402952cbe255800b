import { mayBeJson, type DocumentParts, type ReadOptions } from '../formats';
import { SlicedJsonRead } from './slicedJsonRead';
import { SlicedRead, type SlicedOutcome } from './slicedRead';

/** A large open document read a run of its parts at a time (core/workspace/openInSlices.ts runs it). */
export interface SlicedDocumentRead {
  readonly uri: string;
  readonly text: string;
  /** how far the text is read */
  readonly readChars: number;
  /** reads for about `budgetMs`; the outcome once the read is over */
  step(budgetMs: number): SlicedOutcome | undefined;
  /** the parts read so far, before the read is over */
  soFar(): { parts: DocumentParts; readChars: number } | undefined;
}

/** The read in slices of a document: a JSON text's elements (./slicedJsonRead.ts), a YAML list format's items (./slicedRead.ts). */
export function slicedReadOf(uri: string, text: string, options: ReadOptions, limit: number): SlicedDocumentRead {
  return mayBeJson(uri) ? new SlicedJsonRead(uri, text, options, limit) : new SlicedRead(uri, text, options, limit);
}
