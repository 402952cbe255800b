import { lookupProperty } from '../definitions/lookup';
import type { DefinitionsView, PropertyDefinitionInfo } from '../definitions/types';
import type { SourceRange } from '../model/range';
import { logValue } from '../output/logText';
import type { WorkspaceDocument } from '../workspace/workspaceDocument';

/** At most this many hints per request: a generated file of 100,000 assignments shows its first ones. */
export const MAX_INLAY_HINTS = 2_000;
/** A display name longer than this is cut (a hint is one short line). */
const MAX_LABEL_NAME = 60;

export interface PropertyNameHint {
  /** where the hint sits: after the values on the key's line, else after the key's line */
  offset: number;
  /** `Retention (days) · number · SINGLE` */
  label: string;
  /** the property id and its description, for the hint's tooltip */
  tooltip: string;
}

/** `Retention (days) · number · SINGLE`: what a reader of a bare id needs, without hovering. */
export function propertyHintLabel(info: PropertyDefinitionInfo): string {
  const name = info.displayName ? logValue(info.displayName) : undefined;
  const shown = name && name.length > MAX_LABEL_NAME ? `${name.slice(0, MAX_LABEL_NAME - 1)}…` : name;
  return [shown, info.valueType, info.cardinality].filter((part) => part).join(' · ');
}

/**
 * A hint with the display name, type and cardinality of the property at every place a value is
 * assigned (dataset YAML, MCP JSON, PATCH operations) within `range`, where its definition is known
 * (the catalog's or the workspace's). One hint per line.
 */
export function propertyNameHints(document: WorkspaceDocument, definitions: DefinitionsView, range: SourceRange): PropertyNameHint[] {
  const hints: PropertyNameHint[] = [];
  const lines = new Set<number>();
  const { text } = document;
  for (const fact of document.model.facts) {
    if (fact.kind !== 'propertyAssignment') continue;
    const key = fact.property.range;
    if (key.end < range.start || key.start > range.end || key.end <= key.start) continue;
    const info = lookupProperty(definitions, fact.property.value).effective;
    if (!info) continue;
    const offset = hintOffset(text, key.end, fact.valuesRange.end);
    const line = text.lastIndexOf('\n', offset - 1);
    if (lines.has(line)) continue;
    lines.add(line);
    hints.push({ offset, label: propertyHintLabel(info), tooltip: `${info.qualifiedName}${info.description ? ` — ${logValue(info.description)}` : ''}` });
    if (hints.length >= MAX_INLAY_HINTS) break;
  }
  return hints;
}

/** After the values when they end on the key's line (`id: 365▸`), else at the end of the key's line (`id:▸`). */
export function hintOffset(text: string, keyEnd: number, valuesEnd: number): number {
  const lineEnd = text.indexOf('\n', keyEnd);
  const end = lineEnd < 0 ? text.length : lineEnd;
  if (valuesEnd >= keyEnd && valuesEnd <= end) return valuesEnd;
  let at = end;
  while (at > keyEnd && /\s/.test(text[at - 1])) at--;
  return at;
}
