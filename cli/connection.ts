import { timeoutFromEnvironment, type ServiceConnection } from '../core/api/http';
import { isInsecureRemote } from '../core/api/transportSecurity';
import { failed, succeeded, type Result } from '../core/result';
import { exitWith, proceed, type OrExit } from './exit';
import type { CliIo } from './io';

export interface ConnectionArgs {
  service?: string;
}

/** URL from --service or $CATALOG_SERVICE_URL, token from $CATALOG_TOKEN; a message in words when the URL is missing. */
export function connectionFrom(args: ConnectionArgs, env: NodeJS.ProcessEnv = process.env): Result<ServiceConnection> {
  const url = args.service ?? env.CATALOG_SERVICE_URL;
  if (!url) return failed('No catalog service given: pass --service URL (for example --service http://localhost:8080) or set CATALOG_SERVICE_URL.');
  if (!/^https?:\/\//i.test(url)) return failed(`The service URL "${url}" must start with http:// or https://, e.g. http://localhost:8080.`);
  const timeoutMs = timeoutFromEnvironment(env);
  if (typeof timeoutMs === 'object') return failed(timeoutMs.problem);
  return succeeded({ url, token: env.CATALOG_TOKEN || undefined, ...(timeoutMs ? { timeoutMs } : {}) });
}

/** A warning when a token would travel in clear text to another machine. */
export function plainHttpWarning(connection: ServiceConnection): string | undefined {
  if (connection.token && isInsecureRemote(connection.url)) return `Warning: ${connection.url} is plain http to another machine; the token is sent unencrypted. Use https:// if the service offers it.`;
  return undefined;
}

export { describeError } from '../core/errors/describeError';

/** The connection of a verb that talks to the service, or exit code 2 after saying what is missing. */
export function serviceConnection(args: ConnectionArgs, io: CliIo): OrExit<ServiceConnection> {
  const chosen = connectionFrom(args);
  if (!chosen.ok) {
    io.stderr(chosen.problem);
    return exitWith(2);
  }
  const connection = chosen.value;
  const warning = plainHttpWarning(connection);
  if (warning) io.stderr(warning);
  return proceed(connection);
}
