import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, httpError, type HttpError } from './errors';
import { jsonShapeMessage } from '../validation/jsonShape';
import { describeError } from '../../core/errors/describeError';

/** Request bodies above this size are refused with 413 before they are read into memory whole. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

export function mediaTypeOf(req: IncomingMessage): string {
  const header = req.headers['content-type'] ?? '';
  return header.split(';')[0].trim().toLowerCase();
}

/**
 * After a body is refused as too large, the rest of it is still read and dropped, up to this much
 * more, while the client keeps sending (at most this long between two pieces): a connection closed
 * with request bytes unread is reset, and the reset can destroy the 413 before the client reads it
 * (curl: "Connection reset by peer"). Past either bound the connection is closed anyway.
 */
export const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;
export const DISCARD_TIME_MS = 10_000;

/**
 * Clients that sent `Expect: 100-continue` and wait for `100 Continue` before the body (curl does
 * for large bodies). The server hands them here (server.ts serveCatalog); the 100 goes out only
 * when a route reads the body and its declared length is within the limit, so a body that is too
 * large, or a request refused for another reason, is answered before any of it is sent.
 */
const awaitingContinue = new WeakMap<IncomingMessage, ServerResponse>();

export function continueWhenRead(req: IncomingMessage, res: ServerResponse): void {
  awaitingContinue.set(req, res);
}

export function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    discardRest(req);
    return Promise.reject(tooLarge(limitBytes));
  }
  const waiting = awaitingContinue.get(req);
  if (waiting) {
    awaitingContinue.delete(req);
    waiting.writeContinue();
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (outcome: () => void) => {
      req.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes) return void chunks.push(chunk);
      // Stop keeping it; the server answers 413 while the rest is dropped.
      settle(() => reject(tooLarge(limitBytes)));
      discardRest(req);
    };
    const onEnd = () => settle(() => resolve(Buffer.concat(chunks)));
    const onClose = () => settle(() => reject(badRequest('The connection closed before the whole request body arrived; send it again.')));
    req.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onClose);
  });
}

/** Reads and drops the rest of a refused body, within DISCARD_LIMIT_BYTES and DISCARD_TIME_MS of silence. */
function discardRest(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  let dropped = 0;
  const close = () => {
    stop();
    req.socket.destroy();
  };
  const timer = setTimeout(close, DISCARD_TIME_MS);
  timer.unref();
  const onData = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_LIMIT_BYTES) close();
    else timer.refresh();
  };
  const stop = () => {
    clearTimeout(timer);
    req.off('data', onData).off('end', stop).off('close', stop).off('error', stop);
  };
  req.on('data', onData).on('end', stop).on('close', stop).on('error', stop);
  req.resume();
}

function tooLarge(limitBytes: number): HttpError {
  return httpError(413, 'Payload Too Large', `The request body is larger than the local catalog accepts (${limitBytes} bytes). Send fewer items per request.`);
}

/**
 * Reads and parses a JSON body. `accepted` are the media types the route takes; anything else is
 * 415, an empty or malformed body is 400 with the parser's position.
 */
export async function readJsonBody(req: IncomingMessage, accepted: readonly string[], limitBytes: number): Promise<unknown> {
  const media = mediaTypeOf(req);
  if (!accepted.includes(media)) {
    throw httpError(
      415,
      'Unsupported Media Type',
      `This endpoint reads ${accepted.join(' or ')}, but the request says Content-Type: ${media || '(none)'}. Set the Content-Type header to ${accepted[0]}.`,
    );
  }
  const text = (await readBody(req, limitBytes)).toString('utf8');
  if (text.trim() === '') {
    throw badRequest('The request body is empty; send a JSON document.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    const reason = describeError(error);
    throw badRequest(`The request body is not valid JSON: ${reason}. Check the JSON syntax of the body.`);
  }
  const shapeProblem = jsonShapeMessage(parsed, 'The request body');
  if (shapeProblem) throw badRequest(shapeProblem);
  return parsed;
}
