import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteAccess } from './auth';
import { badRequest } from './errors';

/**
 * A small router over node:http. Paths are split on `/` before percent-decoding, so a
 * percent-encoded URN (which may contain `%2F`) stays one segment, as DataHub's paths need.
 * The raw path is never normalised: `.` and `..` segments are refused instead of resolved.
 */

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** decoded path segments */
  segments: string[];
  /** values of the `:name` segments of the matched pattern, decoded */
  params: Record<string, string>;
  query: URLSearchParams;
}

export type Handler = (ctx: RequestContext) => Promise<void> | void;

export interface Route {
  method: string;
  /** e.g. `/openapi/v2/entity/:type/:urn/:aspect` */
  pattern: string;
  access: RouteAccess;
  handler: Handler;
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

export type Resolution =
  | { kind: 'found'; match: RouteMatch; segments: string[]; query: URLSearchParams }
  | { kind: 'methodNotAllowed'; allowed: string[]; access: RouteAccess };

export function splitTarget(target: string): { segments: string[]; query: URLSearchParams } {
  const q = target.indexOf('?');
  const rawPath = q === -1 ? target : target.slice(0, q);
  const query = new URLSearchParams(q === -1 ? '' : target.slice(q + 1));
  if (!rawPath.startsWith('/')) throw badRequest(`The request path "${rawPath}" must start with "/".`);
  let raw = rawPath.slice(1).split('/');
  if (raw.length > 1 && raw[raw.length - 1] === '') raw = raw.slice(0, -1);
  const segments = raw.map((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw badRequest(`The path segment "${segment}" is not valid percent-encoding. Encode the URN with encodeURIComponent.`);
    }
    if (decoded === '.' || decoded === '..' || decoded.includes('\u0000')) {
      throw badRequest(`The path segment "${segment}" is not allowed; write the full path without "." or "..".`);
    }
    return decoded;
  });
  return { segments, query };
}

export class Router {
  private readonly routes: { route: Route; parts: string[] }[] = [];

  add(route: Route): this {
    this.routes.push({ route, parts: route.pattern.split('/').filter((part) => part !== '') });
    return this;
  }

  resolve(method: string, target: string): Resolution | undefined {
    const { segments, query } = splitTarget(target);
    const allowed: string[] = [];
    let access: RouteAccess | undefined;
    for (const { route, parts } of this.routes) {
      const params = matchParts(parts, segments);
      if (!params) continue;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET' && !this.hasExact('HEAD', segments))) {
        return { kind: 'found', match: { route, params }, segments, query };
      }
      allowed.push(route.method);
      access ??= route.access;
    }
    if (allowed.length > 0 && access) return { kind: 'methodNotAllowed', allowed, access };
    return undefined;
  }

  private hasExact(method: string, segments: string[]): boolean {
    return this.routes.some(({ route, parts }) => route.method === method && matchParts(parts, segments) !== undefined);
  }
}

function matchParts(parts: string[], segments: string[]): Record<string, string> | undefined {
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part.startsWith(':')) {
      if (segments[i] === '') return undefined;
      params[part.slice(1)] = segments[i];
    } else if (part !== segments[i]) return undefined;
  }
  return params;
}
