import { failed, succeeded, type Result } from '../core/common/result';
import { SERVICE_TARGETS, type ServiceTarget } from '../core/rules/target';

/** `--target local|datahub|offline` (the names users type) → the rules' ServiceTarget, or why not. */
export function parseTargetFlag(value: string): Result<ServiceTarget> {
  const aliases: Record<string, ServiceTarget> = { local: 'localCatalog', localcatalog: 'localCatalog', datahub: 'datahub', offline: 'offline' };
  const target = aliases[value.toLowerCase()];
  if (target && SERVICE_TARGETS.includes(target)) return succeeded(target);
  return failed(`Unknown --target '${value}'; use local (the local catalog), datahub or offline.`);
}
