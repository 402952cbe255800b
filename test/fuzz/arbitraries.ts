import fc from 'fast-check';
import { stringify as yamlStringify } from 'yaml';
import type { CorpusFile } from './corpus';

/** Generators of hostile documents: mutations of real files, arbitrary text, arbitrary YAML/JSON. */

export type Mutation =
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'swapLines'; a: number; b: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'duplicateLine'; line: number }
  | { kind: 'reindent'; line: number; by: number }
  | { kind: 'replaceWord'; at: number; text: string };

/** Words that mean something to our formats, swapped in for whatever word was there. */
const WORDS = ['urn:li:dataset:(', 'urn:li:schemaField:(', 'urn:li:structuredProperty:', '*orders', '&x', '*x', '<<', 'PROD', 'DEV', 'SINGLE', 'MULTIPLE', 'dataset', 'schemaField', 'id', 'urn', 'upstream', 'downstreams', 'null', '~', '[]', '{}', '-1', '1e999', 'true'];

const FORMAT_CHARS = [':', '-', ' ', '  ', '\n', '\t', '{', '}', '[', ']', ',', '"', "'", '#', '&a', '*a', '|', '>', '(', ')', 'urn:li:', '%', '\\', '\r\n', '\r'];

/** Inserted text: YAML/JSON punctuation, URN pieces, and any Unicode (lone surrogates included). */
const insertion = fc.oneof(
  fc.constantFrom(...FORMAT_CHARS),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
  fc.constantFrom('\u0000', '\uFEFF', '\u2028', '\uD800', '\uDFFF', '😀', 'é', 'ー'),
);

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.double({ min: 0, max: 1, noNaN: true }).map(fraction), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.double({ min: 0, max: 1, noNaN: true }).map(fraction), text: insertion }),
  fc.record({ kind: fc.constant('swapLines' as const), a: fc.double({ min: 0, max: 1, noNaN: true }).map(fraction), b: fc.double({ min: 0, max: 1, noNaN: true }).map(fraction) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }).map(fraction) }),
  fc.record({ kind: fc.constant('duplicateLine' as const), line: fc.double({ min: 0, max: 1, noNaN: true }).map(fraction) }),
  fc.record({ kind: fc.constant('reindent' as const), line: fc.double({ min: 0, max: 1, noNaN: true }).map(fraction), by: fc.integer({ min: -4, max: 4 }) }),
  fc.record({ kind: fc.constant('replaceWord' as const), at: fc.double({ min: 0, max: 1, noNaN: true }).map(fraction), text: fc.oneof(fc.constantFrom(...WORDS), insertion) }),
);

/** Positions are fractions so one mutation list applies to any file; kept to 4 digits for short reports. */
function fraction(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export function applyMutation(text: string, m: Mutation): string {
  const at = (f: number) => Math.floor(f * text.length);
  switch (m.kind) {
    case 'delete':
      return text.slice(0, at(m.at)) + text.slice(at(m.at) + m.length);
    case 'insert':
      return text.slice(0, at(m.at)) + m.text + text.slice(at(m.at));
    case 'truncate':
      return text.slice(0, at(m.at));
    case 'swapLines': {
      const lines = text.split('\n');
      const a = Math.floor(m.a * (lines.length - 1));
      const b = Math.floor(m.b * (lines.length - 1));
      [lines[a], lines[b]] = [lines[b], lines[a]];
      return lines.join('\n');
    }
    case 'reindent': {
      const lines = text.split('\n');
      const i = Math.floor(m.line * (lines.length - 1));
      lines[i] = m.by >= 0 ? ' '.repeat(m.by) + lines[i] : lines[i].replace(new RegExp(`^ {0,${-m.by}}`), '');
      return lines.join('\n');
    }
    case 'replaceWord': {
      const start = at(m.at);
      const wordStart = text.slice(0, start).search(/[\w:.-]*$/);
      const rest = /^[\w:.-]*/.exec(text.slice(start))?.[0] ?? '';
      return text.slice(0, wordStart) + m.text + text.slice(start + rest.length);
    }
    case 'duplicateLine': {
      const lines = text.split('\n');
      const i = Math.floor(m.line * (lines.length - 1));
      lines.splice(i, 0, lines[i]);
      return lines.join('\n');
    }
  }
}

export function mutatedCorpusFile(corpus: readonly CorpusFile[]): fc.Arbitrary<{ file: CorpusFile; mutations: Mutation[] }> {
  return fc.record({ file: fc.constantFrom(...corpus), mutations: fc.array(mutation, { minLength: 1, maxLength: 6 }) });
}

export const carets = fc.array(fc.double({ min: 0, max: 1, noNaN: true }).map(fraction), { minLength: 1, maxLength: 6 });

/** The formats a user can force with `catalogCode.formats.associations`, plus detection (undefined). */
export const forcedFormat = fc.constantFrom(undefined, 'propertyDefinitions', 'datasetYaml', 'lineageFile', 'mcpJson', 'lineageEdges');

/** JSON values whose keys and strings lean towards the words our formats look for. */
const KEYS = ['id', 'urn', 'type', 'platform', 'env', 'entity', 'upstream', 'upstreams', 'downstreams', 'lineage', 'version', 'structured_properties', 'allowed_values', 'cardinality', 'entity_types', 'schema', 'fields', 'fineGrainedLineages', 'entityUrn', 'entityType', 'aspectName', 'changeType', 'aspect', 'json', 'edgesToAdd', 'edgesToRemove', 'downstreamUrn', 'upstreamUrn', 'value', 'values', 'propertyUrn', 'properties', 'removed'];
const STRINGS = ['urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)', 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t', 'urn:li:structuredProperty:io.acryl.privacy.retentionTime', 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD),col)', 'urn:li:dataJob:(urn:li:dataFlow:(airflow,f,prod),j)', 'UPSERT', 'PATCH', 'upstreamLineage', 'structuredProperties', 'SINGLE', 'MULTIPLE', 'string', 'number', 'dataset', 'PROD', 'TRANSFORMED', 'FIELD_SET', 'urn:li:', ''];

export const catalogishJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...STRINGS),
    fc.string({ maxLength: 12 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** Arbitrary data written as YAML or JSON text, the way a hand-edited file could look. */
export const catalogishDocument: fc.Arbitrary<{ ext: 'yaml' | 'json'; text: string }> = fc.oneof(
  catalogishJson.map((value) => ({ ext: 'json' as const, text: JSON.stringify(value, null, 2) ?? 'null' })),
  catalogishJson.map((value) => ({ ext: 'yaml' as const, text: yamlStringify(value) })),
  fc.anything().map((value) => ({ ext: 'json' as const, text: JSON.stringify(value) ?? 'null' })),
);

/** Arbitrary text of any Unicode, including control characters and lone surrogates. */
export const arbitraryText = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 300 }), fc.array(fc.constantFrom(...FORMAT_CHARS, 'a', 'key', '0'), { maxLength: 120 }).map((parts) => parts.join('')));

/**
 * An edit inside one JSON string literal that keeps the file valid JSON (the text is escaped as
 * string content): a wrong environment, a mis-cased enum, a platform typo. Such files parse, so
 * their quick fixes are applied and must keep them parsing.
 */
export interface StringEdit {
  literal: number;
  word: number;
  text: string;
}

const STRING_WORDS = ['prod', 'Dev', 'PRD', 'snowflak', 'Dataset', 'dataflow', 'single', 'STRING', 'UPSERTT', 'FIELDSET', 'COPIED', 'urn:li:Dataset', 'a"b', 'x\\y', 'urn:li:corpUser:jdoe', '1.0.0', 'hive,x', '', ' '];

export const stringEdit: fc.Arbitrary<StringEdit> = fc.record({
  literal: fc.double({ min: 0, max: 1, noNaN: true }).map(fraction),
  word: fc.double({ min: 0, max: 1, noNaN: true }).map(fraction),
  text: fc.oneof(fc.constantFrom(...STRING_WORDS), fc.constantFrom(...WORDS)),
});

/** Applies a StringEdit to the `literal`-th string literal (by fraction) of a JSON text. */
export function applyStringEdit(text: string, edit: StringEdit): string {
  const literals: { start: number; end: number }[] = [];
  const pattern = /"(?:[^"\\\n]|\\.)*"/g;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) literals.push({ start: m.index + 1, end: m.index + m[0].length - 1 });
  if (literals.length === 0) return text;
  const literal = literals[Math.min(literals.length - 1, Math.floor(edit.literal * literals.length))];
  const inner = text.slice(literal.start, literal.end);
  // Words are split at URN punctuation, so one part of a URN is replaced.
  const words = [...inner.matchAll(/[^,():]+/g)];
  const escaped = JSON.stringify(edit.text).slice(1, -1);
  if (words.length === 0) return text.slice(0, literal.start) + escaped + text.slice(literal.end);
  const word = words[Math.min(words.length - 1, Math.floor(edit.word * words.length))];
  const start = literal.start + (word.index ?? 0);
  return text.slice(0, start) + escaped + text.slice(start + word[0].length);
}
