import { Composer, CST, Lexer, Parser, type Document } from 'yaml';
import { SUPPRESSION_WORD, type CollapsedRest } from '../model/diagnostic';
import { MAX_DIAGNOSTICS_PER_DOCUMENT } from '../diagnostics/cap';
import type { YamlParse } from './tree';
import { convertDocuments, messageOf, YAML_PARSE_OPTIONS, type YamlErrorLike } from './yamlTree';

/**
 * parseYamlFully (./yamlTree.ts) for a text whose one document ends before the text does, without
 * the cost of what follows it. A line at column 0 that a top-level block list cannot take (a key
 * split by a line break, `  plat` ⏎ `form: snowflake`) ends the list and the document: the yaml
 * package then reads every later token as "Unexpected … token in YAML stream", and builds one
 * error object (with a stack trace) for each — 71,000 of them, 3 s, for the second half of a
 * 50,000-line dataset YAML. Those errors depend only on the tokens: here the yaml package's own
 * Lexer and Parser read the text, its Composer composes the document, and once the Parser's stack is
 * empty (the document ended) each later token is answered as the Parser answers it at the stream
 * level (yaml's parse/parser.ts `stream()`), as a plain error. The result is exactly
 * parseYamlFully's (test/property/formats/yamlStreamTail.test.ts). Undefined when the text does not
 * end that way, or when something after the document is not plain stream tokens (a `---` or `...`
 * line, a directive), or the document has a quote that runs to the end (parseYamlFully reads those
 * twice): the caller then reads it with parseYaml.
 */
export function parseYamlEndingEarly(text: string, base = 0): YamlParse | undefined {
  // Past what the editor is shown, the stream errors are kept as positions (see collapsible).
  const composed = composeEndingEarly(text, collapsible(text) ? MAX_DIAGNOSTICS_PER_DOCUMENT + 1 : Infinity);
  if (!composed) return undefined;
  const read = convertDocuments([composed], text, base, text.length);
  if (read.quoteRunsToEnd) return undefined;
  if (!composed.rest) return read.parse;
  // The last error kept as an object (the last problem: the stream's errors follow the document's) stands for the rest.
  const problems = read.parse.problems;
  const standing = problems[problems.length - 1];
  if (standing?.range.start !== base + composed.rest.from) return undefined;
  standing.rest = restOf(composed.rest, base + composed.rest.from, base);
  return read.parse;
}

/**
 * Whether the stream errors past the first ones may be kept as positions: the editor is shown the
 * first MAX_DIAGNOSTICS_PER_DOCUMENT diagnostics, and these errors, all of one code, come after at
 * least that many of the same code (core/diagnostics/cap.ts counts the rest). Not when something
 * could take some of the first ones away, so that later ones would be shown: a suppression comment
 * (core/rules/suppression.ts) or a tab-indented line (./yamlTree.ts names the tab instead).
 */
function collapsible(text: string): boolean {
  return !text.includes(SUPPRESSION_WORD) && !/^[ ]*\t/m.test(text);
}

/** The stream errors after the one at `from` (an offset in the text), kept as positions and message numbers. */
interface TailRest {
  from: number;
  starts: number[];
  ends: number[];
  messages: number[];
  /** each message, once */
  texts: string[];
}

/** The CollapsedRest of `rest`, whose first error (the one standing for it) is at `at` in the document. */
function restOf(rest: TailRest, at: number, base: number): CollapsedRest {
  const worded = rest.texts.map((message) => messageOf({ code: 'UNEXPECTED_TOKEN', message, pos: [0, 0] }));
  return {
    count: rest.starts.length + 1,
    expand: (start) => {
      const shift = start - at + base;
      return rest.starts.map((offset, i) => ({ range: { start: offset + shift, end: rest.ends[i] + shift }, message: worded[rest.messages[i]] }));
    },
  };
}

/** The text's one document and its errors (the document's, then the stream's after it), when the document ends before the text; at most `keep` of the stream's as objects. */
function composeEndingEarly(text: string, keep: number): { doc: Document.Parsed; errors: YamlErrorLike[]; rest?: TailRest } | undefined {
  const lexer = new Lexer();
  const parser = new Parser();
  const composer = new Composer(YAML_PARSE_OPTIONS);
  const lexemes = lexer.lex(text);
  let ended = false;
  while (!ended) {
    const next = lexemes.next();
    if (next.done) return undefined;
    for (const token of parser.next(next.value)) {
      if (token.type === 'document') ended = true;
      // The composer hands a document on only when the next one starts: a second document.
      if (!composer.next(token).next().done) return undefined;
    }
  }
  // A `---` after the document starts another one (on the stack); `...` leaves its own token there.
  if (parser.stack.length > 0) return undefined;
  const tail = streamErrors(lexemes, parser.offset, keep);
  if (!tail) return undefined;
  const docs = [...composer.end()];
  if (docs.length !== 1) return undefined;
  const [doc] = docs;
  return { doc, errors: [...doc.errors, ...tail.errors], ...(tail.rest ? { rest: tail.rest } : {}) };
}

/**
 * What yaml's Parser answers for each token once its stack is empty (parser.ts `next()` and
 * `stream()`), from `offset` on: an error for each token other than spaces, comments and line
 * breaks, as the Composer words it (compose/composer.ts, `case 'error'`). Undefined at a token that
 * would start something (a document, a directive, a document end).
 */
function streamErrors(lexemes: Generator<string, void>, start: number, keep: number): { errors: YamlErrorLike[]; rest?: TailRest } | undefined {
  const errors: YamlErrorLike[] = [];
  let rest: TailRest | undefined;
  // message → token text → the number of the message they make (built once each)
  const numbered = new Map<string, Map<string, number>>();
  // The first `keep` as yaml's Composer makes them; after them only where each is and its message's number.
  const push = (message: string, at: number, source: string) => {
    if (errors.length < keep) {
      errors.push(streamError(message, at, source));
      return;
    }
    rest ??= { from: errors[errors.length - 1].pos[0], starts: [], ends: [], messages: [], texts: [] };
    let bySource = numbered.get(message);
    if (!bySource) numbered.set(message, (bySource = new Map()));
    let number = bySource.get(source);
    if (number === undefined) bySource.set(source, (number = rest.texts.push(streamError(message, at, source).message) - 1));
    rest.starts.push(at);
    rest.ends.push(at + source.length);
    rest.messages.push(number);
  };
  let offset = start;
  let atScalar = false;
  for (let next = lexemes.next(); !next.done; next = lexemes.next()) {
    const source = next.value;
    if (atScalar) {
      atScalar = false;
      push('Unexpected scalar token in YAML stream', offset, source);
      offset += source.length;
      continue;
    }
    const type = CST.tokenType(source);
    if (type === null) {
      push(`Not a YAML token: ${source}`, offset, source);
      offset += source.length;
      continue;
    }
    switch (type) {
      case 'scalar':
        // The scalar's text is the next lexeme; this one is the lexer's marker, not in the text.
        atScalar = true;
        continue;
      case 'directive-line':
      case 'doc-mode':
      case 'doc-start':
      case 'doc-end':
        return undefined;
      case 'byte-order-mark':
      case 'space':
      case 'comment':
      case 'newline':
        break;
      default:
        push(`Unexpected ${type} token in YAML stream`, offset, source);
    }
    // The lexer's mark of a flow collection's unexpected end is not in the text either.
    if (type !== 'flow-error-end') offset += source.length;
  }
  return { errors, ...(rest ? { rest } : {}) };
}

/** An error token as yaml's Composer turns it into an error (its message and position). */
function streamError(message: string, offset: number, source: string): YamlErrorLike {
  return { code: 'UNEXPECTED_TOKEN', message: source ? `${message}: ${JSON.stringify(source)}` : message, pos: [offset, offset + source.length] };
}
