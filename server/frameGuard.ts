/**
 * The framing of LSP over a byte stream (`Content-Length: N\r\n\r\n` then N bytes), checked before
 * vscode-jsonrpc reads it. vscode-jsonrpc, given a bad frame, reports it on an event nobody hears
 * and keeps reading from a position that is no longer a frame start: the server then never answers
 * again. A frame is refused when its header block has a line that is not `Name: value`, a line
 * break that is not `\r\n`, no blank line within MAX_HEADER_BYTES, no `Content-Length` (or two
 * that differ), or a length that is not a decimal number of bytes up to MAX_MESSAGE_BYTES (so a
 * declared 10 GB never makes the server buffer it). Valid bytes pass through unchanged, a body as
 * it arrives.
 */

import { failed, succeeded, type Result } from '../core/common/result';

/** The largest message the server reads: 64 MiB, above the 2 MiB up to which open documents are checked and any real request. */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** A header block longer than this without its blank line is not a header. */
export const MAX_HEADER_BYTES = 8 * 1024;

/** what a header line may start with before its end has arrived */
const TOKEN_PREFIX = /^[A-Za-z0-9!#$%&'*+.^_`|~-]*(: *[^\n]*)?\r?$/;
const HEADER_LINE = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+): *(.*)$/;

export interface FrameProblem {
  /** what was wrong, in words */
  problem: string;
  /** the byte offset in the stream where the frame that was refused starts */
  offset: number;
  /** the header bytes read so far, as text (at most 200 characters) */
  header: string;
}

export type FrameVerdict = { ok: true; pass: Buffer[] } | { ok: false; pass: Buffer[]; error: FrameProblem };

export class FrameGuard {
  /** bytes of the body still to pass through; 0 while a header is read */
  private bodyLeft = 0;
  /** the header bytes of the current frame read so far */
  private header = Buffer.alloc(0);
  private frameStart = 0;
  private consumed = 0;
  private failed: FrameProblem | undefined;

  /** The bytes of `chunk` that belong to valid frames, or the first problem (after which nothing passes). */
  push(chunk: Buffer): FrameVerdict {
    const pass: Buffer[] = [];
    if (this.failed) return { ok: false, pass, error: this.failed };
    let at = 0;
    while (at < chunk.length) {
      if (this.bodyLeft > 0) {
        const take = Math.min(this.bodyLeft, chunk.length - at);
        pass.push(chunk.subarray(at, at + take));
        this.bodyLeft -= take;
        at += take;
        continue;
      }
      const read = this.readHeader(chunk, at);
      at = read.next;
      if (read.error) {
        this.failed = read.error;
        return { ok: false, pass, error: read.error };
      }
      if (read.header) pass.push(read.header);
    }
    this.consumed += chunk.length;
    return { ok: true, pass };
  }

  /** Reads header bytes from `at` up to the end of the header block or of the chunk. */
  private readHeader(chunk: Buffer, at: number): { next: number; header?: Buffer; error?: FrameProblem } {
    if (this.header.length === 0) this.frameStart = this.consumed + at;
    const end = blankLineEnd(chunk, at, this.header);
    const stop = end ?? chunk.length;
    this.header = Buffer.concat([this.header, chunk.subarray(at, stop)]);
    const text = this.header.toString('latin1');
    const loneBreak = /(^|[^\r])\n/.exec(text);
    if (loneBreak) return { next: stop, error: this.problem('a line of the header ends in "\\n" alone; LSP headers end every line with "\\r\\n"', text) };
    if (end === undefined) {
      if (this.header.length > MAX_HEADER_BYTES) return { next: stop, error: this.problem(`the header has no blank line ("\\r\\n\\r\\n") within ${MAX_HEADER_BYTES} bytes`, text) };
      // Lines are checked as they arrive: garbage is refused before its header ever ends.
      const lines = text.split('\r\n');
      const partial = lines.pop() ?? '';
      const bad = badLine(lines) ?? (TOKEN_PREFIX.test(partial) ? undefined : `${JSON.stringify(partial.slice(0, 80))} does not start a header line ("Name: value")`);
      return bad ? { next: stop, error: this.problem(bad, text) } : { next: stop };
    }
    if (this.header.length > MAX_HEADER_BYTES) return { next: stop, error: this.problem(`the header is longer than ${MAX_HEADER_BYTES} bytes`, text) };
    const verdict = contentLength(text.slice(0, -4).split('\r\n'));
    if (!verdict.ok) return { next: stop, error: this.problem(verdict.problem, text) };
    this.bodyLeft = verdict.value;
    this.header = Buffer.alloc(0);
    return { next: stop, header: Buffer.from(text, 'latin1') };
  }

  private problem(problem: string, text: string): FrameProblem {
    return { problem, offset: this.frameStart, header: text.slice(0, 200) };
  }
}

/** Where the header block's blank line ends in `chunk` from `at` (the 4 bytes may span chunks), or undefined. */
function blankLineEnd(chunk: Buffer, at: number, before: Buffer): number | undefined {
  // Only the few bytes around the boundary are copied; the rest is searched in place.
  const tail = before.subarray(Math.max(0, before.length - 3));
  const seam = Buffer.concat([tail, chunk.subarray(at, at + 3)]).indexOf('\r\n\r\n', 0, 'latin1');
  if (seam >= 0) return at + seam + 4 - tail.length;
  const index = chunk.indexOf('\r\n\r\n', at, 'latin1');
  return index < 0 ? undefined : index + 4;
}

function badLine(lines: readonly string[]): string | undefined {
  const bad = lines.find((line) => !HEADER_LINE.test(line));
  return bad === undefined ? undefined : `${JSON.stringify(bad.slice(0, 80))} is not a header line ("Name: value")`;
}

/** The declared body length, or what is wrong with the header block's lines. */
function contentLength(lines: readonly string[]): Result<number> {
  const bad = badLine(lines);
  if (bad) return failed(bad);
  const values = new Set<string>();
  for (const line of lines) {
    const [, name, value] = HEADER_LINE.exec(line) ?? [];
    if (name?.toLowerCase() === 'content-length') values.add((value ?? '').trim());
  }
  if (values.size === 0) return failed('the header has no Content-Length');
  if (values.size > 1) return failed(`the header has Content-Length ${[...values].join(' and ')}`);
  const [value] = [...values];
  if (!/^\d+$/.test(value)) return failed(`Content-Length ${JSON.stringify(value.slice(0, 40))} is not a number of bytes`);
  const length = Number(value);
  if (length > MAX_MESSAGE_BYTES) return failed(`Content-Length ${value} is over the ${MAX_MESSAGE_BYTES}-byte (64 MiB) limit of one message`);
  return succeeded(length);
}
