import type { FormatId } from '../model/facts';
import { KNOWN_KEYS } from './shapes';
import type { DocNode } from './tree';
import { entryOf, isNullNode, isStringNode, keysOf } from './tree';

/**
 * What a file's name says about its format, for the two cases content alone cannot decide: the
 * SDK's smallest structured-property files (`- id: x` and `type: y`, nothing else — too common a
 * shape to claim by content; metadata-ingestion/tests/unit/structured_properties/
 * test_structured_properties.py builds such definitions, and `type: invalid_type` is refused), and a
 * DataHub file that does not parse (./index.ts names it, so it is not skipped as someone else's).
 */

/** The file name without folders. */
function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).toLowerCase();
}

/** `structured_properties.yaml`, `properties.yml`, `my-props.yaml`. */
const PROPERTIES_NAME = /(^|[_\-.])(structured[_-]?)?(propert(y|ies)|props)([_\-.]|$)/;

/**
 * A properties YAML by its name: a list of mappings, each with an `id` and a `type` and only keys
 * of the properties YAML. Undefined when the name or the shape says otherwise.
 */
export function definitionsByName(path: string, documents: readonly (DocNode | null)[]): FormatId | undefined {
  if (!PROPERTIES_NAME.test(baseName(path).replace(/\.(ya?ml)$/, ''))) return undefined;
  const root = documents[0];
  if (documents.length !== 1 || !root || root.type !== 'seq') return undefined;
  const known = new Set(KNOWN_KEYS['propertyDefinitions.property']);
  const items = root.items.filter((item) => !isNullNode(item));
  if (items.length === 0) return undefined;
  const all = items.every((item) => item.type === 'map' && isStringNode(entryOf(item, 'id')?.value) && entryOf(item, 'type') !== undefined && keysOf(item).every((key) => known.has(key)));
  return all ? 'propertyDefinitions' : undefined;
}

/** The DataHub file kinds a name or folder gives away, for a file that does not parse. */
export type NamedKind = 'business glossary' | 'data contract' | 'forms YAML' | 'structured properties YAML' | 'dataset YAML' | 'lineage file' | 'MCP file';

const NAMED_KINDS: readonly [RegExp, NamedKind][] = [
  [/(^|[_\-./])(business[_-]?)?glossary([_\-.]|$)/, 'business glossary'],
  [/(^|[_\-./])data[_-]?contracts?([_\-.]|$)/, 'data contract'],
  [/(^|[_\-./])forms?([_\-.]|$)/, 'forms YAML'],
  [PROPERTIES_NAME, 'structured properties YAML'],
];

/** Which DataHub file a path names by its file name or a folder (`glossary/terms.yml`), if any. */
export function kindByName(path: string): NamedKind | undefined {
  const lower = path.toLowerCase();
  const base = baseName(lower).replace(/\.(ya?ml|json)$/, '');
  const folders = lower.split('/').slice(0, -1);
  for (const [pattern, kind] of NAMED_KINDS) {
    if (pattern.test(base) || folders.some((folder) => pattern.test(folder))) return kind;
  }
  return undefined;
}
