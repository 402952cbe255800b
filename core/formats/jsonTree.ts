import { Node as JsonNode, ParseError, ParseErrorCode, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { ParseProblem } from '../model/facts';
import type { SourceRange } from '../model/range';
import { FALL_BACK, parseJsonFast, type StringScalarFactory } from './jsonFast';
import { JsonString, type JsonSource } from './jsonNodes';
import type { DocNode, MapEntry, ScalarNode } from './tree';
import { absentValue } from './tree';

export interface JsonParse {
  root: DocNode | null;
  problems: ParseProblem[];
}

export interface JsonOptions {
  /** JSON with comments (`.jsonc`): comments and trailing commas are allowed */
  allowComments: boolean;
  /** maps an offset in `text` to a document offset (for JSON held inside a JSON string) */
  mapOffset?: (offset: number) => number;
  /** prefixed to every problem message, e.g. to say the JSON sits inside an aspect `value` string */
  messagePrefix?: string;
}

/** Deeper nesting than this is not converted (jsonc-parser itself recurses per level). */
const MAX_DEPTH = 400;

export function parseJson(text: string, options: JsonOptions): JsonParse {
  const map = options.mapOffset ?? ((offset: number) => offset);
  // Well-formed JSON (nearly every file, on every keystroke but the broken ones) takes the fast path.
  const fast = parseJsonFast(text, map, jsonStringScalars({ text, map }));
  if (fast !== FALL_BACK) return { root: fast, problems: [] };
  return parseJsonTolerant(text, options);
}

/** jsonc-parser's path: reads any text, recovering from errors, and words every problem. */
export function parseJsonTolerant(text: string, options: JsonOptions): JsonParse {
  const errors: ParseError[] = [];
  const problems: ParseProblem[] = [];
  const map = options.mapOffset ?? ((offset: number) => offset);
  let tree: JsonNode | undefined;
  try {
    tree = parseTree(text, errors, {
      disallowComments: !options.allowComments,
      allowTrailingComma: options.allowComments,
      allowEmptyContent: true,
    });
  } catch {
    problems.push({ message: `${options.messagePrefix ?? ''}This JSON is nested too deeply to be read. Flatten it.`, range: { start: map(0), end: map(text.length) } });
    return { root: null, problems };
  }
  for (const error of errors) {
    const start = map(error.offset);
    const end = map(Math.min(text.length, error.offset + Math.max(error.length, 1)));
    problems.push({ message: (options.messagePrefix ?? '') + messageOf(error.error), range: { start, end } });
  }
  const root = tree ? new JsonConverter({ text, map }, problems, options.messagePrefix ?? '').convert(tree, 0) : null;
  return { root, problems };
}

class JsonConverter {
  private readonly stringScalar: StringScalarFactory;

  constructor(
    private readonly source: JsonSource,
    private readonly problems: ParseProblem[],
    private readonly prefix: string,
  ) {
    this.stringScalar = jsonStringScalars(source);
  }

  convert(node: JsonNode, depth: number): DocNode {
    const range = this.range(node.offset, node.offset + node.length);
    if (depth > MAX_DEPTH) return absentValue(range.start);
    switch (node.type) {
      case 'object':
        return { type: 'map', entries: this.entries(node, depth), range };
      case 'array':
        return { type: 'seq', items: (node.children ?? []).map((child) => this.convert(child, depth + 1)), range };
      case 'string':
        return this.stringNode(node);
      case 'number':
      case 'boolean':
      case 'null':
        return { type: 'scalar', value: (node.value as number | boolean | null) ?? null, range, inner: range };
      default:
        return absentValue(range.start);
    }
  }

  private entries(object: JsonNode, depth: number): MapEntry[] {
    const entries: MapEntry[] = [];
    const seen = new Set<string>();
    for (const property of object.children ?? []) {
      const [keyNode, valueNode] = property.children ?? [];
      if (!keyNode) continue;
      const key = this.stringNode(keyNode);
      const keyText = String(key.value);
      if (seen.has(keyText)) {
        this.problems.push({
          message: `${this.prefix}The key ${JSON.stringify(keyText)} appears more than once in this object; DataHub keeps only the last one. Remove or rename the extra key.`,
          range: key.range,
        });
      }
      seen.add(keyText);
      const value = valueNode ? this.convert(valueNode, depth + 1) : absentValue(key.range.end);
      entries.push({ key, value, range: this.range(property.offset, property.offset + property.length) });
    }
    return entries;
  }

  private stringNode(node: JsonNode): ScalarNode {
    const value = typeof node.value === 'string' ? node.value : String(node.value ?? '');
    return this.stringScalar(node.offset, node.offset + node.length, value);
  }

  private range(start: number, end: number): SourceRange {
    return { start: this.source.map(start), end: this.source.map(end) };
  }
}

/**
 * The scalars of JSON string tokens `[start, end)` of the source's text (quotes included, the
 * closing quote possibly missing) with their decoded values; see JsonString (jsonNodes.ts).
 */
export function jsonStringScalars(source: JsonSource): StringScalarFactory {
  return (start, end, value) => new JsonString(source, start, end, value);
}

function messageOf(code: ParseErrorCode): string {
  switch (printParseErrorCode(code)) {
    case 'InvalidSymbol':
      return 'This is not valid JSON: unexpected character here. Remove it or put the value in double quotes.';
    case 'InvalidNumberFormat':
      return 'This number is not valid JSON. Write it as digits, e.g. 1.0, or quote it as a string.';
    case 'PropertyNameExpected':
      return 'A key in double quotes is expected here (JSON keys are always quoted strings).';
    case 'ValueExpected':
      return 'A value is expected here (a string, number, object, list, true, false or null).';
    case 'ColonExpected':
      return 'A colon ":" is expected between the key and its value.';
    case 'CommaExpected':
      return 'A comma is expected here between two values.';
    case 'CloseBraceExpected':
      return 'This object is not closed: add the missing "}".';
    case 'CloseBracketExpected':
      return 'This list is not closed: add the missing "]".';
    case 'EndOfFileExpected':
      return 'Unexpected text after the end of the JSON value. Remove it, or wrap the values in a list [ ... ].';
    case 'InvalidCommentToken':
      return 'Comments are not allowed in a .json file (DataHub cannot read them). Remove the comment, or name the file .jsonc if only the editor reads it.';
    case 'UnexpectedEndOfComment':
      return 'This comment is not closed: add the missing "*/".';
    case 'UnexpectedEndOfString':
      return 'This string is not closed: add the missing double quote.';
    case 'UnexpectedEndOfNumber':
      return 'This number is cut off. Complete it.';
    case 'InvalidUnicode':
      return 'This \\u escape is not valid: it needs exactly four hex digits.';
    case 'InvalidEscapeCharacter':
      return 'This escape sequence is not valid JSON. Use \\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX.';
    case 'InvalidCharacter':
      return 'This character is not allowed inside a JSON string (control characters must be escaped, e.g. \\n).';
    default:
      return 'This is not valid JSON here. Fix the syntax so the file can be read.';
  }
}
