import type { SourceRange } from '../model/range';
import type { DocNode, MapEntry, MapNode, ScalarNode, ScalarValue, SeqNode } from './tree';

/**
 * The neutral tree's nodes as the JSON parsers build them (jsonFast.ts, jsonTree.ts): each keeps
 * its offsets as numbers and makes its `range` (and a string's `inner`) only when an adapter asks
 * for it, then keeps that object, so every asker gets the same one (facts share ranges, see
 * core/incremental/shiftRanges.ts). Most nodes of a large file are never asked: a 90,000-line
 * proposal file made about 300,000 range objects per read before, a few tens of thousands now,
 * and `type` sits on the prototype instead of in every node. Ranges are plain `{start, end}`
 * objects, exactly what an eagerly built tree holds.
 */

/** The text offsets point into, and how an offset becomes a document offset (JSON held inside a JSON string). */
export interface JsonSource {
  readonly text: string;
  readonly map: (offset: number) => number;
}

export const identityOffset = (offset: number): number => offset;

function rangeIn(source: JsonSource, start: number, end: number): SourceRange {
  return { start: source.map(start), end: source.map(end) };
}

/** A node with `[start, end)` offsets in its source. */
abstract class JsonNodeBase {
  private cachedRange: SourceRange | undefined = undefined;

  constructor(
    readonly source: JsonSource,
    readonly start: number,
    readonly end: number,
  ) {}

  get range(): SourceRange {
    return (this.cachedRange ??= rangeIn(this.source, this.start, this.end));
  }
}

/** A number, true, false or null: its range is also its inner range. */
export class JsonLiteral extends JsonNodeBase implements ScalarNode {
  declare readonly type: 'scalar';

  constructor(
    source: JsonSource,
    start: number,
    end: number,
    readonly value: ScalarValue,
  ) {
    super(source, start, end);
  }

  get inner(): SourceRange {
    return this.range;
  }
}

/**
 * A string token `[start, end)` (quotes included, the closing quote possibly missing, as the
 * tolerant parser reports it) whose decoded value is `value`. offsetOf is made when asked for,
 * not a closure per string.
 */
export class JsonString extends JsonNodeBase implements ScalarNode {
  declare readonly type: 'scalar';
  private cachedInner: SourceRange | undefined = undefined;
  /** raw offsets of the decoded characters, when escapes make them differ (null: they do not) */
  private decoded: number[] | null | undefined = undefined;

  constructor(
    source: JsonSource,
    start: number,
    end: number,
    readonly value: string,
  ) {
    super(source, start, end);
  }

  private get rawStart(): number {
    return this.start + 1;
  }

  private get rawEnd(): number {
    const closed = this.end - this.start >= 2 && this.source.text.charCodeAt(this.end - 1) === 34; /* " */
    return closed ? this.end - 1 : this.end;
  }

  get inner(): SourceRange {
    return (this.cachedInner ??= rangeIn(this.source, this.rawStart, this.rawEnd));
  }

  /** A function, as callers hold it apart from the node; created only when asked for. */
  get offsetOf(): (index: number) => number {
    return (index) => this.offsetAt(index);
  }

  private offsetAt(index: number): number {
    const { text, map } = this.source;
    const rawStart = this.rawStart;
    const rawEnd = this.rawEnd;
    if (this.decoded === undefined) {
      const verbatim = rawEnd - rawStart === this.value.length && text.startsWith(this.value, rawStart);
      this.decoded = verbatim ? null : decodedOffsets(text.slice(rawStart, rawEnd));
    }
    if (this.decoded === null) return map(rawStart + index);
    const raw = this.decoded;
    return map(rawStart + (raw[Math.min(index, raw.length - 1)] ?? rawEnd - rawStart));
  }
}

export class JsonObject extends JsonNodeBase implements MapNode {
  declare readonly type: 'map';

  constructor(
    source: JsonSource,
    start: number,
    end: number,
    readonly entries: MapEntry[],
  ) {
    super(source, start, end);
  }
}

export class JsonArray extends JsonNodeBase implements SeqNode {
  declare readonly type: 'seq';

  constructor(
    source: JsonSource,
    start: number,
    end: number,
    readonly items: DocNode[],
  ) {
    super(source, start, end);
  }
}

/** A property: from its key's opening quote to the end of its value. */
export class JsonProperty implements MapEntry {
  private cachedRange: SourceRange | undefined = undefined;

  constructor(
    readonly key: JsonString,
    readonly value: JsonNode,
  ) {}

  get range(): SourceRange {
    return (this.cachedRange ??= rangeIn(this.key.source, this.key.start, this.value.end));
  }
}

export type JsonNode = JsonLiteral | JsonString | JsonObject | JsonArray;

// The discriminant lives on the prototype: one property less in each of a large file's nodes.
for (const [node, type] of [
  [JsonLiteral, 'scalar'],
  [JsonString, 'scalar'],
  [JsonObject, 'map'],
  [JsonArray, 'seq'],
] as const) {
  Object.defineProperty(node.prototype, 'type', { value: type, enumerable: true });
}

/**
 * For the raw text between a JSON string's quotes: the raw offset of each decoded UTF-16 unit,
 * plus one final entry for the end. `\"` decodes to one unit at the backslash; `\u0041` likewise.
 */
function decodedOffsets(raw: string): number[] {
  const offsets: number[] = [];
  let i = 0;
  while (i < raw.length) {
    offsets.push(i);
    if (raw.charCodeAt(i) === 92 /* \ */) i += raw[i + 1] === 'u' ? 6 : 2;
    else i += 1;
  }
  offsets.push(Math.min(i, raw.length));
  return offsets;
}
