/**
 * The outcome of a step that can fail with a reason: the value, or the problem (a message in
 * words unless a caller chooses another shape). Tested with `result.ok`, never by the value's type.
 */
export type Result<T, P = string> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: P };

/** A successful result. */
export function succeeded<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

/** A failed result, with why. */
export function failed<P = string>(problem: P): { readonly ok: false; readonly problem: P } {
  return { ok: false, problem };
}
