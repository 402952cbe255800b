import type { DefinitionsView, PropertyDefinitionInfo } from '../../../core/definitions/types';
import type { FeatureInput, WorkspaceDocument } from '../../../core/workspace/workspaceDocument';
import { readDocument } from '../../../core/formats';
import { LineIndex, type SourceRange } from '../../../core/model/range';

/**
 * Caret-marked fixtures: `|` marks the caret, `⟦…⟧` marks a range. Markers are stripped before
 * the text is read, so offsets refer to the clean text.
 */
export function caret(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  if (offset < 0) throw new Error('fixture has no | caret');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

export function marked(markedText: string): { text: string; range: SourceRange } {
  const start = markedText.indexOf('⟦');
  const end = markedText.indexOf('⟧');
  if (start < 0 || end < start) throw new Error('fixture has no ⟦…⟧ range');
  const text = markedText.slice(0, start) + markedText.slice(start + 1, end) + markedText.slice(end + 1);
  return { text, range: { start, end: end - 1 } };
}

export function documentOf(uri: string, text: string): WorkspaceDocument {
  return { uri, text, model: readDocument(uri, text), lineIndex: new LineIndex(text) };
}

export function definition(partial: Partial<PropertyDefinitionInfo> & { qualifiedName: string }): PropertyDefinitionInfo {
  return {
    urn: `urn:li:structuredProperty:${partial.qualifiedName}`,
    valueType: 'string',
    cardinality: 'SINGLE',
    entityTypes: ['dataset'],
    softDeleted: false,
    origin: { kind: 'service', url: 'http://catalog.test', fetchedAt: 0 },
    ...partial,
  };
}

export function definitionsOf(service: PropertyDefinitionInfo[], workspace: PropertyDefinitionInfo[] = []): DefinitionsView {
  return {
    service: new Map(service.map((d) => [d.urn, d])),
    workspace: new Map(workspace.map((d) => [d.urn, d])),
    serviceAvailable: service.length > 0,
  };
}

export function inputOf(document: WorkspaceDocument, definitions: DefinitionsView, workspace: WorkspaceDocument[] = []): FeatureInput {
  return { document, definitions, workspace };
}

export const RETENTION = definition({
  qualifiedName: 'io.acryl.privacy.retentionTime',
  displayName: 'Retention Time',
  valueType: 'number',
  cardinality: 'MULTIPLE',
  entityTypes: ['dataset', 'dataFlow'],
  allowedValues: [
    { value: 30, description: '30 days, usually reserved for datasets that are ephemeral and contain pii' },
    { value: 90, description: 'Use this for datasets that drive monthly reporting but contain pii' },
    { value: 365, description: 'Use this for non-sensitive data that can be retained for longer' },
  ],
});

export const CLASSIFICATION = definition({
  qualifiedName: 'io.acryl.dataManagement.classification',
  displayName: 'Classification',
  cardinality: 'SINGLE',
  entityTypes: ['dataset', 'schemaField'],
  allowedValues: [
    { value: 'Public', description: 'Anyone may see it' },
    { value: 'Internal', description: 'Employees only' },
    { value: 'Confidential', description: 'Named people only' },
  ],
});

export const FIELD_ONLY = definition({ qualifiedName: 'io.acryl.field.sensitivity', entityTypes: ['schemaField'] });
