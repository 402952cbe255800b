import type { EntityDeclarationFact, Fact, OwnCheckFact, ParseProblem, UrnRole } from '../model/facts';
import type { Located, SourceRange } from '../model/range';
import { looksLikeUrn } from '../urn';
import type { DocNode, MapNode, ScalarNode } from './tree';
import { forEachScalar, isNullNode, toPlain, typeNameOf, valueOf } from './tree';

/**
 * What an adapter writes into while it walks a tree: facts, parse problems, and which scalars it
 * already recorded as URNs (the final sweep records every other URN-looking string as role
 * `other`, so no URN in a file goes unseen).
 */
export class FactCollector {
  readonly facts: Fact[] = [];
  readonly problems: ParseProblem[] = [];
  private readonly claimed = new Set<ScalarNode>();
  private readonly roots: DocNode[] = [];
  /**
   * Whether Avro-JSON tagged unions are read through: `{"array": [...]}` where a list belongs,
   * `{"string": "…"}` where a string or URN belongs. That is how DataHub's Avro serialiser writes
   * optional fields and unions in MCE files (smoke-test/tests/cypress/data.json, which DataHub's own
   * integration test ingests); the MCP/MCE adapter turns it on, the YAML formats never do.
   */
  avroUnions = false;
  /**
   * Whether the facts only a file's own checks read (OWN_CHECK_KINDS) are made: not when the file
   * is read for what other files read (ReadOptions.acrossFilesOnly), where they were more than half
   * of a workspace's facts, each made to be dropped.
   */
  ownChecks = true;

  /** Records a fact only the file's own checks read (OWN_CHECK_KINDS), when they are made. */
  own(fact: OwnCheckFact): void {
    if (this.ownChecks) this.facts.push(fact);
  }

  /** A tree whose URN-looking strings the final sweep should record. */
  addRoot(node: DocNode): void {
    this.roots.push(node);
  }

  /**
   * Records a string written where a URN belongs (also when it does not look like one). Here and
   * below, a `key` after the path stands for `pathOf(path, key)`, made only when a wrong type is
   * recorded (a file's read would otherwise build a path for every field it reads).
   */
  urn(written: DocNode | undefined, role: UrnRole, path: string, key?: string | number): Located<string> | undefined {
    const node = this.unwrap(written, 'string');
    if (!node || isNullNode(node)) return undefined;
    if (node.type !== 'scalar' || typeof node.value !== 'string') {
      this.wrongType(pathOrKey(path, key), 'URN string', node);
      return undefined;
    }
    return this.urnFromScalar(node as ScalarNode & { value: string }, role);
  }

  /** Records the node as a URN only when it looks like one (where a plain name is also allowed). */
  urnIfLooksLike(node: DocNode | undefined, role: UrnRole): Located<string> | undefined {
    if (node?.type !== 'scalar' || typeof node.value !== 'string' || !looksLikeUrn(node.value)) return undefined;
    return this.urnFromScalar(node as ScalarNode & { value: string }, role);
  }

  /** Records a URN written as part of a longer string (a JSON-Patch path). */
  urnInside(node: ScalarNode, urn: string, range: SourceRange, role: UrnRole): Located<string> {
    this.claimed.add(node);
    this.facts.push({ kind: 'entityRef', urn, range, role });
    return { value: urn, range };
  }

  private urnFromScalar(node: ScalarNode & { value: string }, role: UrnRole): Located<string> {
    if (!this.claimed.has(node)) {
      this.claimed.add(node);
      this.facts.push({ kind: 'entityRef', urn: node.value, range: node.inner, role });
    }
    return { value: node.value, range: node.inner };
  }

  /** Records the keys of a mapping against the named shape (see shapes.ts). */
  shape(map: MapNode, shape: string): void {
    // Not through own(): the list of keys is made only when the fact is.
    if (!this.ownChecks) return;
    this.facts.push({
      kind: 'objectShape',
      shape,
      keys: map.entries.map((entry) => ({ value: String(entry.key.value), range: entry.key.inner })),
      range: map.range,
    });
  }

  /** Records a value of an enumerated field; a non-string value is recorded as a wrong type. */
  enumValue(node: DocNode | undefined, enumName: string, path: string, key?: string | number): Located<string> | undefined {
    const value = this.string(node, path, key);
    if (value) this.own({ kind: 'enumValue', enumName, value });
    return value;
  }

  /** A string field. Numbers and booleans are kept as their text but recorded as a wrong type. */
  string(written: DocNode | undefined, path: string, key?: string | number): Located<string> | undefined {
    const node = this.unwrap(written, 'string');
    if (!node || isNullNode(node)) return undefined;
    if (node.type === 'scalar') {
      if (typeof node.value !== 'string') this.wrongType(pathOrKey(path, key), 'string', node);
      return { value: String(node.value), range: node.inner };
    }
    this.wrongType(pathOrKey(path, key), 'string', node);
    return undefined;
  }

  /** A string field where DataHub converts numbers to text itself (e.g. a definition `version`). */
  stringOrNumber(node: DocNode | undefined, path: string): Located<string | number> | undefined {
    if (!node || isNullNode(node)) return undefined;
    if (node.type === 'scalar' && (typeof node.value === 'string' || typeof node.value === 'number')) {
      return { value: node.value, range: node.inner };
    }
    this.wrongType(path, 'string', node);
    return undefined;
  }

  boolean(node: DocNode | undefined, path: string, key?: string | number): Located<boolean> | undefined {
    if (!node || isNullNode(node)) return undefined;
    if (node.type === 'scalar' && typeof node.value === 'boolean') return { value: node.value, range: node.range };
    this.wrongType(pathOrKey(path, key), 'boolean', node);
    return undefined;
  }

  number(node: DocNode | undefined, path: string): Located<number> | undefined {
    if (!node || isNullNode(node)) return undefined;
    if (node.type === 'scalar' && typeof node.value === 'number') return { value: node.value, range: node.range };
    this.wrongType(path, 'number', node);
    return undefined;
  }

  /** The node as a mapping; anything else (except absent/null) is recorded as a wrong type. */
  map(node: DocNode | undefined, path: string, key?: string | number): MapNode | undefined {
    if (!node || isNullNode(node)) return undefined;
    if (node.type === 'map') return node;
    this.wrongType(pathOrKey(path, key), 'mapping', node);
    return undefined;
  }

  /** The items of a list; a scalar or mapping where a list belongs is recorded as a wrong type. */
  list(written: DocNode | undefined, path: string, acceptSingle = false, key?: string | number): DocNode[] {
    const node = this.unwrap(written, 'array');
    if (!node || isNullNode(node)) return [];
    if (node.type === 'seq') return node.items;
    if (acceptSingle) return [node];
    this.wrongType(pathOrKey(path, key), 'list', node);
    return [];
  }

  /** `{"<branch>": value}` → value, when Avro unions are read and the mapping has only that key. */
  private unwrap(node: DocNode | undefined, branch: 'string' | 'array'): DocNode | undefined {
    if (!this.avroUnions || node?.type !== 'map' || node.entries.length !== 1) return node;
    const [entry] = node.entries;
    if (entry.key.value !== branch) return node;
    const inner = entry.value;
    const fits = branch === 'array' ? inner.type === 'seq' : inner.type === 'scalar' && typeof inner.value === 'string';
    return fits ? inner : node;
  }

  wrongType(path: string, expected: string, node: DocNode): void {
    this.own({ kind: 'wrongType', path, expected, found: typeNameOf(node), range: node.type === 'scalar' ? node.inner : node.range });
  }

  /** Records `key` as missing from `map` when it is absent or null. */
  requireKey(map: MapNode, shape: string, key: string): boolean {
    if (!isNullNode(valueOf(map, key))) return true;
    this.missingKey(map, shape, key);
    return false;
  }

  missingKey(map: MapNode, shape: string, key: string): void {
    // The first line of the mapping is where an editor shows it best.
    const firstKey = map.entries[0]?.key.range ?? map.range;
    this.own({ kind: 'missingKey', shape, key, range: { start: map.range.start, end: Math.max(firstKey.end, map.range.start) } });
  }

  /** Records every URN-looking string not yet recorded, as role `other`. */
  sweepUrns(): void {
    for (const root of this.roots) this.sweepRoot(root);
  }

  /** The sweep of one tree, also one that was never added as a root (a streamed array element). */
  sweepRoot(root: DocNode): void {
    forEachScalar(root, (node) => this.sweepScalar(node));
  }

  /** The sweep of one scalar (a file read in parts sweeps the scalars outside its parts one by one). */
  sweepScalar(node: ScalarNode): void {
    if (typeof node.value === 'string' && !this.claimed.has(node) && looksLikeUrn(node.value)) {
      this.claimed.add(node);
      this.facts.push({ kind: 'entityRef', urn: node.value, range: node.inner, role: 'other' });
    }
  }
}

/** `path` + `.key`, or `[index]`, in the style DataHub's own error messages use. */
export function pathOf(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return base ? `${base}.${key}` : key;
}

/** `path`, or pathOf(path, key) when a key is given. */
function pathOrKey(path: string, key: string | number | undefined): string {
  return key === undefined ? path : pathOf(path, key);
}

/** An EntityDeclarationFact whose fields are every key of the mapping, as plain values. */
export function declarationOf(urn: Located<string>, map: MapNode, origin: EntityDeclarationFact['origin'], depth: number): EntityDeclarationFact {
  const fields: Record<string, Located<unknown>> = {};
  for (const entry of map.entries) {
    fields[String(entry.key.value)] = { value: toPlain(entry.value), range: entry.value.type === 'scalar' ? entry.value.inner : entry.value.range };
  }
  return { kind: 'entityDeclaration', urn, fields, depth, origin, range: map.range };
}
