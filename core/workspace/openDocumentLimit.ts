import { countText } from '../common/countText';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import { shellPath } from '../output/shellPath';
import { MAX_FILE_BYTES } from './metadataFiles';

/**
 * Open documents longer than this (in UTF-16 characters, what the editor sends: 2,097,152, the
 * same 2 MiB as files read from disk, MAX_FILE_BYTES) are not checked whole as they are typed: a
 * 20 MB dataset YAML held the server for 39 s and 1.7 GB. A YAML list format is read and checked up
 * to the last item that ends under the limit, in slices ("checked partially"); any other format
 * is not read. Either way one Information diagnostic says so, the language status names the
 * document, and `catalog-code validate` checks all of it (the CLI has no limit). Measured in
 * docs/performance.md.
 */
export const MAX_OPEN_DOCUMENT_CHARS = MAX_FILE_BYTES;

/**
 * Open documents at least this long (256 KiB, about 10,000 lines of dataset YAML) are read in
 * slices between other requests (core/workspace/backgroundReads.ts) when their format allows it
 * (a YAML list at the top level: dataset YAML, properties YAML): the first items are checked at
 * once, the rest follow. Shorter ones are read in one step, which takes less than a slice's worth
 * of waiting would save.
 */
export const SLICED_READ_FROM_CHARS = 256 * 1024;

/** How long the first slice of a document read in slices may run, so its first diagnostics come with the first answer. */
export const FIRST_SLICE_MS = 20;

/**
 * How much of an open document the session has read and checked (absent: all of it): `reading`
 * while it is read in slices; `partial` when it is over MAX_OPEN_DOCUMENT_CHARS and was read up to
 * the last item that ends under it (`readChars`); `unchecked` when it is over the limit and its
 * format cannot be read in part (then nothing of it is read).
 */
export type DocumentCoverage = { state: 'reading' } | { state: 'partial'; readChars: number } | { state: 'unchecked' };

/** An open document too large to check as it is typed and of a format that cannot be read in part. */
export function tooLargeToCheck(entry: { open: boolean; coverage?: DocumentCoverage }): boolean {
  return entry.open && entry.coverage?.state === 'unchecked';
}

export function isTooLargeToCheck(text: string): boolean {
  return text.length > MAX_OPEN_DOCUMENT_CHARS;
}

/** The model of a document that is not read: no format, no facts. */
export function uncheckedModel(uri: string): DocumentModel {
  return { uri, format: null, detectedBy: 'none', facts: [], parseProblems: [] };
}

/** The one diagnostic of an open document too large to check, at its first character. */
export function tooLargeDiagnostic(uri: string, length: number): CoreDiagnostic {
  const size = `${(length / (1024 * 1024)).toFixed(1)} MiB (${countText(length)} characters)`;
  return {
    range: { start: 0, end: 0 },
    severity: 'information',
    code: 'document.tooLarge',
    message:
      `This document is too large to check as you type: ${size}, over the ${MAX_OPEN_DOCUMENT_CHARS / (1024 * 1024)} MiB (${countText(MAX_OPEN_DOCUMENT_CHARS)} characters) limit of open documents. ` +
      `Run catalog-code validate ${shellPath(uri)} to check it, or split it into smaller files.`,
  };
}

/** The one diagnostic of an open document over the limit that was checked up to `readChars`, at its first character. */
export function partiallyCheckedDiagnostic(uri: string, readChars: number, length: number): CoreDiagnostic {
  return {
    range: { start: 0, end: 0 },
    severity: 'information',
    code: 'document.tooLarge',
    message:
      `Checked partially: ${megabytes(readChars)} MB of this ${megabytes(length)} MB document, the items up to character ${countText(readChars)}. ` +
      `Open documents over ${MAX_OPEN_DOCUMENT_CHARS / (1024 * 1024)} MiB (${countText(MAX_OPEN_DOCUMENT_CHARS)} characters) are checked up to that limit as you type; ` +
      `run catalog-code validate ${shellPath(uri)} to check all of it, or split it into smaller files.`,
  };
}

/** Characters as megabytes with one decimal, the way the status and diagnostics name sizes ("checked partially: 2.1 MB"). */
export function megabytes(chars: number): string {
  return (chars / 1_000_000).toFixed(1);
}
