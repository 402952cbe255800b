import { Composer, CST, Lexer, Parser, type Document } from 'yaml';
import type { YamlParse } from './tree';
import { convertDocuments, YAML_PARSE_OPTIONS, type YamlErrorLike } from './yamlTree';

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
  const composed = composeEndingEarly(text);
  if (!composed) return undefined;
  const read = convertDocuments([composed], text, base, text.length);
  return read.quoteRunsToEnd ? undefined : read.parse;
}

/** The text's one document and its errors (the document's, then the stream's after it), when the document ends before the text. */
function composeEndingEarly(text: string): { doc: Document.Parsed; errors: YamlErrorLike[] } | undefined {
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
  const tail = streamErrors(lexemes, parser.offset);
  if (!tail) return undefined;
  const docs = [...composer.end()];
  if (docs.length !== 1) return undefined;
  const [doc] = docs;
  return { doc, errors: [...doc.errors, ...tail] };
}

/**
 * What yaml's Parser answers for each token once its stack is empty (parser.ts `next()` and
 * `stream()`), from `offset` on: an error for each token other than spaces, comments and line
 * breaks, as the Composer words it (compose/composer.ts, `case 'error'`). Undefined at a token that
 * would start something (a document, a directive, a document end).
 */
function streamErrors(lexemes: Generator<string, void>, start: number): YamlErrorLike[] | undefined {
  const errors: YamlErrorLike[] = [];
  let offset = start;
  let atScalar = false;
  for (let next = lexemes.next(); !next.done; next = lexemes.next()) {
    const source = next.value;
    if (atScalar) {
      atScalar = false;
      errors.push(streamError('Unexpected scalar token in YAML stream', offset, source));
      offset += source.length;
      continue;
    }
    const type = CST.tokenType(source);
    if (type === null) {
      errors.push(streamError(`Not a YAML token: ${source}`, offset, source));
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
        errors.push(streamError(`Unexpected ${type} token in YAML stream`, offset, source));
    }
    // The lexer's mark of a flow collection's unexpected end is not in the text either.
    if (type !== 'flow-error-end') offset += source.length;
  }
  return errors;
}

/** An error token as yaml's Composer turns it into an error (its message and position). */
function streamError(message: string, offset: number, source: string): YamlErrorLike {
  return { code: 'UNEXPECTED_TOKEN', message: source ? `${message}: ${JSON.stringify(source)}` : message, pos: [offset, offset + source.length] };
}
