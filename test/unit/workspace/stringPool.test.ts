import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { StringPool } from '../../../core/workspace/stringPool';

setFlagsFromString('--expose-gc');
// Bytecode of functions not run lately is flushed during collections: in a process that ran other
// tests first, that lowered the heap between two measurements here by several MB (the URNs as built
// were once measured at 11.4 MB instead of 20), so it is not flushed while this file measures.
setFlagsFromString('--no-flush-bytecode');
const collect = runInNewContext('gc') as () => void;

/** Dataset URNs built (as the YAML reader builds them) from names cut from 40 texts of 1 MB, each kept as `keep` gives it back. */
function urnsFromTexts(keep: (urn: string) => string): string[] {
  return Array.from({ length: 40 }, (_, tag) => {
    const text = `# file ${tag}\n${'x'.repeat(1_000_000)}\nname: warehouse.table_${tag}_with_a_long_name\n`;
    const at = text.indexOf('warehouse');
    const name = text.slice(at, text.indexOf('\n', at));
    return keep('urn:li:dataset:(urn:li:dataPlatform:' + 'hive' + ',' + name + ',' + 'PROD' + ')');
  });
}

/** How many MB the heap holds after a full collection. */
function heapMB(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed / 1e6;
}

test('a long URN the pool gives back is the same string, and no longer keeps the 1 MB text it was cut from alive', () => {
  const before = heapMB();
  const asBuilt = urnsFromTexts((urn) => urn);
  const withTexts = heapMB() - before;
  const pool = new StringPool();
  const pooled = urnsFromTexts((urn) => pool.intern(urn));
  const withPool = heapMB() - before - withTexts;
  // Built by concatenation from a slice, each URN holds its whole text (the test would see nothing otherwise).
  assert.ok(withTexts > 30, `the URNs as built hold ${withTexts.toFixed(1)} MB`);
  assert.ok(withPool < 5, `the pooled URNs hold ${withPool.toFixed(1)} MB`);
  assert.deepEqual(pooled, asBuilt);
});

test('short strings are shared: the first copy given is the one given back', () => {
  const pool = new StringPool();
  const first = ['io.acme.', 'tier'].join('');
  const second = ['io.acme.t', 'ier'].join('');
  assert.equal(pool.intern(first), first);
  assert.ok(Object.is(pool.intern(second), first));
});
