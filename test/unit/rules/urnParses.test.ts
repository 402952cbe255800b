import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseUrnOnce, withUrnParses } from '../../../core/rules/urnParts';
import { validateDocument } from '../../../core/validate';
import { readDocument } from '../../../core/formats';

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';

describe('URN parses remembered for one check', () => {
  it('within a check, the same URN is parsed once; outside, each time (nothing kept from one document to the next)', () => {
    const inside = withUrnParses(() => [parseUrnOnce(URN), parseUrnOnce(URN), withUrnParses(() => parseUrnOnce(URN))]);
    assert.equal(inside[0], inside[1]);
    assert.equal(inside[0], inside[2], 'a check inside another shares its parses');
    const after = parseUrnOnce(URN);
    assert.notEqual(after, inside[0]);
    assert.deepEqual(after, inside[0]);
    assert.notEqual(parseUrnOnce(URN), after);
  });

  it('a check that throws leaves no parses behind', () => {
    let kept: unknown;
    assert.throws(() =>
      withUrnParses(() => {
        kept = parseUrnOnce(URN);
        throw new Error('a rule failed');
      }),
    );
    assert.notEqual(parseUrnOnce(URN), kept);
    assert.notEqual(withUrnParses(() => parseUrnOnce(URN)), kept);
  });

  it('a document checked twice gets the same findings (its parses are its own each time)', () => {
    const text = `id: orders\nplatform: hive\nupstreams:\n  - urn:li:dataset:(urn:li:dataPlatform:hive,db.raw,PROD)\n  - urn:li:dataset:(urn:li:dataPlatform:hive,db.raw,PRODD)\n`;
    const model = readDocument('file:///repo/orders.dataset.yaml', text);
    const first = validateDocument({ model, text });
    assert.deepEqual(validateDocument({ model, text }), first);
  });
});
