import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkValueType, isValidDate } from '../../../core/rules/valueChecks';

describe('valueChecks', () => {
  // Issue #25 item 5: StructuredPropertyUtils.isValidDate takes what java.sql.Date.valueOf parses, which
  // checks month 1–12 and day 1–31 only and rolls the rest over (2023-02-30 is 2023-03-02).
  it('accepts dates the way DataHub does: YYYY-MM-DD, month 1–12, day 1–31 in any month, years 1000–9999', () => {
    for (const ok of ['2024-02-29', '1000-01-01', '9999-12-31', '2023-02-29', '2023-02-30', '2023-04-31']) assert.ok(isValidDate(ok), ok);
    for (const bad of ['2023-02-32', '2023-02-00', '2024-13-01', '0999-12-31', '2024-1-05', '20240105', '2024-01-05T00:00']) assert.ok(!isValidDate(bad), bad);
  });

  it('warns of a date DataHub rolls over to another day, naming that day', () => {
    assert.equal(checkValueType('2024-02-29', 'date'), undefined);
    const rolled = checkValueType('2023-02-30', 'date');
    assert.equal(rolled?.severity, 'warning');
    assert.deepEqual(rolled?.candidates, ['2023-03-02']);
    assert.match(rolled?.problem ?? '', /rolls it over to 2023-03-02/);
    assert.equal(checkValueType('2023-02-32', 'date')?.severity, 'error');
  });

  it('judges numbers: numeric text is accepted by the service but stored as text (warning)', () => {
    assert.equal(checkValueType(30, 'number'), undefined);
    assert.equal(checkValueType(1.5e3, 'number'), undefined);
    assert.deepEqual(checkValueType('2.5', 'number'), { severity: 'warning', problem: 'is a number written as text; write it without quotes so it is sent as a number', candidates: ['2.5'], changesKind: true });
    assert.equal(checkValueType('thirty', 'number')?.severity, 'error');
    assert.equal(checkValueType(true, 'number')?.severity, 'error');
  });

  it('requires text for string, rich_text, date and urn properties', () => {
    assert.equal(checkValueType('x', 'string'), undefined);
    assert.equal(checkValueType('# heading', 'rich_text'), undefined);
    for (const type of ['string', 'rich_text', 'date', 'urn'] as const) assert.equal(checkValueType(5, type)?.severity, 'error', type);
    assert.equal(checkValueType(null, 'string')?.severity, 'error');
  });

  it('requires a parseable URN, of an allowed type ignoring case when the definition restricts it', () => {
    assert.equal(checkValueType('urn:li:corpuser:jdoe', 'urn'), undefined);
    assert.equal(checkValueType('urn:li:corpuser:jdoe', 'urn', ['corpUser', 'corpGroup']), undefined);
    assert.match(checkValueType('urn:li:tag:pii', 'urn', ['corpuser'])?.problem ?? '', /tag URN/);
    assert.equal(checkValueType('jdoe', 'urn')?.severity, 'error');
  });
});
