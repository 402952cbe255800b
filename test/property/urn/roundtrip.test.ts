/** Property tests: generated valid URNs survive parse → format unchanged; arbitrary text never throws. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  FABRIC_TYPES,
  KNOWN_PLATFORMS,
  escapeUrnPart,
  formatUrn,
  makeDatasetUrn,
  makeSchemaFieldUrn,
  parseUrn,
  unescapeUrnPart,
  datasetKey,
} from '../../../core/urn';

const nameChar = fc.constantFrom(...'abcxyzABCXYZ0129._-/:[]=$@+é日'.split(''), ',', '(', ')', ' ');
/** Free text as a person writes it (commas and parentheses included); escaped when put in a URN. */
const value = fc
  .array(nameChar, { minLength: 1, maxLength: 24 })
  .map((chars) => chars.join(''))
  .filter((v) => v.trim() === v && !v.startsWith('urn:li:'));
const part = value.map(escapeUrnPart);
const id = fc.stringMatching(/^[a-z][a-zA-Z0-9_.-]{0,20}$/);
const platform = fc.constantFrom(...KNOWN_PLATFORMS);
const env = fc.constantFrom(...FABRIC_TYPES);

const dataset = fc.tuple(platform, value, env).map(([p, n, e]) => makeDatasetUrn(p, n, e));
const dataFlow = fc.tuple(id, id, fc.oneof(env, id)).map(([o, f, c]) => `urn:li:dataFlow:(${o},${f},${c})`);

const validUrn: fc.Arbitrary<string> = fc.oneof(
  dataset,
  fc.tuple(dataset, value).map(([d, f]) => makeSchemaFieldUrn(d, f)),
  dataFlow,
  fc.tuple(dataFlow, part).map(([f, j]) => `urn:li:dataJob:(${f},${j})`),
  fc.tuple(part, part).map(([n, k]) => `urn:li:mlPrimaryKey:(${n},${k})`),
  fc.tuple(fc.constantFrom('chart', 'dashboard'), id, part).map(([t, tool, x]) => `urn:li:${t}:(${tool},${x})`),
  fc.tuple(fc.constantFrom('corpuser', 'corpGroup', 'tag', 'glossaryTerm', 'domain', 'container', 'dataProcessInstance', 'structuredProperty'), id)
    .map(([t, x]) => `urn:li:${t}:${x}`),
  fc.tuple(fc.constantFrom('datahub', 'service'), fc.constantFrom('string', 'rich_text', 'number', 'date', 'urn')).map(([ns, t]) => `urn:li:dataType:${ns}.${t}`),
  fc.tuple(fc.constantFrom('datahub', 'service'), fc.constantFrom('dataset', 'dataJob', 'schemaField', 'corpuser')).map(([ns, t]) => `urn:li:entityType:${ns}.${t}`),
  fc.array(fc.oneof(part, dataset), { minLength: 2, maxLength: 4 }).map((parts) => `urn:li:metric:(${parts.join(',')})`),
);

describe('round trip', () => {
  it('format(parse(x)) === x for generated valid URNs', () => {
    fc.assert(
      fc.property(validUrn, (urn) => {
        const result = parseUrn(urn);
        assert.ok(result.ok, `${urn}: ${result.ok ? '' : result.error.message}`);
        assert.equal(formatUrn(result.urn), urn);
      }),
      { numRuns: 2000 },
    );
  });

  it('a dataset name survives escaping inside a URN', () => {
    fc.assert(
      fc.property(platform, value.filter((v) => !v.includes('%')), env, (p, name, e) => {
        const result = parseUrn(makeDatasetUrn(p, name, e));
        assert.ok(result.ok);
        assert.deepEqual(datasetKey(result.urn), { platform: p, name, env: e });
      }),
    );
  });

  it('unescape(escape(v)) === v for text without %', () => {
    fc.assert(fc.property(fc.string().filter((v) => !v.includes('%')), (v) => unescapeUrnPart(escapeUrnPart(v)) === v));
  });

  it('never throws on arbitrary text, and errors point inside it', () => {
    const urnish = fc
      .array(fc.oneof(fc.constantFrom('urn:li:', 'dataset', ':', '(', ')', ',', 'PROD', 'urn:li:dataPlatform:hive', ' ', '%2C'), fc.string({ maxLength: 3 })), { maxLength: 20 })
      .map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(fc.oneof(urnish, fc.string()), (text) => {
        const result = parseUrn(text);
        if (result.ok) {
          assert.equal(formatUrn(result.urn), text);
          return;
        }
        const { offset, length } = result.error;
        assert.ok(offset >= 0 && length >= 0 && offset + length <= text.length, JSON.stringify({ text, error: result.error }));
      }),
      { numRuns: 3000 },
    );
  });
});
