import { JsonArray, JsonLiteral, JsonObject, JsonProperty, type JsonNode, type JsonSource, type JsonString, identityOffset } from './jsonNodes';
import { shortStrings } from './shortStrings';
import type { DocNode, MapEntry } from './tree';

/**
 * The fast path for well-formed JSON: one pass over the text straight into the neutral tree,
 * without jsonc-parser's intermediate tree (which costs several times JSON.parse on a large MCP
 * file). It accepts exactly RFC 8259 JSON and gives up — returning `FALL_BACK` — on anything
 * else: a syntax error, a comment, a trailing comma, a repeated key, deep nesting or empty text.
 * The caller then takes the jsonc-parser path, which reports the problem; so for every input the
 * tree is the one jsonc-parser's path builds (test/property/formats/jsonFast.test.ts checks this).
 */

export const FALL_BACK = Symbol('fall back to the tolerant JSON parser');

/** The tolerant path stops converting below this depth; deeper input falls back to it. */
const MAX_DEPTH = 400;

/** Builds the scalar of a JSON string token `[start, end)` (quotes included); shared with jsonTree.ts. */
export type StringScalarFactory = (start: number, end: number, value: string) => JsonString;

export function parseJsonFast(
  text: string,
  map: (offset: number) => number,
  stringScalar: StringScalarFactory,
): DocNode | typeof FALL_BACK {
  try {
    const parser = new StrictParser({ text, map }, stringScalar);
    parser.skipSpace();
    if (parser.pos >= text.length) return FALL_BACK;
    const root = parser.value(0);
    parser.skipSpace();
    return parser.pos === text.length ? root : FALL_BACK;
  } catch (error) {
    if (error === FALL_BACK) return FALL_BACK;
    throw error;
  }
}

/**
 * Reads a text whose value is a top-level array one element at a time: `visit` gets each element's
 * tree, which is garbage once it returns, so a large MCP file never holds the whole tree. Returns
 * FALL_BACK, possibly after some visits, when the text is not strict JSON or not an array.
 */
export function forEachJsonArrayElement(
  text: string,
  stringScalar: StringScalarFactory,
  visit: (element: DocNode, index: number) => void,
): true | typeof FALL_BACK {
  try {
    const parser = new StrictParser({ text, map: identityOffset }, stringScalar);
    parser.skipSpace();
    if (text.charCodeAt(parser.pos) !== 91 /* [ */) return FALL_BACK;
    parser.pos++;
    parser.skipSpace();
    let index = 0;
    if (text.charCodeAt(parser.pos) !== 93 /* ] */) {
      for (;;) {
        visit(parser.value(1), index++);
        parser.skipSpace();
        const next = text.charCodeAt(parser.pos);
        if (next === 44 /* , */) {
          parser.pos++;
          parser.skipSpace();
        } else if (next === 93) break;
        else return FALL_BACK;
      }
    }
    parser.pos++;
    parser.skipSpace();
    return parser.pos === text.length ? true : FALL_BACK;
  } catch (error) {
    if (error === FALL_BACK) return FALL_BACK;
    throw error;
  }
}

/**
 * One element of a top-level array, re-read where it starts after an edit: the value at `start`
 * (parsed at the depth of an array element), or FALL_BACK when no strict JSON value starts there.
 * `end` is where the value stops; the caller checks it is where the element must end. `map`: how
 * an offset of `text` becomes a document offset, when `text` is the element's own text
 * (core/incremental/documentAnalysis.ts); `stringScalar` must map alike.
 */
export function parseJsonElementAt(text: string, start: number, stringScalar: StringScalarFactory, map: (offset: number) => number = identityOffset): { node: DocNode; end: number } | typeof FALL_BACK {
  try {
    const parser = new StrictParser({ text, map }, stringScalar);
    parser.pos = start;
    const node = parser.value(1);
    return { node, end: parser.pos };
  } catch (error) {
    if (error === FALL_BACK) return FALL_BACK;
    throw error;
  }
}

/** The first offset at or after `from` that is not JSON whitespace (space, tab, line feed, carriage return). */
export function skipJsonSpace(text: string, from: number): number {
  let at = from;
  for (;;) {
    const code = text.charCodeAt(at);
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) return at;
    at++;
  }
}

/** Whether `name` is already a key of `entries`: a scan for the usual small object, a set beyond. */
function repeated(entries: readonly MapEntry[], name: string): boolean {
  if (entries.length < 16) {
    for (let i = 0; i < entries.length; i++) if (entries[i].key.value === name) return true;
    return false;
  }
  let keys = keySets.get(entries);
  if (!keys) {
    keys = new Set(entries.map((entry) => entry.key.value as string));
    keySets.set(entries, keys);
  }
  if (keys.has(name)) return true;
  keys.add(name);
  return false;
}

/** The key sets of large objects being read, dropped with their entry arrays. */
const keySets = new WeakMap<readonly MapEntry[], Set<string>>();

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

class StrictParser {
  pos = 0;
  private readonly text: string;

  constructor(
    private readonly source: JsonSource,
    private readonly stringScalar: StringScalarFactory,
  ) {
    this.text = source.text;
  }

  skipSpace(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 32 || c === 10 || c === 13 || c === 9) pos++;
      else break;
    }
    this.pos = pos;
  }

  value(depth: number): JsonNode {
    if (depth > MAX_DEPTH) throw FALL_BACK;
    const c = this.text.charCodeAt(this.pos);
    switch (c) {
      case 123 /* { */:
        return this.object(depth);
      case 91 /* [ */:
        return this.array(depth);
      case 34 /* " */:
        return this.string();
      case 116 /* t */:
        return this.word('true', true);
      case 102 /* f */:
        return this.word('false', false);
      case 110 /* n */:
        return this.word('null', null);
      default:
        return this.number();
    }
  }

  private object(depth: number): JsonObject {
    const start = this.pos++;
    const entries: MapEntry[] = [];
    this.skipSpace();
    if (this.text.charCodeAt(this.pos) !== 125 /* } */) {
      for (;;) {
        if (this.text.charCodeAt(this.pos) !== 34) throw FALL_BACK;
        const key = this.string();
        const name = key.value as string;
        // A repeated key is reported by the tolerant path.
        if (repeated(entries, name)) throw FALL_BACK;
        this.skipSpace();
        if (this.text.charCodeAt(this.pos) !== 58 /* : */) throw FALL_BACK;
        this.pos++;
        this.skipSpace();
        const value = this.value(depth + 1);
        entries.push(new JsonProperty(key, value));
        this.skipSpace();
        const next = this.text.charCodeAt(this.pos);
        if (next === 44 /* , */) {
          this.pos++;
          this.skipSpace();
        } else if (next === 125) break;
        else throw FALL_BACK;
      }
    }
    this.pos++;
    return new JsonObject(this.source, start, this.pos, entries);
  }

  private array(depth: number): JsonArray {
    const start = this.pos++;
    const items: DocNode[] = [];
    this.skipSpace();
    if (this.text.charCodeAt(this.pos) !== 93 /* ] */) {
      for (;;) {
        items.push(this.value(depth + 1));
        this.skipSpace();
        const next = this.text.charCodeAt(this.pos);
        if (next === 44) {
          this.pos++;
          this.skipSpace();
        } else if (next === 93) break;
        else throw FALL_BACK;
      }
    }
    this.pos++;
    return new JsonArray(this.source, start, this.pos, items);
  }

  private string(): JsonString {
    const text = this.text;
    const start = this.pos;
    let pos = start + 1;
    let escaped = false;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 34) break;
      if (c === 92 /* \ */) {
        escaped = true;
        pos += 2;
        continue;
      }
      // Control characters, and the end of the text (NaN), are errors the tolerant path words.
      if (!(c >= 32)) throw FALL_BACK;
      pos++;
    }
    const end = pos + 1;
    let value: string;
    if (!escaped) value = shortStrings.of(text, start + 1, pos);
    else {
      try {
        value = JSON.parse(text.slice(start, end)) as string;
      } catch {
        throw FALL_BACK;
      }
    }
    this.pos = end;
    return this.stringScalar(start, end, value);
  }

  private word(word: string, value: boolean | null): JsonLiteral {
    if (!this.text.startsWith(word, this.pos)) throw FALL_BACK;
    const start = this.pos;
    this.pos += word.length;
    return new JsonLiteral(this.source, start, this.pos, value);
  }

  private number(): JsonLiteral {
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match || match[0].length === 0) throw FALL_BACK;
    const start = this.pos;
    this.pos += match[0].length;
    return new JsonLiteral(this.source, start, this.pos, Number(match[0]));
  }
}
