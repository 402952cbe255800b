import type { Located } from '../model/range';
import type { FactCollector } from './collector';
import type { DocNode } from './tree';

/**
 * Whether DataHub expands the string as an environment-variable reference before it validates it.
 * The lineage-file source loads its file with `load_config_file(file, resolve_env_vars=True)`
 * (metadata-ingestion …/source/metadata/lineage.py `load_lineage_config`), and config_loader.py
 * `_resolve_element` expands a string that holds `${…}` anywhere, or that starts with `$` (kept as
 * written when that variable is unset). Such a value is judged only once expanded, so it is not
 * judged here. Only the lineage file: the properties and dataset YAML are read with plain YAML loads.
 */
export function holdsEnvReference(value: unknown): boolean {
  return typeof value === 'string' && (ENV_BRACED.test(value) || value.startsWith('$'));
}

const ENV_BRACED = /\$\{.+\}/;

/**
 * A lineage-file enum (`env`, `type`, `upstreamType`, `downstreamType`): recorded for the enum check
 * unless it holds an environment-variable reference, which is read as a plain string.
 */
export function lineageEnumValue(collector: FactCollector, node: DocNode | undefined, enumName: string, path: string, key?: string): Located<string> | undefined {
  if (node?.type === 'scalar' && holdsEnvReference(node.value)) return collector.string(node, path, key);
  return collector.enumValue(node, enumName, path, key);
}
