import { stringify } from 'yaml';

/**
 * YAML as pulled files write it: no line folding, and strings quoted wherever YAML 1.1 would read
 * them as something else (`2024-06-30` as a date, `yes`/`on` as booleans) — DataHub's CLI reads
 * files with PyYAML, a YAML 1.1 parser, so a bare date would reach it as a date object.
 */
export function pulledYaml(value: unknown): string {
  return stringify(value, { lineWidth: 0, version: '1.1' });
}
