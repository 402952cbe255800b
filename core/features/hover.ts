import { fileLabel } from '../output/fileLabel';
import { MarkupKind, type Hover } from 'vscode-languageserver-types';
import { formatDifferences, lookupProperty, originLabel } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import type { DefinitionsView, EntityExistenceView, PropertyDefinitionInfo } from '../definitions/types';
import type { SourceRange } from '../model/range';
import { parseUrn, urnTypeSpec, type ParsedUrn } from '../urn';
import { md, mdCode, mdJoin, mdLink, mdText, type Markdown } from '../output/markdown';
import { targetAt } from './locate';
import type { FeatureInput } from '../workspace/workspaceDocument';

/** Hover: a property card for a property key or value, the parts of a URN for any other URN. */
export function hover(input: FeatureInput, offset: number): Hover | null {
  const target = targetAt(input.document, offset);
  if (!target) return null;
  const card = target.kind === 'urn' ? urnCard(target.urn, input.entities, input.definitions.serviceAvailable, input.createdBy?.(target.urn)) : propertyCard(target.urn, input.definitions);
  const value = target.kind === 'propertyValue' ? allowedValueLine(target.urn, target.value.value, input.definitions) : undefined;
  const link = input.catalogLink?.(target.urn);
  const parts = [value, card, link ? mdLink(md`Open in DataHub`, link) : undefined].filter((part) => part !== undefined);
  return { contents: { kind: MarkupKind.Markdown, value: mdJoin(parts, md`\n\n---\n\n`) }, range: lspRange(input, target.range) };
}

/** The allowed value a value stands for, with its description, first on a value's hover. */
function allowedValueLine(urn: string, value: unknown, definitions: DefinitionsView): Markdown | undefined {
  const allowed = lookupProperty(definitions, urn).effective?.allowedValues?.find((candidate) => String(candidate.value) === String(value));
  if (!allowed) return undefined;
  return allowed.description ? md`${mdCode(String(allowed.value))} — ${mdText(allowed.description)}` : md`${mdCode(String(allowed.value))} (an allowed value, without a description)`;
}

function lspRange(input: FeatureInput, range: SourceRange) {
  const index = input.document.lineIndex;
  return { start: index.positionAt(range.start), end: index.positionAt(range.end) };
}

/** The card of one property: what values it takes and where it is defined. */
export function propertyCard(urn: string, definitions: DefinitionsView): Markdown {
  const lookup = lookupProperty(definitions, urn);
  const info = lookup.effective;
  if (!info) {
    const where = definitions.serviceAvailable ? md`in the service or in the workspace` : md`in the workspace (no catalog service is connected)`;
    return md`**${mdText(propertyIdOf(urn))}**\n\nNo definition found ${where}. Define it in a properties YAML file, or check the spelling.`;
  }
  const codes = (values: readonly string[]) => mdJoin(values.map((v) => mdCode(v)), md`, `);
  const lines: Markdown[] = [];
  lines.push(md`**${mdText(info.displayName ?? info.qualifiedName)}** ${mdCode(info.qualifiedName)}`);
  lines.push(md``);
  lines.push(md`Type: ${mdCode(info.valueType)} · Cardinality: ${mdCode(info.cardinality)}${info.immutable ? md` · immutable` : md``}`);
  if (info.typeQualifierAllowedTypes?.length) lines.push(md`\nValues may point at: ${codes(info.typeQualifierAllowedTypes)}`);
  lines.push(md`\nApplies to: ${info.entityTypes.length ? codes(info.entityTypes) : md`_no entity types_`}`);
  if (info.allowedPlatforms?.length) lines.push(md`\nOnly on platforms: ${codes(info.allowedPlatforms)}`);
  if (info.allowedValues?.length) {
    lines.push(md`\nAllowed values:`);
    for (const allowed of info.allowedValues) lines.push(md`- ${mdCode(String(allowed.value))}${allowed.description ? md` — ${mdText(allowed.description)}` : md``}`);
  }
  if (info.description) lines.push(md`\n${mdText(info.description)}`);
  if (lookup.service?.softDeleted) {
    lines.push(md`\n⚠️ **Soft-deleted** in the service: entities do not return its values, and new values are refused until it is restored.`);
  }
  lines.push(md`\nDefined in: ${definedIn(lookup.service, lookup.workspace)}`);
  if (lookup.differences.length) lines.push(md`\nThe workspace and the service disagree — ${mdText(formatDifferences(lookup.differences, originLabel(lookup.workspace as PropertyDefinitionInfo)))}.`);
  return mdJoin(lines, md`\n`);
}

function definedIn(service: PropertyDefinitionInfo | undefined, workspace: PropertyDefinitionInfo | undefined): Markdown {
  const parts: Markdown[] = [];
  if (service) parts.push(md`the service`);
  if (workspace && workspace.origin.kind === 'workspace') parts.push(md`${mdCode(originLabel(workspace))}${service ? md`` : md` (not pushed yet)`}`);
  return mdJoin(parts, md` and `);
}

/** The parts of a URN, labelled by its type's key shape, and whether the entity exists. */
export function urnCard(urn: string, entities: EntityExistenceView | undefined, serviceAvailable: boolean, createdBy?: ReadonlySet<string>): Markdown {
  const parsed = parseUrn(urn);
  const shape = parsed.urn;
  if (!shape) return md`**URN** ${mdCode(urn)}\n\nNot a valid URN: ${mdText(parsed.ok ? '' : parsed.error.message)}`;
  const lines: Markdown[] = [md`**${mdText(shape.entityType)}** URN`, md``];
  lines.push(...partLines(shape, 0));
  if (!parsed.ok) lines.push(md``, md`⚠️ ${mdText(parsed.error.message)}`);
  // The pending state first: a file that creates the entity makes it exist once pushed, whatever the catalog holds now.
  if (createdBy && createdBy.size > 0) lines.push(md``, md`✓ Created by ${mdJoin([...createdBy].sort().map((uri) => mdCode(fileLabel(uri))), md`, `)} once pushed.`);
  lines.push(md``, existenceLine(urn, entities, serviceAvailable));
  return mdJoin(lines, md`\n`);
}

/** One list item per part; a nested URN's parts indented under it (two spaces a level). */
function partLines(urn: ParsedUrn, depth: number): Markdown[] {
  const spec = urnTypeSpec(urn.entityType);
  const indent = mdJoin(Array.from({ length: depth }, () => md`  `));
  const lines: Markdown[] = [];
  urn.parts.forEach((part, i) => {
    const label = spec?.parts[i]?.label ?? (urn.parts.length === 1 ? 'key' : `part ${i + 1}`);
    lines.push(md`${indent}- ${mdText(label)}: ${mdCode(part.kind === 'urn' ? part.raw : part.value)}`);
    if (part.kind === 'urn' && part.parts.length > 1) lines.push(...partLines(part, depth + 1));
  });
  return lines;
}

function existenceLine(urn: string, entities: EntityExistenceView | undefined, serviceAvailable: boolean): Markdown {
  if (!serviceAvailable) return md`Existence in the service: not checked (no catalog service connected).`;
  if (!entities) return md`Existence in the service: not checked (the catalog service is not reachable right now).`;
  const exists = entities.exists(urn);
  if (exists === true) return md`✓ Exists in the service.`;
  if (exists === false) return md`✗ Does not exist in the service: edges and values that refer to it will be refused until it is created.`;
  return md`Existence in the service: not answered yet (the catalog service is slow to answer); the diagnostics update when it does.`;
}

