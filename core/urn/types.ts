/** A plain (non-URN) key part. `value` has DataHub's `%2C` `%28` `%29` escapes decoded; `raw` is as written. */
export interface UrnText {
  kind: 'text';
  value: string;
  raw: string;
  start: number;
  end: number;
}

/**
 * A parsed URN. Offsets (`start`/`end`, and those of every part) are relative to the start of the
 * string given to `parseUrn`, so a nested URN knows where it sits in the outer text.
 */
export interface ParsedUrn {
  kind: 'urn';
  entityType: string;
  parts: UrnPart[];
  /** the key was written as `(...)` */
  tuple: boolean;
  raw: string;
  start: number;
  end: number;
}

export type UrnPart = UrnText | ParsedUrn;

export type UrnErrorCode =
  | 'urn.syntax'
  | 'urn.arity'
  | 'urn.partKind'
  | 'urn.environment'
  | 'urn.platform'
  | 'urn.tooLong'
  | 'urn.unknownType'
  | 'urn.dataType'
  | 'urn.entityType';

export interface UrnError {
  code: UrnErrorCode | string;
  message: string;
  /** where the problem is, relative to the start of the parsed string */
  offset: number;
  length: number;
  /** replacements for the text at offset..offset+length, best first; empty when none is obvious */
  candidates: string[];
  /**
   * 'warning' for values DataHub itself accepts but that look like a slip (a platform name one
   * letter away from a known one, an unknown entity type close to a known one). Absent means error.
   */
  severity?: 'error' | 'warning';
  /**
   * A warning that a strict reader refuses: a GMS with STRICT_URN_VALIDATION_ENABLED, or DataHub's
   * CLI where it reads the URN as a typed URN (Urn.from_string). Those formats report it as an error.
   */
  strictOnly?: true;
}

export type UrnParseResult =
  | {
      ok: true;
      urn: ParsedUrn;
      /** advisory findings on a URN DataHub accepts (e.g. `urn:li:datset:x` looks like `dataset`) */
      warnings?: UrnError[];
    }
  | {
      ok: false;
      error: UrnError;
      /** present when the URN's shape parsed and only a type-level check failed (arity, environment, ...) */
      urn?: ParsedUrn;
      /** advisory findings made before the error (a misspelt platform before a wrong environment); report them too */
      warnings?: UrnError[];
    };
