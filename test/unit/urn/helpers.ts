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
