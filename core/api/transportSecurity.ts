import { parseHttpUrl } from './origin';
/** Whether a URL names this machine: http(s) to localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackUrl(url: string): boolean {
  const parsed = parseHttpUrl(url);
  if (!parsed) return false;
  const host = parsed.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Plain http to anything but this machine sends the token in the clear: callers warn first. */
export function isInsecureRemote(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'http:' && !isLoopbackUrl(url);
}
