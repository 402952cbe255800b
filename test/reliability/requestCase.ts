/** One hostile or malformed request a reliability test sends, as the attacker would write it. */
export interface RequestCase {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  /** the exact bytes, where an object literal cannot spell them (`{__proto__: …}` sets a prototype) */
  raw?: string;
  contentType?: string;
}
