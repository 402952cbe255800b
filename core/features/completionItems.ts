import { CompletionItemKind, CompletionItemTag, InsertTextFormat, MarkupKind, type CompletionItem } from 'vscode-languageserver-types';
import type { DefinitionsView, PropertyDefinitionInfo } from '../definitions/types';
import { closestMatches } from '../urn';
import type { CursorContext } from './cursor';
import { mdText } from '../output/markdown';
import { propertyCard } from './hover';
import { formatScalar } from './scalarText';
import { LIST_SKELETONS } from './snippets';
import type { WorkspaceDocument } from '../workspace/workspaceDocument';

/** Builders of completion items; every item replaces exactly the word at the caret. */

export interface ItemTarget {
  document: WorkspaceDocument;
  cursor: CursorContext;
  /** set when a list was cut short; the client then asks again as the user types */
  truncated?: boolean;
}

/** With thousands of live definitions, a full list (each with its card) costs more than it helps. */
export const MAX_PROPERTY_ITEMS = 200;

function replaceRange(target: ItemTarget) {
  const index = target.document.lineIndex;
  return { start: index.positionAt(target.cursor.replace.start), end: index.positionAt(target.cursor.replace.end) };
}

function textFor(target: ItemTarget, value: string): string {
  return target.cursor.quoted ? formatScalar(target.document, target.cursor.replace, value) : formatScalar(target.document, undefined, value);
}

/** Whether the rest of the caret's line already has a `:` (then a key completion adds none). */
function colonFollows(target: ItemTarget): boolean {
  const text = target.document.text;
  const lineEnd = text.indexOf('\n', target.cursor.replace.end);
  return /^\s*"?\s*:/.test(text.slice(target.cursor.replace.end, lineEnd < 0 ? undefined : lineEnd));
}

/** Values of an enumeration: the closest to what is typed first, then in their own order. */
export function valueItems(target: ItemTarget, values: readonly (string | { value: string; description?: string; detail?: string })[], kind: CompletionItemKind = CompletionItemKind.EnumMember): CompletionItem[] {
  const entries = values.map((v) => (typeof v === 'string' ? { value: v } : v));
  const order = rankByPrefix(target.cursor.prefix, entries.map((e) => e.value));
  return entries.map((entry) => {
    const item: CompletionItem = {
      label: entry.value,
      kind,
      textEdit: { range: replaceRange(target), newText: textFor(target, entry.value) },
      sortText: String(order.get(entry.value) ?? 0).padStart(5, '0'),
      filterText: entry.value,
    };
    if ('detail' in entry && entry.detail) item.detail = entry.detail;
    if ('description' in entry && entry.description) item.documentation = { kind: MarkupKind.Markdown, value: mdText(entry.description) };
    return item;
  });
}

/** Position of each value: closest matches to the typed prefix first, then the given order. */
export function rankByPrefix(prefix: string, values: readonly string[]): Map<string, number> {
  const ranked = prefix ? closestMatches(prefix, values, values.length) : [];
  const order = new Map<string, number>();
  ranked.forEach((value, i) => order.set(value, i));
  values.forEach((value, i) => {
    if (!order.has(value)) order.set(value, ranked.length + i);
  });
  return order;
}

/** Mapping keys of a model not yet written in the mapping at the caret; `: ` is added unless the line has the colon. */
export function keyItems(target: ItemTarget, keys: readonly string[]): CompletionItem[] {
  const colon = colonFollows(target) || target.cursor.quoted ? '' : ': ';
  const present = presentKeys(target, keys);
  return keys
    .filter((key) => !present.has(key))
    .map((key, i) => {
      // A list or map key on its own line of a YAML file: a skeleton of its first item.
      const skeleton = colon === ': ' && !isJsonText(target.document.text) && Object.prototype.hasOwnProperty.call(LIST_SKELETONS, key) ? LIST_SKELETONS[key] : undefined;
      return {
        label: key,
        kind: CompletionItemKind.Property,
        textEdit: { range: replaceRange(target), newText: skeleton ?? `${key}${colon}` },
        ...(skeleton ? { insertTextFormat: InsertTextFormat.Snippet, detail: 'with a skeleton of its first item' } : {}),
        sortText: String(i).padStart(5, '0'),
      };
    });
}

/**
 * Keys already written in the innermost mapping (of the model's shapes) that holds the caret,
 * except the one being typed.
 */
function presentKeys(target: ItemTarget, keys: readonly string[]): Set<string> {
  const offset = target.cursor.replace.start;
  const { text, lineIndex } = target.document;
  let best: { keys: string[]; size: number } | undefined;
  for (const fact of target.document.model.facts) {
    if (fact.kind !== 'objectShape' || fact.range.start > offset || fact.keys.length === 0) continue;
    // A caret on a fresh line after the mapping's last entry still belongs to it (YAML).
    if (offset > fact.range.end && text.slice(fact.range.end, offset).trim() !== '') continue;
    // ...but only at the column of its keys: a deeper `- ` starts a mapping of its own.
    if (!isJsonText(text) && lineIndex.positionAt(fact.keys[0].range.start).character !== target.cursor.indent) continue;
    const written = fact.keys.filter((k) => !(k.range.start <= offset && offset <= k.range.end)).map((k) => k.value);
    if (!written.some((k) => keys.includes(k))) continue;
    const size = fact.range.end - fact.range.start;
    if (!best || size < best.size) best = { keys: written, size };
  }
  return new Set(best?.keys ?? []);
}

function isJsonText(text: string): boolean {
  return /^\s*[[{]/.test(text);
}

/** Every property definition (service and workspace, the service's winning), by URN. */
export function allDefinitions(definitions: DefinitionsView): PropertyDefinitionInfo[] {
  const byUrn = new Map<string, PropertyDefinitionInfo>();
  for (const info of definitions.workspace.values()) byUrn.set(info.urn, info);
  for (const info of definitions.service.values()) byUrn.set(info.urn, info);
  return [...byUrn.values()];
}

/**
 * Properties that may be applied to `entityType` (all of them when it is unknown), written as
 * their id (`form: 'id'`, dataset YAML keys) or URN (`form: 'urn'`, MCP `propertyUrn`).
 */
export function propertyItems(target: ItemTarget, definitions: DefinitionsView, entityType: string | undefined, form: 'id' | 'urn', asKey: boolean): CompletionItem[] {
  const colon = asKey && !colonFollows(target) && !target.cursor.quoted ? ': ' : '';
  const typed = target.cursor.prefix.toLowerCase();
  const matching = allDefinitions(definitions)
    .filter((info) => !entityType || info.entityTypes.length === 0 || info.entityTypes.includes(entityType))
    .filter((info) => !typed || `${info.urn}\n${info.displayName ?? ''}`.toLowerCase().includes(typed))
    .sort((a, b) => Number(a.softDeleted) - Number(b.softDeleted) || a.qualifiedName.localeCompare(b.qualifiedName));
  // Filtered by what is typed: the client must ask again when the typed text changes.
  if (typed || matching.length > MAX_PROPERTY_ITEMS) target.truncated = true;
  return matching
    .slice(0, MAX_PROPERTY_ITEMS)
    .map((info, i) => {
      const written = form === 'id' ? info.qualifiedName : info.urn;
      const item: CompletionItem = {
        label: written,
        kind: CompletionItemKind.Field,
        detail: `${info.displayName ? `${info.displayName} · ` : ''}${info.valueType} · ${info.cardinality}${info.origin.kind === 'workspace' ? ' · workspace' : ''}`,
        documentation: { kind: MarkupKind.Markdown, value: propertyCard(info.urn, definitions) },
        textEdit: { range: replaceRange(target), newText: `${textFor(target, written)}${colon}` },
        sortText: String(i).padStart(5, '0'),
      };
      if (info.softDeleted) item.tags = [CompletionItemTag.Deprecated];
      return item;
    });
}

/** The allowed values of a property, closest to the typed text first, descriptions as documentation. */
export function allowedValueItems(target: ItemTarget, info: PropertyDefinitionInfo): CompletionItem[] {
  if (!info.allowedValues?.length) return [];
  const items = valueItems(
    target,
    info.allowedValues.map((allowed) => ({ value: String(allowed.value), description: allowed.description, detail: `${info.qualifiedName} · ${info.valueType}` })),
    CompletionItemKind.Value,
  );
  // The description beside each value in the list itself, on the first Ctrl+Space (the details pane
  // needs a second one); shortened there, whole in the item's documentation.
  info.allowedValues.forEach((allowed, i) => {
    const item = items[i];
    if (item && allowed.description) item.labelDetails = { description: listDescription(allowed.description) };
  });
  return items;
}

const LIST_DESCRIPTION_CHARS = 48;

/** One line of at most LIST_DESCRIPTION_CHARS, ending in … when shortened. */
function listDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > LIST_DESCRIPTION_CHARS ? `${line.slice(0, LIST_DESCRIPTION_CHARS - 1)}…` : line;
}

/** URNs (entities in the workspace or the service); the typed text may be any part of the URN. */
export function urnItems(target: ItemTarget, urns: readonly { urn: string; detail: string }[]): CompletionItem[] {
  const prefix = target.cursor.prefix;
  const seen = new Set<string>();
  const items: CompletionItem[] = [];
  for (const { urn, detail } of urns) {
    if (seen.has(urn) || urn === prefix) continue;
    seen.add(urn);
    items.push({
      label: urn,
      kind: CompletionItemKind.Reference,
      detail,
      textEdit: { range: replaceRange(target), newText: textFor(target, urn) },
      // The service matched on the name; keep the item visible whatever part was typed.
      filterText: urn.startsWith(prefix) ? urn : `${prefix}${urn}`,
      sortText: `${urn.startsWith(prefix) ? 0 : 1}${String(items.length).padStart(5, '0')}`,
    });
  }
  return items;
}

/** A snippet that replaces the typed word (a schemaField URN with a field name to fill in). */
export function urnSnippetItem(target: ItemTarget, label: string, snippet: string, detail: string): CompletionItem {
  return {
    label,
    kind: CompletionItemKind.Snippet,
    detail,
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range: replaceRange(target), newText: snippet },
    filterText: label,
  };
}
