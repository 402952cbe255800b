import assert from 'node:assert/strict';
import { parseUrn, type ParsedUrn, type UrnError } from '../../../core/urn';

export function parsed(text: string): ParsedUrn {
  const result = parseUrn(text);
  assert.ok(result.ok, `expected ${text} to parse, got ${result.ok ? '' : JSON.stringify(result.error)}`);
  return result.urn;
}

/** Asserts the error code and exactly where it points (offset and length). */
export function failure(text: string, code: string, offset: number, length: number): UrnError {
  const result = parseUrn(text);
  assert.ok(!result.ok, `expected ${text} to fail with ${code}`);
  assert.equal(result.error.code, code, result.error.message);
  assert.deepEqual(
    { offset: result.error.offset, length: result.error.length, marked: text.slice(result.error.offset, result.error.offset + result.error.length) },
    { offset, length, marked: text.slice(offset, offset + length) },
    result.error.message,
  );
  assert.ok(result.error.message.length > 20, 'message explains the problem');
  return result.error;
}

/** Asserts the URN is accepted (ok) or refused for another reason, and carries this warning exactly here. */
export function warning(text: string, code: string, offset: number, length: number): UrnError {
  const result = parseUrn(text);
  const found = (result.warnings ?? []).find((w) => w.code === code);
  assert.ok(found, `expected a ${code} warning on ${text}; got ${JSON.stringify(result.warnings ?? [])}`);
  assert.equal(found.severity, 'warning');
  assert.deepEqual(
    { offset: found.offset, length: found.length, marked: text.slice(found.offset, found.offset + found.length) },
    { offset, length, marked: text.slice(offset, offset + length) },
    found.message,
  );
  return found;
}
