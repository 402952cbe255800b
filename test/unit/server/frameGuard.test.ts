import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FrameGuard, MAX_MESSAGE_BYTES } from '../../../server/frameGuard';

function frame(body: string): string {
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** Pushes `chunks` through one guard: the bytes passed on and the first problem. */
function run(chunks: readonly string[]): { passed: string; problem?: string; offset?: number } {
  const guard = new FrameGuard();
  let passed = '';
  for (const chunk of chunks) {
    const verdict = guard.push(Buffer.from(chunk, 'utf8'));
    passed += Buffer.concat(verdict.pass).toString('utf8');
    if (!verdict.ok) return { passed, problem: verdict.error.problem, offset: verdict.error.offset };
  }
  return { passed };
}

describe('FrameGuard', () => {
  const stream = frame('{"jsonrpc":"2.0","id":1,"method":"a"}') + 'content-length: 8\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n"héllo"' + frame('{"x":"€"}');

  it('passes valid frames unchanged, whole, byte by byte and in every two-way split', () => {
    assert.deepEqual(run([stream]), { passed: stream });
    const bytes = Buffer.from(stream, 'utf8');
    const guard = new FrameGuard();
    const out: Buffer[] = [];
    for (const byte of bytes) {
      const verdict = guard.push(Buffer.from([byte]));
      assert.ok(verdict.ok);
      out.push(...verdict.pass);
    }
    assert.equal(Buffer.concat(out).toString('utf8'), stream);
    for (let cut = 0; cut <= stream.length; cut++) assert.deepEqual(run([stream.slice(0, cut), stream.slice(cut)]), { passed: stream }, `cut at ${cut}`);
  });

  it('refuses a bad frame after good ones, naming where it starts, and passes nothing after it', () => {
    const good = frame('{}');
    const result = run([good, 'Content-Length: x\r\n\r\n{}', good]);
    assert.equal(result.passed, good);
    assert.equal(result.offset, Buffer.byteLength(good));
    assert.match(result.problem ?? '', /Content-Length "x" is not a number/);
  });

  it('refuses a declared length over the message limit before any of the body arrives', () => {
    const result = run([`Content-Length: ${MAX_MESSAGE_BYTES + 1}\r\n\r\n`]);
    assert.match(result.problem ?? '', /over the 67108864-byte \(64 MiB\) limit/);
    assert.deepEqual(run([`Content-Length: ${MAX_MESSAGE_BYTES}\r\n\r\n`]), { passed: `Content-Length: ${MAX_MESSAGE_BYTES}\r\n\r\n` });
  });

  it('refuses two different Content-Lengths, and garbage before the line ends', () => {
    assert.match(run(['Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}']).problem ?? '', /Content-Length 2 and 3/);
    assert.match(run(['{"jsonrpc"']).problem ?? '', /does not start a header line/);
    assert.equal(run(['Content-Len']).problem, undefined);
  });
});
