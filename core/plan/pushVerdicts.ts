import type { ServiceTarget } from '../rules/target';
import type { TypeNamespace } from '../urn';

/** A position as editors count it: 0-based line and UTF-16 character. */
export interface PushPosition {
  line: number;
  character: number;
}

/** An error in a file to push, in positions (plain data: it crosses the language server protocol). */
export interface PushProblem {
  range: { start: PushPosition; end: PushPosition };
  code: string;
  message: string;
}

/** One file a push would send, and the errors that block it. */
export interface PushFileVerdict {
  uri: string;
  /** the format the file was read as */
  format: string;
  /** its errors, judged for the service being written to; empty when it may be pushed */
  errors: PushProblem[];
}

/** The verdicts of a push: which files it sends, which of them have errors, and for which service. */
export interface PushVerdicts {
  /** the service the files were judged for */
  serviceUrl: string;
  target: ServiceTarget;
  /** the namespace of the type URNs the push writes (the one the service uses) */
  typeNamespace: TypeNamespace;
  /** every metadata file of the push, sorted by URI */
  files: PushFileVerdict[];
}
