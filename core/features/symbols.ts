import { SymbolKind, type DocumentSymbol, type SymbolInformation } from 'vscode-languageserver-types';
import type { Fact } from '../model/facts';
import type { SourceRange } from '../model/range';
import type { WorkspaceDocument } from '../workspace/workspaceDocument';

interface Draft {
  name: string;
  detail?: string;
  kind: SymbolKind;
  range: SourceRange;
  selection: SourceRange;
  children: Draft[];
}

/**
 * The outline of a metadata file: entities, property definitions, property values, lineage
 * edges and aspects, nested by where they are written (a value inside its dataset, a column edge
 * inside its lineage entry).
 */
export function documentSymbols(document: WorkspaceDocument): DocumentSymbol[] {
  const drafts = document.model.facts.flatMap(draftOf);
  drafts.sort((a, b) => a.range.start - b.range.start || b.range.end - b.range.start - (a.range.end - a.range.start));
  const roots: Draft[] = [];
  const open: Draft[] = [];
  for (const draft of drafts) {
    while (open.length && !contains(open[open.length - 1].range, draft.range)) open.pop();
    (open.length ? open[open.length - 1].children : roots).push(draft);
    open.push(draft);
  }
  return roots.map((draft) => toSymbol(document, draft));
}

function draftOf(fact: Fact): Draft[] {
  const make = (name: string, kind: SymbolKind, range: SourceRange, selection: SourceRange, detail?: string): Draft[] => [
    { name: name || '(unnamed)', kind, range, selection: clamp(selection, range), children: [], ...(detail ? { detail } : {}) },
  ];
  switch (fact.kind) {
    case 'entityDeclaration':
      if (fact.origin === 'schemaField') return make(lastPart(fact.urn.value), SymbolKind.Field, fact.range, fact.urn.range, 'column');
      return make(fact.urn.value, SymbolKind.Class, fact.range, fact.urn.range, fact.depth > 0 ? 'upstream' : undefined);
    case 'propertyDefinition':
      return make(fact.qualifiedName?.value ?? fact.id?.value ?? fact.urn.value, SymbolKind.Property, fact.range, (fact.id ?? fact.urn).range, fact.valueType?.value);
    case 'propertyAssignment':
      return make(fact.property.value, SymbolKind.Constant, fact.range, fact.property.range, fact.values.map((v) => String(v.value)).join(', '));
    case 'lineageEdge':
      return make(`${fact.upstream.value} → ${fact.downstream.value}`, SymbolKind.Event, fact.range, fact.upstream.range, fact.change === 'remove' ? 'remove' : fact.origin);
    case 'fineGrainedEdge':
      return make(
        `${fact.upstreams.map((u) => lastPart(u.value)).join(', ')} → ${fact.downstreams.map((d) => lastPart(d.value)).join(', ')}`,
        SymbolKind.Event,
        fact.range,
        fact.range,
        'column lineage',
      );
    case 'aspect':
      return make(`${fact.aspectName?.value ?? 'aspect'} of ${fact.entityUrn.value}`, SymbolKind.Module, fact.range, fact.aspectName?.range ?? fact.entityUrn.range, fact.changeType?.value);
    default:
      return [];
  }
}

/** `urn:li:schemaField:(urn:li:dataset:(...),user_id)` → `user_id`; anything else unchanged. */
function lastPart(urn: string): string {
  const match = /,([^,()]+)\)$/.exec(urn);
  return urn.startsWith('urn:li:schemaField:') && match ? match[1] : urn;
}

function contains(outer: SourceRange, inner: SourceRange): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}

function clamp(selection: SourceRange, range: SourceRange): SourceRange {
  if (selection.start >= range.start && selection.end <= range.end) return selection;
  return { start: range.start, end: range.start };
}

function toSymbol(document: WorkspaceDocument, draft: Draft): DocumentSymbol {
  const index = document.lineIndex;
  const symbol: DocumentSymbol = {
    name: draft.name,
    kind: draft.kind,
    range: { start: index.positionAt(draft.range.start), end: index.positionAt(draft.range.end) },
    selectionRange: { start: index.positionAt(draft.selection.start), end: index.positionAt(draft.selection.end) },
    children: draft.children.map((child) => toSymbol(document, child)),
  };
  if (draft.detail) symbol.detail = draft.detail;
  return symbol;
}

/**
 * The outline as a flat list, for a client without `hierarchicalDocumentSymbolSupport`
 * (YouCompleteMe): each symbol in document order, its parent's name as `containerName`.
 */
export function symbolInformation(uri: string, symbols: readonly DocumentSymbol[], container?: string): SymbolInformation[] {
  return symbols.flatMap((symbol) => {
    const flat: SymbolInformation = { name: symbol.name, kind: symbol.kind, location: { uri, range: symbol.range } };
    if (container !== undefined) flat.containerName = container;
    return [flat, ...symbolInformation(uri, symbol.children ?? [], symbol.name)];
  });
}
