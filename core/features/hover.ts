import { fileLabel } from '../output/fileLabel';
import { MarkupKind, type Hover } from 'vscode-languageserver-types';
import { formatDifferences, lookupProperty, originLabel } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import type { DefinitionsView, EntityExistenceView, PropertyDefinitionInfo } from '../definitions/types';
import type { SourceRange } from '../model/range';
import { parseUrn, urnTypeSpec, type ParsedUrn } from '../urn';
import { mdCode, mdText } from '../output/markdown';
import { targetAt } from './locate';
import type { FeatureInput } from '../workspace/workspaceDocument';

/** Hover: a property card for a property key or value, the parts of a URN for any other URN. */
export function hover(input: FeatureInput, offset: number): Hover | null {
  const target = targetAt(input.document, offset);
  if (!target) return null;
  const card = target.kind === 'urn' ? urnCard(target.urn, input.entities, input.definitions.serviceAvailable, input.createdBy?.(target.urn)) : propertyCard(target.urn, input.definitions);
  const value = target.kind === 'propertyValue' ? allowedValueLine(target.urn, target.value.value, input.definitions) : undefined;
  const link = input.catalogLink?.(target.urn);
  const markdown = [value, card, link ? `[Open in DataHub](<${link}>)` : undefined].filter((part) => part !== undefined).join('\n\n---\n\n');
  return { contents: { kind: MarkupKind.Markdown, value: markdown }, range: lspRange(input, target.range) };
}

/** The allowed value a value stands for, with its description, first on a value's hover. */
function allowedValueLine(urn: string, value: unknown, definitions: DefinitionsView): string | undefined {
  const allowed = lookupProperty(definitions, urn).effective?.allowedValues?.find((candidate) => String(candidate.value) === String(value));
  if (!allowed) return undefined;
  return `${mdCode(String(allowed.value))}${allowed.description ? ` — ${mdText(allowed.description)}` : ' (an allowed value, without a description)'}`;
}

function lspRange(input: FeatureInput, range: SourceRange) {
  const index = input.document.lineIndex;
  return { start: index.positionAt(range.start), end: index.positionAt(range.end) };
}

/** The card of one property: what values it takes and where it is defined. */
export function propertyCard(urn: string, definitions: DefinitionsView): string {
  const lookup = lookupProperty(definitions, urn);
  const info = lookup.effective;
  if (!info) {
    const where = definitions.serviceAvailable ? 'in the service or in the workspace' : 'in the workspace (no catalog service is connected)';
    return `**${propertyIdOf(urn)}**\n\nNo definition found ${where}. Define it in a properties YAML file, or check the spelling.`;
  }
  const lines: string[] = [];
  lines.push(`**${escape(info.displayName ?? info.qualifiedName)}** \`${info.qualifiedName}\``);
  lines.push('');
  lines.push(`Type: \`${info.valueType}\` · Cardinality: \`${info.cardinality}\`${info.immutable ? ' · immutable' : ''}`);
  if (info.typeQualifierAllowedTypes?.length) lines.push(`\nValues may point at: ${info.typeQualifierAllowedTypes.map(code).join(', ')}`);
  lines.push(`\nApplies to: ${info.entityTypes.length ? info.entityTypes.map(code).join(', ') : '_no entity types_'}`);
  if (info.allowedPlatforms?.length) lines.push(`\nOnly on platforms: ${info.allowedPlatforms.map((platform) => mdCode(platform)).join(', ')}`);
  if (info.allowedValues?.length) {
    lines.push('\nAllowed values:');
    for (const allowed of info.allowedValues) lines.push(`- \`${String(allowed.value)}\`${allowed.description ? ` — ${escape(allowed.description)}` : ''}`);
  }
  if (info.description) lines.push(`\n${escape(info.description)}`);
  if (lookup.service?.softDeleted) {
    lines.push('\n⚠️ **Soft-deleted** in the service: entities do not return its values, and new values are refused until it is restored.');
  }
  lines.push(`\nDefined in: ${definedIn(lookup.service, lookup.workspace)}`);
  if (lookup.differences.length) lines.push(`\nThe workspace and the service disagree — ${escape(formatDifferences(lookup.differences, originLabel(lookup.workspace as PropertyDefinitionInfo)))}.`);
  return lines.join('\n');
}

function definedIn(service: PropertyDefinitionInfo | undefined, workspace: PropertyDefinitionInfo | undefined): string {
  const parts: string[] = [];
  if (service) parts.push('the service');
  if (workspace && workspace.origin.kind === 'workspace') parts.push(`\`${originLabel(workspace)}\`${service ? '' : ' (not pushed yet)'}`);
  return parts.join(' and ');
}

/** The parts of a URN, labelled by its type's key shape, and whether the entity exists. */
export function urnCard(urn: string, entities: EntityExistenceView | undefined, serviceAvailable: boolean, createdBy?: ReadonlySet<string>): string {
  const parsed = parseUrn(urn);
  const lines: string[] = [];
  const shape = parsed.ok ? parsed.urn : parsed.urn;
  if (!shape) {
    lines.push(`**URN** \`${urn}\``, '', `Not a valid URN: ${escape(parsed.ok ? '' : parsed.error.message)}`);
    return lines.join('\n');
  }
  lines.push(`**${shape.entityType}** URN`, '');
  lines.push(...partLines(shape, ''));
  if (!parsed.ok) lines.push('', `⚠️ ${escape(parsed.error.message)}`);
  // The pending state first: a file that creates the entity makes it exist once pushed, whatever the catalog holds now.
  if (createdBy && createdBy.size > 0) lines.push('', `✓ Created by ${[...createdBy].sort().map((uri) => escape(fileLabel(uri))).join(', ')} once pushed.`);
  lines.push('', existenceLine(urn, entities, serviceAvailable));
  return lines.join('\n');
}

function partLines(urn: ParsedUrn, indent: string): string[] {
  const spec = urnTypeSpec(urn.entityType);
  const lines: string[] = [];
  urn.parts.forEach((part, i) => {
    const label = spec?.parts[i]?.label ?? (urn.parts.length === 1 ? 'key' : `part ${i + 1}`);
    if (part.kind === 'urn') {
      lines.push(`${indent}- ${label}: \`${part.raw}\``);
      if (part.parts.length > 1) lines.push(...partLines(part, `${indent}  `));
    } else {
      lines.push(`${indent}- ${label}: \`${part.value}\``);
    }
  });
  return lines;
}

function existenceLine(urn: string, entities: EntityExistenceView | undefined, serviceAvailable: boolean): string {
  if (!serviceAvailable) return 'Existence in the service: not checked (no catalog service connected).';
  if (!entities) return 'Existence in the service: not checked (the catalog service is not reachable right now).';
  const exists = entities.exists(urn);
  if (exists === true) return '✓ Exists in the service.';
  if (exists === false) return '✗ Does not exist in the service: edges and values that refer to it will be refused until it is created.';
  return 'Existence in the service: being checked now — hover again in a moment to see the answer.';
}

function code(text: string): string {
  return `\`${text}\``;
}

/** Markdown-escapes text that came from files or the service. */
function escape(text: string): string {
  return text.replace(/([\\`*_{}[\]<>#|])/g, '\\$1');
}
