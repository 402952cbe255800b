import { timeoutFromEnvironment, withoutUserInfo, type ServiceConnection } from '../core/api/http';
import { localCatalogToken, type LocalTokenOptions } from '../core/api/localCatalogToken';
import { probeServiceTarget } from '../core/api/serviceTarget';
import { shownUrl, targetLine } from '../core/api/targetDescription';
import { isInsecureRemote } from '../core/api/transportSecurity';
import { failed, succeeded, type Result } from '../core/common/result';
import type { ServiceTarget } from '../core/rules/target';
import { exitWith, proceed, type OrExit } from './exit';
import type { CliIo } from './io';
import { serviceUrlFrom } from './serviceUrl';

export interface ConnectionArgs {
  service?: string;
}

/** A connection of the CLI, with where its token came from (said on stderr, never the token). */
export interface CliConnection extends ServiceConnection {
  /** 'CATALOG_TOKEN', or the path of the local catalog's token file */
  tokenFrom?: string;
  /** why a local catalog's token file was not used, in words */
  tokenNote?: string;
}

/**
 * URL from --service or $CATALOG_SERVICE_URL; token from $CATALOG_TOKEN, else — for a URL on this
 * machine only — from the local catalog's token file bound to that URL (core/api/localCatalogToken.ts).
 * A message in words when the URL is missing.
 */
export function connectionFrom(args: ConnectionArgs, env: NodeJS.ProcessEnv = process.env, local: LocalTokenOptions = {}): Result<CliConnection> {
  const url = serviceUrlFrom(args.service, env);
  if (url === undefined || url === '') return failed('No catalog service given: pass --service URL (for example --service http://localhost:8080) or set CATALOG_SERVICE_URL.');
  return connectionTo(url, env, local);
}

/** The connection to `url` (already chosen), with its token as connectionFrom finds it. */
export function connectionTo(url: string, env: NodeJS.ProcessEnv = process.env, local: LocalTokenOptions = {}): Result<CliConnection> {
  if (!/^https?:\/\//i.test(url)) return failed(`The service URL "${withoutUserInfo(url)}" must start with http:// or https://, e.g. http://localhost:8080.`);
  const timeoutMs = timeoutFromEnvironment(env);
  if (typeof timeoutMs === 'object') return failed(timeoutMs.problem);
  const timeout = timeoutMs ? { timeoutMs } : {};
  if (env.CATALOG_TOKEN) return succeeded({ url, token: env.CATALOG_TOKEN, tokenFrom: 'CATALOG_TOKEN', ...timeout });
  const fromFile = localCatalogToken(url, { env, ...local });
  if (fromFile.kind === 'found') return succeeded({ url, token: fromFile.token, tokenFrom: fromFile.file, ...timeout });
  const tokenNote = fromFile.kind === 'refused' ? `Not using the token file ${fromFile.file}: ${fromFile.problem}.` : undefined;
  return succeeded({ url, token: undefined, ...(tokenNote ? { tokenNote } : {}), ...timeout });
}

/** A warning when a token would travel in clear text to another machine. */
export function plainHttpWarning(connection: ServiceConnection): string | undefined {
  if (connection.token && isInsecureRemote(connection.url)) return `Warning: ${connection.url} is plain http to another machine; the token is sent unencrypted. Use https:// if the service offers it.`;
  return undefined;
}

export { describeError } from '../core/errors/describeError';

/** The connection of a verb that talks to the service, or exit code 2 after saying what is missing. */
export function serviceConnection(args: ConnectionArgs, io: CliIo): OrExit<CliConnection> {
  return announced(connectionFrom(args), io);
}

/** Says what is wrong (exit 2), or the warnings about the connection's token, and proceeds. */
export function announced(chosen: Result<CliConnection>, io: CliIo): OrExit<CliConnection> {
  if (!chosen.ok) {
    io.stderr(chosen.problem);
    return exitWith(2);
  }
  const connection = chosen.value;
  if (connection.tokenNote) io.stderr(connection.tokenNote);
  const warning = plainHttpWarning(connection);
  if (warning) io.stderr(warning);
  return proceed(connection);
}

/**
 * Asks the service what it is and prints the target line every verb prints ("Target: the local
 * catalog at …", core/api/targetDescription.ts), with where the token came from; answers the target.
 */
export async function announceTarget(connection: CliConnection | undefined, io: CliIo): Promise<ServiceTarget> {
  const identity = await probeServiceTarget(connection);
  // Judged as DataHub (the rules every target shares) when it does not say what it is; said as it is.
  const target: ServiceTarget = identity === 'unreachable' ? 'datahub' : identity;
  const line = identity === 'unreachable' && connection ? `Target: the catalog service at ${shownUrl(connection.url)}, which did not answer GET /health.` : targetLine(target, connection?.url);
  io.stderr(`${line}${tokenClause(connection)}`);
  return target;
}

function tokenClause(connection: CliConnection | undefined): string {
  if (!connection) return '';
  if (!connection.tokenFrom) return ' No token sent.';
  return connection.tokenFrom === 'CATALOG_TOKEN' ? ' Token from CATALOG_TOKEN.' : ` Token from ${connection.tokenFrom}.`;
}
