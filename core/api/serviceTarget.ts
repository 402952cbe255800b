import type { ServiceTarget } from '../rules/target';
import type { TypeNamespace } from '../urn';
import type { ServiceConnection } from './http';
import { probeJson } from './probe';

/** What the local catalog answers on `GET /health` beside `status`, so a client can tell it from DataHub. */
export const LOCAL_CATALOG_SERVICE_ID = 'catalog-code-local-catalog';

/** A health answer is a few dozen bytes; more is not a catalog's. */
const HEALTH_ANSWER_BYTES = 64 * 1024;

/**
 * Which kind of service a connection reaches, for the rules whose verdict depends on it
 * (core/diagnostics/policy.ts). Anything that does not say it is the local catalog — a DataHub
 * GMS, a proxy, a service that cannot be reached right now — is judged as DataHub, whose rules
 * are the ones every target shares.
 */
export async function detectServiceTarget(connection: ServiceConnection | undefined): Promise<ServiceTarget> {
  const identity = await probeServiceTarget(connection);
  return identity === 'unreachable' ? 'datahub' : identity;
}

/**
 * The service's own answer to what it is, or 'unreachable' when `/health` gave none (down, slow,
 * refused): a caller that keeps a connection asks again later rather than keep a guess. The probe
 * waits as long as any request to the service (connection.timeoutMs, else 10 s): a busy machine
 * that answers requests slowly must not make the local catalog pass for DataHub.
 */
export async function probeServiceTarget(connection: ServiceConnection | undefined): Promise<ServiceTarget | 'unreachable'> {
  if (!connection) return 'offline';
  const answer = await probeJson(connection, '/health', HEALTH_ANSWER_BYTES);
  if (answer.kind === 'unreachable') return 'unreachable';
  return answer.kind === 'answered' && isLocalCatalogHealth(answer.body) ? 'localCatalog' : 'datahub';
}

function isLocalCatalogHealth(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as Record<string, unknown>).service === LOCAL_CATALOG_SERVICE_ID;
}

/**
 * The namespace of the type URNs a push writes (`urn:li:dataType:<ns>.string`): the one the
 * connected service uses (DESIGN.md §4). The local catalog, as the spec shows, uses `service`;
 * DataHub — and anything that does not say it is the local catalog — uses `datahub`. Decided by
 * the service's identity (its `/health` answer, detectServiceTarget), the same for the CLI, the
 * language server and the editor.
 */
export function typeNamespaceFor(target: ServiceTarget): TypeNamespace {
  return target === 'localCatalog' ? 'service' : 'datahub';
}
