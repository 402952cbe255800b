import * as net from 'node:net';
import * as os from 'node:os';
import { isLoopbackAddress } from './auth';

/**
 * DNS rebinding and cross-origin defence (DESIGN §8). A web page on evil.example can make its
 * own name resolve to 127.0.0.1; the browser then sends the page's requests to the local catalog
 * with `Host: evil.example`, and treats the answers as same-origin. So the catalog answers only
 * requests addressed to a name it serves — a loopback name, the host it was told to listen on, or
 * one the user allowed — and refuses any request a browser marks as coming from another origin.
 */

export type HostDecision = { allowed: true } | { allowed: false; message: string };

export interface HostPolicy {
  /** whether `hostname` (from Host or Origin, without port, lower-case, IPv6 without brackets) may address this service */
  admits(hostname: string): boolean;
  /** the names, for messages */
  describe(): string;
}

function bare(host: string): string {
  return host.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
}

/** `localhost`, `*.localhost` (RFC 6761 reserves them for loopback), and loopback addresses. */
export function isLoopbackName(hostname: string): boolean {
  const name = bare(hostname);
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

function isWildcard(host: string): boolean {
  const name = bare(host);
  return name === '0.0.0.0' || name === '::' || name === '';
}

/**
 * The names this service answers to: loopback names, the listen host, the user's extra names,
 * and — when it listens on every interface — this machine's addresses and host name.
 */
export function hostPolicy(listenHost: string, extraHosts: readonly string[] = []): HostPolicy {
  // The names the user gave are shown in refusals; the machine's own addresses are admitted but
  // never listed (a refusal must not tell a stranger this machine's other addresses).
  const given = new Set<string>([bare(listenHost), ...extraHosts.map(bare)]);
  for (const wildcard of ['', '0.0.0.0', '::']) given.delete(wildcard);
  const names = new Set<string>(given);
  if (isWildcard(listenHost)) {
    names.add(bare(os.hostname()));
    for (const list of Object.values(os.networkInterfaces())) for (const entry of list ?? []) names.add(bare(entry.address.split('%')[0]));
  }
  return {
    admits: (hostname) => isLoopbackName(hostname) || names.has(bare(hostname)),
    describe: () =>
      [
        'localhost',
        '127.0.0.1',
        '[::1]',
        ...[...given].filter((n) => !isLoopbackName(n)).map((n) => (net.isIPv6(n) ? `[${n}]` : n)),
        ...(isWildcard(listenHost) ? ["this machine's own addresses"] : []),
      ].join(', '),
  };
}

/** The host name of a Host header value (`name:port`, `[v6]:port`); undefined when it cannot be read. */
export function hostnameOfHostHeader(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  try {
    const url = new URL(`http://${text}`);
    // A Host header is only name[:port]; anything else (userinfo, a path) is not a Host.
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
    return bare(url.hostname);
  } catch {
    return undefined;
  }
}

export function checkHostAndOrigin(policy: HostPolicy, headers: { host?: string; origin?: string; 'sec-fetch-site'?: string | string[] }): HostDecision {
  const refusal = (what: string) => ({
    allowed: false as const,
    message: `${what} This local catalog answers only requests addressed to ${policy.describe()}, and never to a web page of another origin (that is how a page could reach it through DNS rebinding). Use http://127.0.0.1:<port> or http://localhost:<port>; to reach it under another name, start it with --allowed-host <name>.`,
  });
  const host = headers.host === undefined ? undefined : hostnameOfHostHeader(headers.host);
  if (host === undefined) return refusal(`The request has ${headers.host === undefined ? 'no Host header' : `an unreadable Host header "${headers.host.slice(0, 100)}"`}.`);
  if (!policy.admits(host)) return refusal(`The request was addressed to Host "${host}", a name this catalog does not serve.`);
  // The catalog serves no web pages, so the only page it answers is one of its own origin.
  const origin = headers.origin;
  if (origin !== undefined && !isSameOrigin(origin, headers.host ?? '')) return refusal(`The request comes from a web page of another origin ("${origin.slice(0, 100)}").`);
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site') return refusal('The browser marked the request as coming from another site (Sec-Fetch-Site: cross-site).');
  return { allowed: true };
}

function isSameOrigin(origin: string, hostHeader: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === new URL(`http://${hostHeader.trim()}`).host;
  } catch {
    return false;
  }
}
