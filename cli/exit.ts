/**
 * A step of a CLI verb: its value, or the exit code after the step has told the problem (on
 * stderr, or the usage on stdout for `--help`). Callers test `ok`, never the value's type.
 */
export type OrExit<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly exit: number };

/** The value of a step that went through. */
export function proceed<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

/** The exit code of a step that stopped the verb (the problem already told). */
export function exitWith(code: number): { readonly ok: false; readonly exit: number } {
  return { ok: false, exit: code };
}
