import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { URN_MAX_LENGTH, URN_STORED_MAX_LENGTH, formatUrn, makeDatasetUrn, makeSchemaFieldUrn, parseUrn } from '../../../core/urn';
import { failure, parsed, warning } from './helpers';

/** A dataset URN of exactly `length` characters whose name has no characters URL-encoding expands. */
function datasetOfLength(length: number): string {
  const base = makeDatasetUrn('hive', '', 'PROD').length;
  return makeDatasetUrn('hive', 'n'.repeat(length - base), 'PROD');
}

describe('the 512-character limit', () => {
  it('a tag URN of 512 URL-encoded characters is fine; one more is too long, marked from where it overflows', () => {
    const prefix = 'urn:li:tag:'; // its three colons encode as %3A: 6 extra characters
    parsed(prefix + 'x'.repeat(URN_MAX_LENGTH - 6 - prefix.length));
    const tooLong = prefix + 'x'.repeat(URN_MAX_LENGTH - 5 - prefix.length);
    const error = failure(tooLong, 'urn.tooLong', tooLong.length - 1, 1);
    assert.match(error.message, /513 characters long once URL-encoded/);
  });

  it('counts the URL-encoded length too (each : , ( ) takes three characters)', () => {
    const text = datasetOfLength(500); // 500 raw, but its 5 colons, 2 commas and 2 parens add 18
    const result = parseUrn(text);
    assert.ok(!result.ok);
    assert.equal(result.error.code, 'urn.tooLong');
    assert.match(result.error.message, /URL-encoded/);
    assert.ok(result.error.offset < text.length && result.error.offset + result.error.length === text.length);
    assert.equal(result.urn?.entityType, 'dataset', 'the shape is still available');
    parsed(datasetOfLength(490));
  });

  it('schemaField URNs have no limit in GMS; over 500 characters (the database key) they draw a warning', () => {
    const dataset = datasetOfLength(300);
    const field = makeSchemaFieldUrn(dataset, 'f'.repeat(URN_STORED_MAX_LENGTH - dataset.length - 'urn:li:schemaField:(,)'.length));
    assert.equal(field.length, URN_STORED_MAX_LENGTH);
    assert.equal(formatUrn(parsed(field)), field);
    assert.equal(parseUrn(field).warnings, undefined);
    const longer = field.replace(',f', ',' + 'f'.repeat(200));
    parsed(longer);
    const advice = warning(longer, 'urn.tooLong', 500, longer.length - 500);
    assert.match(advice.message, /accepts it in lineage.*at most 500/);
  });
});

describe('speed', () => {
  it('parses a 512-character nested URN 10,000 times (sanity run, no time threshold)', () => {
    const dataset = datasetOfLength(200);
    const field = makeSchemaFieldUrn(dataset, 'c'.repeat(URN_MAX_LENGTH - dataset.length - 'urn:li:schemaField:(,)'.length));
    assert.equal(field.length, URN_MAX_LENGTH);
    const started = process.hrtime.bigint();
    let parsedCount = 0;
    for (let i = 0; i < 10_000; i++) if (parseUrn(field).ok) parsedCount++;
    const micros = Number(process.hrtime.bigint() - started) / 1000 / 10_000;
    assert.equal(parsedCount, 10_000);
    console.log(`parseUrn of a 512-character schemaField URN: ${micros.toFixed(2)} µs per parse`);
  });
});
