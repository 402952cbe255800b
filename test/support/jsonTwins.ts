import { parse as parseYaml } from 'yaml';

/**
 * A YAML metadata file written as JSON and as JSON with comments, so checks that walk fixtures
 * (quick fixes, fuzzing) exercise the JSON side of every shape. Undefined for YAML that does not
 * parse or is not a mapping or list (those have no JSON twin).
 */
export function jsonTwins(yamlText: string): { json: string; jsonc: string } | undefined {
  let value: unknown;
  try {
    value = parseYaml(yamlText);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const json = `${JSON.stringify(value, null, 2)}\n`;
  const jsonc = `// written as JSON with comments\n${json.replace(/^([[{])\n/, '$1\n  // a comment inside\n')}`;
  return { json, jsonc };
}
