import { CompletionItemKind, type CompletionItem, type CompletionList } from 'vscode-languageserver-types';
import type { EntitySuggestion } from '../api/autoComplete';
import { lookupProperty } from '../definitions/lookup';
import { DATA_TYPE_URN_PREFIX, ENTITY_TYPE_URN_PREFIX } from '../definitions/normalise';
import { ENUMS, KNOWN_KEYS, type ShapeName } from '../formats/shapes';
import { factsOfKind, type FormatId } from '../model/facts';
import { ENTITY_TYPE_NAMES, FABRIC_TYPES, KNOWN_PLATFORMS, entityTypeOfUrn, fromGraphqlEntityType } from '../urn';
import { cursorContext, type CursorContext } from './cursor';
import { allowedValueItems, keyItems, propertyItems, urnItems, urnSnippetItem, valueItems, type ItemTarget } from './completionItems';
import { EMPTY_FILE_SNIPPETS, snippetItem } from './snippets';
import { workspaceUrns } from './workspaceUrns';
import { isJsonDocument, type FeatureInput } from '../workspace/workspaceDocument';

export interface CompletionOptions {
  /** entity URNs from the service for a typed name (cached; `pending` while a lookup runs) */
  suggestEntities?: (query: string) => { suggestions: EntitySuggestion[]; pending: boolean };
  /** definitions are being refreshed: the list is marked incomplete so the editor asks again */
  definitionsRefreshing?: boolean;
}

const ASPECT_NAMES = ['upstreamLineage', 'structuredProperties', 'propertyDefinition', 'status', 'dataJobInputOutput', 'dashboardInfo', 'dataFlowInfo', 'chartInfo', 'datasetProperties', 'schemaMetadata', 'ownership', 'globalTags', 'glossaryTerms'];

/** Completion from memory only: definitions, the workspace, and what the service already answered. */
export function complete(input: FeatureInput, offset: number, options: CompletionOptions = {}): CompletionList {
  const document = input.document;
  const cursor = cursorContext(document.text, offset, isJsonDocument(document));
  const target: ItemTarget = { document, cursor };
  let pending = false;
  const entityUrns = (types: readonly string[] | undefined): CompletionItem[] => {
    const local = workspaceUrns(input, types, offset);
    const query = lastNamePart(cursor.prefix);
    const remote = options.suggestEntities && query.length >= 2 ? options.suggestEntities(query) : { suggestions: [], pending: false };
    pending ||= remote.pending;
    const fromService = remote.suggestions
      .filter((s) => !types || types.includes(fromGraphqlEntityType(s.type) ?? entityTypeOfUrn(s.urn) ?? ''))
      .map((s) => ({ urn: s.urn, detail: 'in the service' }));
    return urnItems(target, [...local, ...fromService]);
  };
  const items = itemsFor(input, target, entityUrns);
  return { isIncomplete: pending || target.truncated === true || options.definitionsRefreshing === true, items };
}

type UrnSource = (types: readonly string[] | undefined) => CompletionItem[];

function itemsFor(input: FeatureInput, target: ItemTarget, entityUrns: UrnSource): CompletionItem[] {
  const { document } = input;
  const cursor = target.cursor;
  const format = formatForCompletion(document);
  if (format === null) {
    if (document.text.trim() !== '') return [];
    return EMPTY_FILE_SNIPPETS[isJsonDocument(document) ? 'json' : 'yaml'].map((name) => snippetItem(name, false));
  }
  // A URN being typed anywhere: entity types right after `urn:li:`, entities after that.
  if (cursor.prefix.startsWith('urn:li:')) {
    const afterPrefix = cursor.prefix.slice('urn:li:'.length);
    if (!afterPrefix.includes(':')) return valueItems(target, ENTITY_TYPE_NAMES.map((t) => `urn:li:${t}:`), CompletionItemKind.Class);
    if (!/^(dataType|entityType|structuredProperty):/.test(afterPrefix)) return entityUrns(undefined);
  }
  switch (format) {
    case 'propertyDefinitions':
      return definitionItems(target);
    case 'datasetYaml':
      return datasetItems(input, target, entityUrns);
    case 'lineageFile':
      return lineageFileItems(input, target, entityUrns);
    case 'mcpJson':
      return mcpItems(input, target, entityUrns);
    case 'lineageEdges':
      if (cursor.atKey) return keyItems(target, cursor.path.length === 0 ? KNOWN_KEYS['lineageEdges.root'] : KNOWN_KEYS['lineageEdges.edge']);
      if (cursor.key === 'downstreamUrn' || cursor.key === 'upstreamUrn') return entityUrns(undefined);
      return [];
    case 'formsYaml':
      // A form's prompts name properties: offer the ones defined, as the properties YAML's users do.
      if (!cursor.atKey && cursor.key === 'structured_property_id') return propertyItems(target, input.definitions, undefined, 'id', false);
      if (!cursor.atKey && cursor.key === 'structured_property_urn') return propertyItems(target, input.definitions, undefined, 'urn', false);
      return [];
  }
}

const last = (cursor: CursorContext, back = 0): string | undefined => cursor.path[cursor.path.length - 1 - back];

/** Value-position completions every format shares. */
function commonValues(target: ItemTarget, key: string | undefined): CompletionItem[] | undefined {
  switch (key) {
    case 'platform':
      return valueItems(target, KNOWN_PLATFORMS);
    case 'env':
      return valueItems(target, FABRIC_TYPES);
    case 'cardinality':
      return valueItems(target, [
        { value: 'SINGLE', description: 'At most one value per entity (the default).' },
        { value: 'MULTIPLE', description: 'Any number of values per entity.' },
      ]);
    case 'upstreamType':
      return valueItems(target, ENUMS.upstreamType);
    case 'downstreamType':
      return valueItems(target, ENUMS.downstreamType);
    case 'immutable':
    case 'nullable':
      return valueItems(target, ['true', 'false'], CompletionItemKind.Keyword);
    default:
      return undefined;
  }
}

function definitionItems(target: ItemTarget): CompletionItem[] {
  const cursor = target.cursor;
  const parent = last(cursor);
  if (cursor.atKey) {
    if (parent === 'entity_types' || parent === 'allowed_types' || parent === 'value_entity_types') return valueItems(target, ENTITY_TYPE_NAMES, CompletionItemKind.Class);
    if (parent === 'allowed_values') return keyItems(target, KNOWN_KEYS['propertyDefinitions.allowedValue']);
    if (parent === 'type_qualifier') return keyItems(target, KNOWN_KEYS['propertyDefinitions.typeQualifier']);
    if (cursor.path.length === 0) {
      const keys = cursor.indent === 0 && !cursor.inListItem ? [] : keyItems(target, KNOWN_KEYS['propertyDefinitions.property']);
      return cursor.indent === 0 ? [snippetItem('propertyDefinition', cursor.inListItem), ...keys] : keys;
    }
    return [];
  }
  if (cursor.key === 'type' && cursor.path.length === 0) {
    return valueItems(target, [
      { value: 'string', description: 'Plain text.' },
      { value: 'rich_text', description: 'Markdown text.' },
      { value: 'number', description: 'A number (sent as a double).' },
      { value: 'date', description: 'A date written `YYYY-MM-DD`.' },
      { value: 'urn', description: 'A URN of another entity (restrict the kinds with `type_qualifier.allowed_types`).' },
    ]);
  }
  return commonValues(target, cursor.key) ?? [];
}

function datasetItems(input: FeatureInput, target: ItemTarget, entityUrns: UrnSource): CompletionItem[] {
  const cursor = target.cursor;
  const parent = last(cursor);
  const entityType = cursor.path.includes('fields') ? 'schemaField' : 'dataset';
  if (cursor.atKey) {
    if (parent === 'structured_properties') return propertyItems(target, input.definitions, entityType, 'id', true);
    if (last(cursor, 1) === 'structured_properties' && cursor.inListItem) return allowedValuesOf(input, target, parent);
    if (parent === 'downstreams') return entityUrns(['dataset']);
    if (parent === 'entity_types') return valueItems(target, ENTITY_TYPE_NAMES, CompletionItemKind.Class);
    if (parent === 'schema') return keyItems(target, KNOWN_KEYS['datasetYaml.schema']);
    if (parent === 'fields') return keyItems(target, KNOWN_KEYS['datasetYaml.field']);
    if (parent === 'owners') return keyItems(target, KNOWN_KEYS['datasetYaml.owner']);
    if (cursor.path.length === 0) {
      const keys = keyItems(target, KNOWN_KEYS['datasetYaml.dataset']);
      return cursor.indent === 0 || cursor.inListItem ? [snippetItem('dataset', cursor.inListItem), ...keys] : keys;
    }
    return [];
  }
  if (parent === 'structured_properties' && cursor.key) return allowedValuesOf(input, target, cursor.key);
  if (cursor.key === 'type' && parent === 'fields') return valueItems(target, ENUMS.fieldType);
  if (cursor.key === 'type' && parent === 'owners') return valueItems(target, ENUMS.ownershipType);
  return commonValues(target, cursor.key) ?? [];
}

function allowedValuesOf(input: FeatureInput, target: ItemTarget, property: string | undefined): CompletionItem[] {
  if (!property) return [];
  const info = lookupProperty(input.definitions, property).effective;
  return info ? allowedValueItems(target, info) : [];
}

function lineageFileItems(input: FeatureInput, target: ItemTarget, entityUrns: UrnSource): CompletionItem[] {
  const cursor = target.cursor;
  const parent = last(cursor);
  if (cursor.atKey) {
    if (cursor.path.length === 0) return keyItems(target, KNOWN_KEYS['lineageFile.root']);
    if (parent === 'lineage') {
      // At the column of an entry's keys a new key is wanted; at the dash column, a new entry.
      const atKeyColumn = factsOfKind(input.document.model, 'objectShape').some(
        (shape) => shape.shape === 'lineageFile.node' && shape.keys.length > 0 && input.document.lineIndex.positionAt(shape.keys[0].range.start).character === cursor.indent,
      );
      const keys = keyItems(target, KNOWN_KEYS['lineageFile.node']);
      if (atKeyColumn && !cursor.inListItem) return keys;
      return [snippetItem('lineageEntry', cursor.inListItem), ...(cursor.inListItem ? keys : [])];
    }
    if (parent === 'upstream') return keyItems(target, ['entity']);
    if (parent === 'entity') return keyItems(target, KNOWN_KEYS['lineageFile.entity']);
    if (parent === 'fineGrainedLineages') return keyItems(target, KNOWN_KEYS['lineageFile.fineGrainedLineage']);
    if (parent === 'upstreams' || parent === 'downstreams') return schemaFieldItems(input, target, entityUrns);
    return [];
  }
  if (cursor.key === 'version' && cursor.path.length === 0) return valueItems(target, ['1']);
  if (cursor.key === 'type' && parent === 'entity') return valueItems(target, ENUMS.lineageEntityType);
  return commonValues(target, cursor.key) ?? [];
}

/** Column URNs of the datasets the file names, with the field name left to fill in. */
function schemaFieldItems(input: FeatureInput, target: ItemTarget, entityUrns: UrnSource): CompletionItem[] {
  const datasets = new Set(factsOfKind(input.document.model, 'entityDeclaration').filter((d) => d.origin !== 'schemaField').map((d) => d.urn.value));
  const snippets = [...datasets].map((urn) => urnSnippetItem(target, `urn:li:schemaField:(${urn},…)`, `urn:li:schemaField:(${urn},\${1:field})`, 'a column of this dataset'));
  return [...snippets, ...entityUrns(['schemaField'])];
}

function mcpItems(input: FeatureInput, target: ItemTarget, entityUrns: UrnSource): CompletionItem[] {
  const cursor = target.cursor;
  const offset = cursor.replace.start;
  const parent = last(cursor);
  if (cursor.atKey) {
    if (cursor.path.length === 0) return keyItems(target, KNOWN_KEYS['mcp.proposal']);
    const shape: ShapeName | undefined = parent === 'aspect' ? 'mcp.aspect' : parent === 'fineGrainedLineages' ? 'aspect.fineGrainedLineage' : parent === 'upstreams' ? 'aspect.upstream' : undefined;
    return shape ? keyItems(target, KNOWN_KEYS[shape]) : [];
  }
  const aspect = factsOfKind(input.document.model, 'aspect').find((a) => a.range.start <= offset && offset <= a.range.end);
  switch (cursor.key) {
    case 'entityType':
      return valueItems(target, ENTITY_TYPE_NAMES, CompletionItemKind.Class);
    case 'changeType':
      return valueItems(target, ENUMS.changeType);
    case 'aspectName':
      return valueItems(target, ASPECT_NAMES, CompletionItemKind.Module);
    case 'entityUrn':
    case 'dataset':
      return entityUrns(cursor.key === 'dataset' ? ['dataset'] : undefined);
    case 'propertyUrn': {
      const entityType = aspect ? entityTypeOfUrn(aspect.entityUrn.value) : undefined;
      return propertyItems(target, input.definitions, entityType, 'urn', false);
    }
    case 'valueType':
      return valueItems(target, ENUMS.propertyType.map((t) => `${DATA_TYPE_URN_PREFIX}datahub.${t}`));
    case 'type':
      return parent === 'upstreams' ? valueItems(target, ENUMS.lineageType) : [];
    case 'string':
    case 'double': {
      const assignment = factsOfKind(input.document.model, 'propertyAssignment').find((a) => a.range.start <= offset && offset <= a.range.end);
      return allowedValuesOf(input, target, assignment?.propertyUrn);
    }
  }
  if (parent === 'entityTypes' || parent === 'allowedTypes') return valueItems(target, ENTITY_TYPE_NAMES.map((t) => `${ENTITY_TYPE_URN_PREFIX}datahub.${t}`), CompletionItemKind.Class);
  if ((parent === 'upstreams' || parent === 'downstreams') && cursor.inListItem) return schemaFieldItems(input, target, entityUrns);
  return commonValues(target, cursor.key) ?? [];
}

/**
 * The document's format, or for a file too unfinished to be detected (a first definition with no
 * type yet), the format its top-level keys point at. Only completion uses this guess; diagnostics
 * stay with the conservative detection.
 */
function formatForCompletion(document: FeatureInput['document']): FormatId | null {
  if (document.model.format !== null || isJsonDocument(document)) return document.model.format;
  const text = document.text;
  if (/^lineage:/m.test(text)) return 'lineageFile';
  if (/^-\s+(id|urn):/m.test(text) && /^\s+(type|entity_types|cardinality|allowed_values):/m.test(text)) return 'propertyDefinitions';
  if (/^(structured_properties|downstreams|platform):/m.test(text)) return 'datasetYaml';
  return null;
}

/** The name-like end of what is typed, which is what the service's autoComplete matches on. */
function lastNamePart(prefix: string): string {
  const parts = prefix.split(/[(),]/);
  const tail = parts[parts.length - 1] ?? '';
  return tail.startsWith('urn:li:') ? '' : tail;
}
