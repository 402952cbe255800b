import { fileURLToPath } from 'node:url';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import { MAX_FILE_BYTES } from './metadataFiles';

/**
 * Open documents longer than this (in UTF-16 characters, what the editor sends: 2,097,152, the
 * same 2 MiB as files read from disk, MAX_FILE_BYTES) are not checked as they are typed: a 20 MB
 * dataset YAML held the server for 39 s and 1.7 GB. Such a document gets one diagnostic saying so,
 * the language status names it, and `catalog-code validate` checks it (the CLI has no limit).
 * Measured in docs/performance.md: up to this size a first check takes seconds, later edits
 * milliseconds (core/incremental).
 */
export const MAX_OPEN_DOCUMENT_CHARS = MAX_FILE_BYTES;

export function isTooLargeToCheck(text: string): boolean {
  return text.length > MAX_OPEN_DOCUMENT_CHARS;
}

/** The model of a document that is not read: no format, no facts. */
export function uncheckedModel(uri: string): DocumentModel {
  return { uri, format: null, detectedBy: 'none', facts: [], parseProblems: [] };
}

/** The one diagnostic of an open document too large to check, at its first character. */
export function tooLargeDiagnostic(uri: string, length: number): CoreDiagnostic {
  const size = `${(length / (1024 * 1024)).toFixed(1)} MiB (${length.toLocaleString('en-US')} characters)`;
  return {
    range: { start: 0, end: 0 },
    severity: 'information',
    code: 'document.tooLarge',
    message:
      `This document is too large to check as you type: ${size}, over the ${MAX_OPEN_DOCUMENT_CHARS / (1024 * 1024)} MiB (${MAX_OPEN_DOCUMENT_CHARS.toLocaleString('en-US')} characters) limit of open documents. ` +
      `Run catalog-code validate ${shellPath(uri)} to check it, or split it into smaller files.`,
  };
}

/** The file's path as a shell argument (the URI when it is not a file). */
export function shellPath(uri: string): string {
  let path = uri;
  try {
    if (uri.startsWith('file:')) path = fileURLToPath(uri);
  } catch {
    // not a path: the URI says where it is
  }
  return /^[\w./:@+-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}
