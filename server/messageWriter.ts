import { AbstractMessageWriter, type Message, type MessageWriter } from 'vscode-languageserver/node';

/** The largest buffer kept between messages; a longer message gets a buffer of its own. */
const MAX_KEPT_BYTES = 16 * 1024 * 1024;
/** Room kept before the body for the `Content-Length` header, written once the body's length is known. */
const HEADER_ROOM = 64;
/** Elements of an array serialised together: small enough that V8 never builds one large string. */
const ELEMENTS_PER_PIECE = 32;
/** How deep objects are written key by key (deeper values, and array elements, are serialised whole). */
const OBJECT_DEPTH = 4;

/**
 * The LSP connection's writer over stdio: the same frames as vscode-jsonrpc's StreamMessageWriter
 * (`Content-Length` header, UTF-8 JSON body), written without the two copies of a large message
 * it makes. Its encoder serialises a message into one string (`JSON.stringify`, which V8 builds
 * as a rope of parts and copies whole when it is read) and copies that into a new Buffer; pushed
 * diagnostics of a 50,000-line file are about 200 KB per keystroke, and those two copies of fresh
 * memory cost 3–4 ms each keystroke on a loaded machine (bench/adhoc/keystrokeProfile.ts).
 * Here a message is serialised in pieces (objects key by key, arrays a few elements at a time,
 * the same JSON as JSON.stringify) straight into one buffer kept from message to message, and
 * header and body go out in one write.
 *
 * Reusing the buffer is safe: one message is written at a time, the next only once the stream
 * has written the previous one (its write callback). That holds for a stream that hands the bytes
 * to the system before it calls back — a pipe, socket, file or terminal, as stdout is — not for an
 * in-memory stream that passes the buffer itself on (a PassThrough): this writer is for stdio.
 */
export class ReusingMessageWriter extends AbstractMessageWriter implements MessageWriter {
  private queue: Promise<void> = Promise.resolve();
  private readonly frames = new FrameBuffer();
  private errorCount = 0;

  constructor(private readonly output: NodeJS.WritableStream) {
    super();
    output.on('error', (error: Error) => this.fireError(error));
    output.on('close', () => this.fireClose());
  }

  write(message: Message): Promise<void> {
    const written = this.queue.then(() => this.send(message));
    this.queue = written.catch(() => undefined);
    return written;
  }

  end(): void {
    this.output.end();
  }

  private send(message: Message): Promise<void> {
    let frame: Uint8Array;
    try {
      frame = this.frames.frame(message);
    } catch (error) {
      this.fireError(error, message);
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return new Promise((resolve, reject) => {
      this.output.write(frame, (error) => {
        if (!error) return resolve();
        this.fireError(error, message, ++this.errorCount);
        reject(error);
      });
    });
  }
}

/** One LSP frame at a time, serialised into a buffer kept from frame to frame. */
export class FrameBuffer {
  private buffer = Buffer.allocUnsafe(64 * 1024);
  private at = HEADER_ROOM;

  /** The frame of `message`: valid until the next call. */
  frame(message: Message): Uint8Array {
    this.at = HEADER_ROOM;
    this.value(message, OBJECT_DEPTH);
    const header = `Content-Length: ${this.at - HEADER_ROOM}\r\n\r\n`;
    const start = HEADER_ROOM - header.length;
    this.buffer.write(header, start, 'ascii');
    const frame = this.buffer.subarray(start, this.at);
    if (this.buffer.length > MAX_KEPT_BYTES) this.buffer = Buffer.allocUnsafe(64 * 1024);
    return frame;
  }

  /** `value` as JSON.stringify writes it (a message holds no undefined at the top). */
  private value(value: unknown, depth: number): void {
    if (Array.isArray(value)) return this.array(value);
    if (depth > 0 && isPlainObject(value)) return this.object(value, depth);
    this.text(JSON.stringify(value) ?? 'null');
  }

  private object(value: Record<string, unknown>, depth: number): void {
    this.text('{');
    let first = true;
    for (const key of Object.keys(value)) {
      const item = value[key];
      // What JSON.stringify leaves out of an object.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      this.text(first ? JSON.stringify(key) : `,${JSON.stringify(key)}`);
      this.text(':');
      first = false;
      this.value(item, depth - 1);
    }
    this.text('}');
  }

  private array(value: readonly unknown[]): void {
    this.text('[');
    for (let i = 0; i < value.length; i += ELEMENTS_PER_PIECE) {
      const piece = JSON.stringify(value.slice(i, i + ELEMENTS_PER_PIECE));
      // The elements without the piece's brackets.
      this.text(i > 0 ? `,${piece.slice(1, -1)}` : piece.slice(1, -1));
    }
    this.text(']');
  }

  private text(text: string): void {
    // At most three UTF-8 bytes per UTF-16 code unit.
    const room = text.length * 3;
    if (this.at + room > this.buffer.length) {
      const larger = Buffer.allocUnsafe(Math.max(2 * this.buffer.length, this.at + room));
      this.buffer.copy(larger, 0, 0, this.at);
      this.buffer = larger;
    }
    this.at += this.buffer.write(text, this.at, 'utf8');
  }
}

/** An object JSON.stringify writes key by key: not an array, no toJSON, of Object's prototype (or none). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}
