import type { SqlLineageView } from '../../../core/sql/impliedLineage';
import type { DataHubProfile } from '../../../core/datahub/versions';
import { definitionsFromModel } from '../../../core/definitions/fromFacts';
import type { DefinitionsView, EntityExistenceView, PropertyDefinitionInfo } from '../../../core/definitions/types';
import { EMPTY_DEFINITIONS, UNKNOWN_EXISTENCE } from '../../../core/definitions/types';
import { readDocument } from '../../../core/formats';
import type { CoreDiagnostic } from '../../../core/model/diagnostic';
import type { DocumentModel } from '../../../core/model/facts';
import type { SourceRange } from '../../../core/model/range';
import type { Rule } from '../../../core/rules/types';
import type { ServiceTarget } from '../../../core/rules/target';

/**
 * Caret-marked fixtures: the document text is written inline with `⟦` and `⟧` around every range
 * where a diagnostic must be reported. The markers are stripped before the text is read, and their
 * offsets become the expected ranges, in order.
 */
export function parseMarked(marked: string): { text: string; ranges: SourceRange[] } {
  let text = '';
  const ranges: SourceRange[] = [];
  const open: number[] = [];
  for (const ch of marked) {
    if (ch === '⟦') open.push(text.length);
    else if (ch === '⟧') {
      const start = open.pop();
      if (start === undefined) throw new Error('fixture: ⟧ without ⟦');
      ranges.push({ start, end: text.length });
    } else text += ch;
  }
  if (open.length > 0) throw new Error('fixture: ⟦ without ⟧');
  ranges.sort((a, b) => a.start - b.start || a.end - b.end);
  return { text, ranges };
}

export interface RuleRun {
  text: string;
  model: DocumentModel;
  /** the marked ranges, in document order */
  ranges: SourceRange[];
  /** the diagnostics, in document order */
  diagnostics: CoreDiagnostic[];
  /** the text each diagnostic covers */
  covered: string[];
}

export interface RunOptions {
  definitions?: DefinitionsView;
  entities?: EntityExistenceView;
  target?: ServiceTarget;
  /** the DataHub version judged by (default: the newest modelled) */
  datahub?: DataHubProfile;
  /** the SQL that defines datasets, as the editor reads it */
  sql?: SqlLineageView;
}

/** Reads the fixture with readDocument (as the editor does) and runs one rule over it. */
export function runRule(rule: Rule, uri: string, marked: string, options: RunOptions = {}): RuleRun {
  const { text, ranges } = parseMarked(marked);
  const model = readDocument(uri, text);
  const diagnostics = rule
    .run({ model, text, definitions: options.definitions ?? EMPTY_DEFINITIONS, entities: options.entities ?? UNKNOWN_EXISTENCE, target: options.target ?? 'offline', ...(options.datahub ? { datahub: options.datahub } : {}), ...(options.sql ? { sql: options.sql } : {}) })
    .sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  for (const d of diagnostics) {
    if (!rule.codes.includes(d.code)) throw new Error(`rule reported ${d.code}, which is not among its codes ${rule.codes.join(', ')}`);
  }
  return { text, model, ranges, diagnostics, covered: diagnostics.map((d) => text.slice(d.range.start, d.range.end)) };
}

/** The diagnostics' ranges, to compare with the marked ones. */
export function rangesOf(diagnostics: readonly CoreDiagnostic[]): SourceRange[] {
  return diagnostics.map((d) => ({ start: d.range.start, end: d.range.end }));
}

/** Definitions written in a properties YAML, as the workspace would hold them. */
export function workspaceDefinitions(yaml: string, uri = 'file:///repo/properties.yaml'): PropertyDefinitionInfo[] {
  const model = readDocument(uri, yaml);
  if (model.format !== 'propertyDefinitions') throw new Error(`fixture: not read as property definitions (${String(model.format)})`);
  return definitionsFromModel(model);
}

/** The same definitions as the service would return them, optionally soft-deleted. */
export function serviceDefinitions(yaml: string, softDeleted = false): PropertyDefinitionInfo[] {
  return workspaceDefinitions(yaml, 'file:///service.yaml').map((d) => ({ ...d, softDeleted, origin: { kind: 'service' as const, url: 'http://localhost:9002', fetchedAt: 0 } }));
}

export function definitionsView(options: { service?: PropertyDefinitionInfo[]; workspace?: PropertyDefinitionInfo[]; serviceAvailable?: boolean }): DefinitionsView {
  return {
    service: new Map((options.service ?? []).map((d) => [d.urn, d])),
    workspace: new Map((options.workspace ?? []).map((d) => [d.urn, d])),
    serviceAvailable: options.serviceAvailable ?? (options.service !== undefined),
  };
}

/** Entity existence as the server's cache would know it: listed URNs known, others not looked up. */
export function existence(known: Record<string, boolean>): EntityExistenceView {
  return { exists: (urn) => known[urn] };
}
