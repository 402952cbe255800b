import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { StreamMessageReader, type Message } from 'vscode-languageserver/node';
import { FrameBuffer, ReusingMessageWriter } from '../../../server/messageWriter';

/**
 * The stdio writer (server/messageWriter.ts) writes the frames vscode-jsonrpc's own writer does:
 * `Content-Length` of the UTF-8 body, then exactly JSON.stringify's JSON of the message, for any
 * message (values JSON leaves out or turns into null, toJSON, non-ASCII text, long arrays written
 * a few elements at a time, nesting deeper than the writer goes key by key).
 */
const frameOf = (message: unknown): string => {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`;
};

/** JSON values and what JSON.stringify treats specially, nested. */
const awkward = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(undefined, null, Number.NaN, -0, Infinity, () => 1, 'é→😀', '\u2028', new Date(0)),
    fc.array(tie('value'), { maxLength: 70 }),
    fc.dictionary(fc.string({ maxLength: 4 }), tie('value'), { maxKeys: 5 }),
    tie('value').map((value) => ({ toJSON: () => ({ wrapped: value ?? null }) })),
  ),
})).value;

describe('the stdio message writer', () => {
  it('frames any message as JSON.stringify and the library would', () => {
    const frames = new FrameBuffer();
    fc.assert(
      fc.property(awkward, (params) => {
        const message = { jsonrpc: '2.0', method: 'x/y', params } as Message;
        assert.equal(Buffer.from(frames.frame(message)).toString('utf8'), frameOf(message));
      }),
      { numRuns: 400 },
    );
  });

  it('grows past its first buffer, and later frames are not spoiled by earlier ones', () => {
    const frames = new FrameBuffer();
    const diagnostics = Array.from({ length: 3_000 }, (_, i) => ({ message: `diagnostic ${i} ✓`, range: { start: { line: i, character: 0 }, end: { line: i, character: 4 } } }));
    const large = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///a', diagnostics } } as Message;
    const small = { jsonrpc: '2.0', id: 1, result: null } as Message;
    assert.equal(Buffer.from(frames.frame(large)).toString('utf8'), frameOf(large));
    assert.equal(Buffer.from(frames.frame(small)).toString('utf8'), frameOf(small));
    assert.equal(Buffer.from(frames.frame(large)).toString('utf8'), frameOf(large));
  });

  it('writes messages one after the other that the library reads back through a pipe', async () => {
    // A real pipe, as the server's stdout: `cat` hands back what it reads.
    const cat = spawn('cat', [], { stdio: ['pipe', 'pipe', 'inherit'] });
    const writer = new ReusingMessageWriter(cat.stdin);
    const reader = new StreamMessageReader(cat.stdout);
    const received: Message[] = [];
    const all = new Promise<void>((resolve) => reader.listen((message) => received.push(message) === 3 && resolve()));
    const messages = [1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, result: { items: Array.from({ length: id * 500 }, (_, i) => `item ${i}`) } }) as Message);
    // Not awaited one by one: the writer queues them and reuses its buffer only once each is written.
    await Promise.all(messages.map((message) => writer.write(message)));
    await all;
    assert.deepEqual(received, messages);
    reader.dispose();
    writer.end();
    await new Promise((resolve) => cat.once('exit', resolve));
  });
});
