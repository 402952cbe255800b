import { createHash, timingSafeEqual } from 'node:crypto';
import * as net from 'node:net';

/** Who must show the token: GraphQL always; OpenAPI and ingestion only off loopback; health never. */
export type RouteAccess = 'open' | 'token' | 'tokenUnlessLoopback';

export function isLoopbackAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) {
    if (bare === '::1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
    return mapped !== null && mapped[1].startsWith('127.');
  }
  return false;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Compares in constant time: both sides are hashed first so their lengths never leak. */
export function tokenMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** The token of an `Authorization: Bearer <token>` header; undefined when absent or another scheme. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : undefined;
}

export type AuthDecision = { allowed: true } | { allowed: false; message: string };

export function decideAccess(access: RouteAccess, authorizationHeader: string | undefined, expectedToken: string, listeningOnLoopback: boolean): AuthDecision {
  if (access === 'open') return { allowed: true };
  const given = bearerToken(authorizationHeader);
  if (authorizationHeader !== undefined && authorizationHeader !== '') {
    // A token that is given must be right, even where none is needed.
    if (given === undefined) {
      return { allowed: false, message: 'Unauthorized to perform this action: the Authorization header must be "Bearer <token>".' };
    }
    if (!tokenMatches(given, expectedToken)) {
      return { allowed: false, message: 'Unauthorized to perform this action: the bearer token is not the token of this local catalog.' };
    }
    return { allowed: true };
  }
  if (access === 'tokenUnlessLoopback' && listeningOnLoopback) return { allowed: true };
  return {
    allowed: false,
    message:
      'Unauthorized to perform this action: send the header "Authorization: Bearer <token>". The local catalog token is in CATALOG_TOKEN or in the token file it printed at start.',
  };
}
