import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readDocument } from '../../../core/formats';
import { formatScalar } from '../../../core/features/scalarText';
import { LineIndex } from '../../../core/model/range';

/** A replacement of part of a quoted YAML value is written for the inside of those quotes. */
const yaml = (text: string) => ({ uri: 'file:///w/d.yaml', text, model: readDocument('file:///w/d.yaml', text), lineIndex: new LineIndex(text) });

test('removing part of a double-quoted value leaves the quotes alone (fuzz case: urn: " #")', () => {
  const document = yaml('urn: " #"\n');
  const space = document.text.indexOf(' #');
  const replacement = formatScalar(document, { start: space, end: space + 1 }, '');
  assert.equal(replacement, '');
  assert.equal(document.text.slice(0, space) + replacement + document.text.slice(space + 1), 'urn: "#"\n');
});

test('part of a single-quoted value is escaped for single quotes; an apostrophe in a plain value opens nothing', () => {
  const single = yaml("name: 'a b'\n");
  assert.equal(formatScalar(single, { start: single.text.indexOf('b'), end: single.text.indexOf('b') + 1 }, "it's"), "it''s");
  const plain = yaml("name: don't stop\n");
  const at = plain.text.indexOf('stop');
  assert.equal(formatScalar(plain, { start: at, end: at + 4 }, ''), '""', 'a plain value is not inside quotes');
});
