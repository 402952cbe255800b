import type { IncomingMessage } from 'node:http';
import { badRequest, httpError, type HttpError } from './errors';
import { jsonShapeMessage } from '../validation/jsonShape';
import { describeError } from '../../core/errors/describeError';

/** Request bodies above this size are refused with 413 before they are read into memory whole. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

export function mediaTypeOf(req: IncomingMessage): string {
  const header = req.headers['content-type'] ?? '';
  return header.split(';')[0].trim().toLowerCase();
}

export async function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limitBytes) {
      // Stop reading; the server answers 413 and closes the connection.
      throw tooLarge(limitBytes);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
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
