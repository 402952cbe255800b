import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { readDocument, readDocumentTree } from '../../../core/formats/index';
import { parseJson, parseJsonTolerant } from '../../../core/formats/jsonTree';
import type { DocNode } from '../../../core/formats/tree';
import { goldenMcpJson } from '../../../support/generate/goldenMcp';
import { fixture } from '../../unit/formats/support';

/** A tree as plain data, with each string's offsetOf written out for every index. */
function plain(node: DocNode | null): unknown {
  if (!node) return null;
  if (node.type === 'seq') return { seq: node.items.map(plain), range: node.range };
  if (node.type === 'map') return { map: node.entries.map((e) => [plain(e.key), plain(e.value), e.range]), range: node.range };
  const offsets = typeof node.value === 'string' && node.offsetOf ? Array.from({ length: node.value.length + 1 }, (_, i) => node.offsetOf?.(i)) : null;
  return { value: node.value, range: node.range, inner: node.inner, offsets };
}

function assertSameParse(text: string, allowComments: boolean): void {
  const fast = parseJson(text, { allowComments });
  const tolerant = parseJsonTolerant(text, { allowComments });
  assert.deepEqual(plain(fast.root), plain(tolerant.root), `tree of ${JSON.stringify(text)}`);
  assert.deepEqual(fast.problems, tolerant.problems, `problems of ${JSON.stringify(text)}`);
}

/** JSON text of any value, with any of the indents people use, and escapes in strings. */
const jsonText = fc
  .tuple(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(undefined, 0, 1, 2, 4, '\t'))
  .map(([value, indent]) => JSON.stringify(value, null, indent) ?? 'null');

/** A JSON text with one edit: a character inserted or deleted anywhere (often breaking it). */
const editedJsonText = fc
  .tuple(jsonText, fc.nat(), fc.constantFrom('', '"', ',', '}', ']', '{', '[', ':', '/', '\\', ' ', '\n', '0', '-', 'e', 't', '\u0001', '//x\n'))
  .map(([text, at, insert]) => {
    const index = at % (text.length + 1);
    return insert === '' ? text.slice(0, index) + text.slice(index + 1) : text.slice(0, index) + insert + text.slice(index);
  });

describe('the fast JSON path', () => {
  it('builds exactly the tree of the jsonc-parser path for any JSON value', () => {
    fc.assert(fc.property(jsonText, (text) => assertSameParse(text, false)), { numRuns: 300 });
  });

  it('gives the same tree and problems on broken, commented and edited JSON (it falls back)', () => {
    fc.assert(fc.property(editedJsonText, fc.boolean(), (text, allowComments) => assertSameParse(text, allowComments)), { numRuns: 500 });
    for (const text of ['', '  ', '[1,]', '{"a":1,"a":2}', '[01]', '[1e]', '"\\x"', '"\u0000"', '[true false]', '{"a" 1}', '[-]', '1 2', '\ufeff[]']) {
      assertSameParse(text, false);
      assertSameParse(text, true);
    }
  });
});

describe('reading a proposal array one element at a time', () => {
  const cases = [
    ['the mcps.json fixture', fixture('mcps.json')],
    ['a generated golden file', { uri: 'file:///golden.json', text: goldenMcpJson(2_000) }],
    ['stringified aspects', {
      uri: 'file:///strings.json',
      text: JSON.stringify([
        { entityType: 'dataset', entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)', changeType: 'UPSERT', aspectName: 'upstreamLineage', aspect: { contentType: 'application/json', value: JSON.stringify({ upstreams: [{ dataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)', type: 'TRANSFORMED' }] }) } },
        { proposedSnapshot: { 'com.linkedin.pegasus2avro.metadata.snapshot.DatasetSnapshot': { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,c,PROD)', aspects: [{ 'com.linkedin.pegasus2avro.common.Status': { removed: false } }] } } },
        null,
        'urn:li:corpuser:loose',
      ], null, 2),
    }],
  ] as const;

  for (const [name, { uri, text }] of cases) {
    it(`gives the model of the whole-tree path: ${name}`, () => {
      const streamed = readDocument(uri, text);
      assert.equal(streamed.format, 'mcpJson');
      assert.deepEqual(streamed, readDocumentTree(uri, text));
    });
  }

  it('gives the model of the whole-tree path after any one-character edit, with and without a forced format', () => {
    const { uri, text } = fixture('mcps.json');
    const edits = fc.tuple(fc.nat(text.length), fc.constantFrom('', '"', ',', '}', ']', '{', 'x', ' ', '\n'));
    fc.assert(
      fc.property(edits, fc.boolean(), ([at, insert], forced) => {
        const edited = insert === '' ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + insert + text.slice(at);
        const options = forced ? { associations: { '**/*.json': 'mcpJson' as const } } : {};
        assert.deepEqual(readDocument(uri, edited, options), readDocumentTree(uri, edited, options));
      }),
      { numRuns: 200 },
    );
  });

  it('leaves other JSON arrays and explicitly ignored files to the whole-tree path', () => {
    const definitions = JSON.stringify([{ id: 'io.x', type: 'string', cardinality: 'SINGLE', entity_types: ['dataset'] }]);
    assert.deepEqual(readDocument('file:///defs.json', definitions), readDocumentTree('file:///defs.json', definitions));
    const { text } = fixture('mcps.json');
    const ignored = readDocument('file:///x/mcps.json', text, { associations: { '**/x/*.json': 'none' } });
    assert.equal(ignored.format, null);
  });
});
