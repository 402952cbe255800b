import { parseUrn } from '../../core/urn/parse';
import type { ParsedUrn } from '../../core/urn/types';
import type { JsonObject } from '../store/types';

/**
 * DataHub 1.7 and later refuse a value of a property whose definition lists `allowedPlatforms` on
 * an entity of another platform, or of none (StructuredPropertiesValidator.validateAllowedPlatforms,
 * PR #18089, metadata-io …/structuredproperties/validation/StructuredPropertiesValidator.java). The
 * seed's spec is silent on allowedPlatforms, so the local catalog answers as that DataHub does.
 * The entity's platform is the one DataHub derives from its key (DataPlatformInstanceUtils: a
 * dataset's platform URN, a chart's, dashboard's or flow's tool lower-cased; a job's flow's; a schema
 * field's dataset's); the local catalog stores no other dataPlatformInstance it would consult.
 * Written here, not imported from core/rules: the local catalog is a witness of its own.
 */
export function allowedPlatformsProblem(propertyUrn: string, definition: JsonObject, entityUrn: string): string | undefined {
  const allowed = Array.isArray(definition.allowedPlatforms) ? definition.allowedPlatforms.filter((p): p is string => typeof p === 'string') : [];
  if (allowed.length === 0) return undefined;
  const parsed = parseUrn(entityUrn);
  const platform = parsed.urn ? platformUrnOf(parsed.urn, 0) : undefined;
  if (platform === undefined) {
    return `Property: ${propertyUrn} is restricted to specific data platforms [${allowed.join(', ')}], but the entity ${entityUrn} does not have a data platform. Apply the property to an asset of one of those platforms, or remove allowedPlatforms from its definition.`;
  }
  if (allowed.includes(platform)) return undefined;
  return `Property: ${propertyUrn} is restricted to data platforms [${allowed.join(', ')}], but the entity ${entityUrn} belongs to platform ${platform}. Apply it to an asset of an allowed platform, or add ${platform} to the definition's allowedPlatforms.`;
}

const TOOL_FIRST = new Set(['chart', 'dashboard', 'dataFlow', 'dataProcess']);

function platformUrnOf(urn: ParsedUrn, depth: number): string | undefined {
  const first = urn.parts[0];
  if (!first || depth > 3) return undefined;
  if (first.kind === 'urn') {
    if (first.entityType === 'dataPlatform') return first.raw;
    if (urn.entityType === 'schemaField' || urn.entityType === 'dataJob') return platformUrnOf(first, depth + 1);
    return undefined;
  }
  if (TOOL_FIRST.has(urn.entityType) && urn.tuple) return `urn:li:dataPlatform:${first.value.toLowerCase()}`;
  return undefined;
}
