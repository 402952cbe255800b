import { parseUrn } from './parse';
import type { ParsedUrn } from './types';

/** A dataset URN's platform name, dataset name and env, as written in it. */
export interface DatasetParts {
  platform: string;
  name: string;
  env: string;
}

/** The parts of a parsed dataset URN; undefined for another entity type or a platform that is not a dataPlatform URN. */
export function datasetPartsOfParsed(urn: ParsedUrn): DatasetParts | undefined {
  if (urn.entityType !== 'dataset') return undefined;
  const [platform, name, env] = urn.parts;
  const platformName = platform?.kind === 'urn' ? platform.parts[0] : undefined;
  if (platformName?.kind !== 'text' || name?.kind !== 'text' || env?.kind !== 'text') return undefined;
  return { platform: platformName.value, name: name.value, env: env.value };
}

/** The parts of a dataset URN string; undefined when it does not parse or is not a dataset's. */
export function datasetPartsOf(urn: string): DatasetParts | undefined {
  const parsed = parseUrn(urn);
  return parsed.ok ? datasetPartsOfParsed(parsed.urn) : undefined;
}
