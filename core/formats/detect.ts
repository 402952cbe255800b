import type { FormatId } from '../model/facts';
import { DATA_TYPE_URN_PREFIX, isDataTypeName, looksLikeUrn } from '../urn';
import { KNOWN_KEYS, yamlKeyTwin } from './shapes';
import type { DocNode, MapNode, SeqNode } from './tree';
import { entryOf, isNullNode, isStringNode, keysOf, valueOf } from './tree';

/**
 * Content detection, deliberately conservative: a file is one of our formats only when its shape
 * leaves little doubt. Any other YAML or JSON (Kubernetes, package.json, workflows, compose files,
 * OpenAPI, tsconfig, an empty file) is null and gets no diagnostics at all.
 */
export function detectByContent(documents: readonly (DocNode | null)[]): FormatId | null {
  for (const root of documents) {
    if (!root || isNullNode(root)) continue;
    const format = root.type === 'map' ? detectMapping(root) : root.type === 'seq' ? detectList(root.items) : null;
    if (format) return format;
  }
  return null;
}

/** What content detection reads of one list item: an edit that changes none of it keeps the file's format. */
export interface ItemDetection {
  kind: 'map' | 'null' | 'other';
  /** bit 0 a proposal, 1 a definition, 2 a dataset, 3 a lineage entry (has `entity` or `upstream`), 4 a form, 5 named by a structured-property URN */
  flags: number;
  keys: string[];
}

export function detectItem(item: DocNode): ItemDetection {
  if (item.type !== 'map') return { kind: isNullNode(item) ? 'null' : 'other', flags: 0, keys: [] };
  const flags =
    (looksLikeProposal(item) ? 1 : 0) | (looksLikeDefinition(item) ? 2 : 0) | (looksLikeDataset(item) ? 4 : 0) | (entryOf(item, 'entity') || entryOf(item, 'upstream') ? 8 : 0) | (looksLikeForm(item) ? 16 : 0) | (namedByPropertyUrn(item) ? 32 : 0);
  return { kind: 'map', flags, keys: keysOf(item) };
}

/** Below this share of known keys a mapping is someone else's file that merely shares a key. */
const KNOWN_KEY_SHARE = 0.7;

function detectMapping(map: MapNode): FormatId | null {
  if (looksLikeLineageEdges(map)) return 'lineageEdges';
  if (looksLikeLineageFile(map)) return 'lineageFile';
  if (looksLikeMcp(map) || looksLikeMce(map)) return 'mcpJson';
  if (looksLikeDataset(map) && knownShare([map], KNOWN_KEYS['datasetYaml.dataset']) >= KNOWN_KEY_SHARE) return 'datasetYaml';
  if (wrappedDefinitions(map)) return 'propertyDefinitions';
  return null;
}

/**
 * Definitions wrapped in a `properties:` mapping, a common slip: DataHub's loader iterates the top
 * level and fails on the key, so the file is read as a properties YAML (to say so) when the list
 * under `properties` is one and nothing else is beside it.
 */
export function wrappedDefinitions(map: MapNode): SeqNode | undefined {
  const list = valueOf(map, 'properties');
  if (map.entries.length !== 1 || list?.type !== 'seq') return undefined;
  return detectList(list.items) === 'propertyDefinitions' ? list : undefined;
}

function detectList(items: readonly DocNode[]): FormatId | null {
  const counts = newListCounts();
  for (const item of items) countItem(counts, detectItem(item), 1);
  return detectListFromCounts(counts);
}

/**
 * What the list rule reads of a list's items, as counts: a list read item by item
 * (core/incremental/) keeps them as items are replaced and asks the same rule.
 */
export interface ListCounts {
  nonNull: number;
  maps: number;
  proposals: number;
  definitions: number;
  datasets: number;
  /** entries with `entity` or `upstream` (a lineage file's) */
  lineageEntries: number;
  forms: number;
  /** mappings whose `urn` is a structured-property URN */
  propertyUrns: number;
  /** each key of the mappings, with how many mappings have it */
  keys: Map<string, number>;
}

export function newListCounts(): ListCounts {
  return { nonNull: 0, maps: 0, proposals: 0, definitions: 0, datasets: 0, lineageEntries: 0, forms: 0, propertyUrns: 0, keys: new Map() };
}

/** Adds (sign 1) or removes (sign -1) one item's detection. */
export function countItem(counts: ListCounts, item: ItemDetection, sign: 1 | -1): void {
  if (item.kind !== 'null') counts.nonNull += sign;
  if (item.kind !== 'map') return;
  counts.maps += sign;
  if (item.flags & 1) counts.proposals += sign;
  if (item.flags & 2) counts.definitions += sign;
  if (item.flags & 4) counts.datasets += sign;
  if (item.flags & 8) counts.lineageEntries += sign;
  if (item.flags & 16) counts.forms += sign;
  if (item.flags & 32) counts.propertyUrns += sign;
  for (const key of item.keys) {
    const count = (counts.keys.get(key) ?? 0) + sign;
    if (count === 0) counts.keys.delete(key);
    else counts.keys.set(key, count);
  }
}

/** The list rule: which of our list formats a list is, from its counts. */
export function detectListFromCounts(counts: ListCounts): FormatId | null {
  if (!listOfMappings(counts.maps, counts.nonNull)) return null;
  const majority = (hits: number) => hits > 0 && hits >= counts.maps / 2;
  if (majority(counts.proposals)) return 'mcpJson';
  // Items named by structured-property URNs claim the format even when written with the aspect's
  // camelCase keys (displayName, valueType): read, so that DataHub's refusal of those keys is said.
  // A known key in the aspect's spelling (entityTypes, displayName, valueType) is the same field:
  // it claims the format as much as the YAML key does.
  const namedDefinitions = majority(counts.propertyUrns) || shareOfKeys(counts.keys, KNOWN_KEYS['propertyDefinitions.property'], (key) => yamlKeyTwin('propertyDefinitions.property', key)) >= KNOWN_KEY_SHARE;
  if (majority(counts.definitions) && namedDefinitions) return 'propertyDefinitions';
  if (majority(counts.datasets) && shareOfKeys(counts.keys, KNOWN_KEYS['datasetYaml.dataset']) >= KNOWN_KEY_SHARE) return 'datasetYaml';
  if (majority(counts.forms) && shareOfKeys(counts.keys, KNOWN_KEYS['formsYaml.form']) >= KNOWN_KEY_SHARE) return 'formsYaml';
  return null;
}

/** A `datahub forms upsert` form: a `name` and prompts of DataHub's prompt types, or a form URN. */
function looksLikeForm(map: MapNode): boolean {
  const urn = valueOf(map, 'urn');
  if (isStringNode(urn) && urn.value.startsWith('urn:li:form:')) return true;
  const prompts = valueOf(map, 'prompts');
  if (!isStringNode(valueOf(map, 'name')) || prompts?.type !== 'seq') return false;
  return prompts.items.some((prompt) => prompt.type === 'map' && (entryOf(prompt, 'structured_property_id') !== undefined || entryOf(prompt, 'structured_property_urn') !== undefined || isPromptType(valueOf(prompt, 'type'))));
}

function isPromptType(node: DocNode | undefined): boolean {
  return isStringNode(node) && /^(FIELDS_)?(STRUCTURED_PROPERTY|DOCUMENTATION|GLOSSARY_TERMS)$|^(OWNERSHIP|DOMAIN)$/.test(node.value);
}

/** Whether a list with `maps` mappings among `nonNull` non-null items can be one of our formats. */
function listOfMappings(maps: number, nonNull: number): boolean {
  return maps > 0 && maps >= nonNull / 2;
}

/**
 * The list rule for metadata change proposals, from counts (for a list read one item at a time):
 * `items` non-null items, `maps` of them mappings, `proposals` of those proposals or MCEs.
 */
export function listIsProposals(nonNull: number, maps: number, proposals: number): boolean {
  return listOfMappings(maps, nonNull) && proposals > 0 && proposals >= maps / 2;
}

/** An MCP (`aspectName`/`aspect`/`changeType` with an entity) or a legacy MCE. */
export function looksLikeProposal(map: MapNode): boolean {
  return looksLikeMcp(map) || looksLikeMce(map);
}

function looksLikeLineageEdges(map: MapNode): boolean {
  const input = valueOf(map, 'input');
  const target = !entryOf(map, 'edgesToAdd') && !entryOf(map, 'edgesToRemove') && input?.type === 'map' ? input : map;
  if (!entryOf(target, 'edgesToAdd') && !entryOf(target, 'edgesToRemove')) return false;
  return knownShare([target], KNOWN_KEYS['lineageEdges.root']) >= 0.5;
}

function looksLikeLineageFile(map: MapNode): boolean {
  const lineage = valueOf(map, 'lineage');
  if (!lineage || (lineage.type !== 'seq' && !isNullNode(lineage))) return false;
  if (knownShare([map], KNOWN_KEYS['lineageFile.root']) < 0.5) return false;
  const hasEntityEntry = lineage.type === 'seq' && lineage.items.some((item) => item.type === 'map' && (entryOf(item, 'entity') || entryOf(item, 'upstream')));
  return hasEntityEntry || entryOf(map, 'version') !== undefined;
}

function looksLikeMcp(map: MapNode): boolean {
  const hasProposalKey = ['aspectName', 'aspect', 'changeType'].some((key) => entryOf(map, key));
  if (!hasProposalKey) return false;
  const urn = valueOf(map, 'entityUrn');
  return (isStringNode(urn) && looksLikeUrn(urn.value)) || (entryOf(map, 'entityType') !== undefined && entryOf(map, 'aspectName') !== undefined);
}

function looksLikeMce(map: MapNode): boolean {
  const snapshot = valueOf(map, 'proposedSnapshot');
  return snapshot?.type === 'map' && snapshot.entries.some((entry) => String(entry.key.value).endsWith('Snapshot'));
}

/**
 * Keys only a structured-property definition has (`id` and `type` alone are far too common); the
 * workspace scan's sniff reads them too (core/workspace/definitionSniff.ts).
 */
export const DEFINITION_KEYS: readonly string[] = ['entity_types', 'cardinality', 'allowed_values', 'qualified_name', 'type_qualifier', 'display_name', 'value_entity_types', 'immutable'];

function looksLikeDefinition(map: MapNode): boolean {
  if (entryOf(map, 'platform')) return false;
  if (namedByPropertyUrn(map)) return true;
  // A definition with neither `id` nor `urn` (the SDK refuses it: "id must be present if urn is
  // not"): a `type` beside keys only a definition has.
  if (!entryOf(map, 'id') && !entryOf(map, 'urn')) return isStringNode(valueOf(map, 'type')) && DEFINITION_KEYS.some((key) => entryOf(map, key));
  if (!isStringNode(valueOf(map, 'id'))) return false;
  const type = valueOf(map, 'type');
  const typed = isStringNode(type) && (isDataTypeName(type.value.toLowerCase()) || type.value.startsWith(DATA_TYPE_URN_PREFIX));
  return typed || DEFINITION_KEYS.some((key) => entryOf(map, key));
}

/** `urn: urn:li:structuredProperty:…` names a definition whatever else the mapping holds. */
function namedByPropertyUrn(map: MapNode): boolean {
  const urn = valueOf(map, 'urn');
  return isStringNode(urn) && urn.value.startsWith('urn:li:structuredProperty:');
}

function looksLikeDataset(map: MapNode): boolean {
  const urn = valueOf(map, 'urn');
  if (isStringNode(urn) && urn.value.startsWith('urn:li:dataset:')) return true;
  return isStringNode(valueOf(map, 'id')) && isStringNode(valueOf(map, 'platform'));
}

function knownShare(maps: readonly MapNode[], known: readonly string[]): number {
  return shareOfKeys(new Set(maps.flatMap(keysOf)), known);
}

/** The share of distinct keys that are `known` (as written, or once `spelled` another way). */
function shareOfKeys(keys: ReadonlySet<string> | ReadonlyMap<string, number>, known: readonly string[], spelled?: (key: string) => string): number {
  if (keys.size === 0) return 0;
  let hits = 0;
  for (const key of keys.keys()) if (known.includes(key) || (spelled && known.includes(spelled(key)))) hits++;
  return hits / keys.size;
}

