import type { ServiceConnection } from './http';
import { probeJson } from './probe';
import { NEWEST_MODELLED_VERSION, parseDataHubVersion } from '../datahub/versions';

/** A `/config` answer is a few kilobytes; more is not a catalog's. */
const CONFIG_ANSWER_BYTES = 256 * 1024;

/**
 * The DataHub version a service reports on `GET /config`, as DataHub's GMS answers it
 * (`versions["acryldata/datahub"].version`, e.g. `v1.0.0rc3`; the shape DataHub's own
 * server_config_util tests read). DataHub Cloud numbers its releases apart (`v0.3.x`) and follows
 * DataHub's newest rules, so it is judged as the newest version modelled. Undefined when the
 * service does not say (no `/config`, no version, unreachable): callers then keep their default.
 */
export async function fetchServiceVersion(connection: ServiceConnection | undefined): Promise<string | undefined> {
  if (!connection) return undefined;
  const answer = await probeJson(connection, '/config', CONFIG_ANSWER_BYTES, true);
  return answer.kind === 'answered' ? versionFromConfig(answer.body) : undefined;
}

/** The version in a `/config` body, or undefined when it names none DataHub-like. */
export function versionFromConfig(body: unknown): string | undefined {
  const record = asRecord(body);
  const reported = asRecord(asRecord(record?.versions)?.['acryldata/datahub'])?.version;
  if (typeof reported !== 'string' || !parseDataHubVersion(reported)) return undefined;
  const serverEnv = asRecord(record?.datahub)?.serverEnv;
  if (serverEnv === 'cloud' || serverEnv === 'prod') return NEWEST_MODELLED_VERSION;
  return reported.trim();
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
