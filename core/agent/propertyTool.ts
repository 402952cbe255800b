import { serviceDefinitions } from '../api/serviceDefinitions';
import { describeError } from '../errors/describeError';
import { lookupProperty } from '../definitions/lookup';
import { propertyUrnOf } from '../definitions/normalise';
import type { PropertyDefinitionInfo } from '../definitions/types';
import { factsOfKind } from '../model/facts';
import type { WorkspaceSession } from '../workspace/session';
import { AGENT_LIMITS, bounded, capped, moreClause } from './bounds';
import { toolError, type AgentTool } from './toolTypes';
import { fileLabel, uriPath } from './workspacePaths';

export const describePropertyTool: AgentTool = {
  name: 'describe_property',
  title: 'Describe a structured property',
  description:
    "A DataHub structured property's definition — value type, cardinality, allowed values with their descriptions, entity types, where it is defined (a workspace file or the catalog) and how the two differ — and where the workspace's files set it. " +
    'Give its qualified name (io.acme.tier) or URN. Use it before writing a structured_properties value, to pick an allowed value.',
  inputSchema: {
    type: 'object',
    properties: { property: { type: 'string', minLength: 1, maxLength: 500, description: 'The qualified name (io.acme.tier) or urn:li:structuredProperty:… of the property.' } },
    required: ['property'],
    additionalProperties: false,
  },
  readOnly: true,
  async run(input, context) {
    const { session } = await context.snapshot();
    // The session's own view of the catalog's definitions where it keeps them (the language server's live ones); else read here.
    const known = session.definitionsView();
    let service: ReadonlyMap<string, PropertyDefinitionInfo> = known.service;
    let serviceProblem: string | undefined;
    if (context.service && !known.serviceAvailable) {
      try {
        service = await serviceDefinitions(context.service);
      } catch (error) {
        serviceProblem = `The catalog's definitions could not be read: ${describeError(error)}`;
      }
    }
    const lookup = lookupProperty({ service, workspace: session.definitions(), serviceAvailable: context.service !== undefined && !serviceProblem }, input.property as string);
    const uses = propertyUses(session, lookup.urn, context.folders);
    const shownUses = capped(uses, AGENT_LIMITS.propertyUses);
    if (!lookup.effective && uses.length === 0) return toolError(`No definition of ${lookup.urn} in the workspace files${context.service ? ` or the catalog at ${context.service.url}` : ' (offline: no catalog connected)'}, and no file sets it. Check the qualified name.${serviceProblem ? ` ${serviceProblem}` : ''}`);
    const definition = lookup.effective ? definitionView(lookup.effective, context.folders, session) : undefined;
    const summary = definition
      ? `${lookup.urn}: ${definition.valueType}, ${definition.cardinality}${definition.allowedValues ? `, allowed values ${definition.allowedValues.map((v) => String(v.value)).slice(0, 20).join(', ')}` : ''}; on ${definition.entityTypes.join(', ') || 'any entity type'}; defined in ${definition.definedIn}. Set in ${uses.length} place(s) of the workspace${moreClause(shownUses.more, 'use(s)')}.`
      : `${lookup.urn} is set in ${uses.length} place(s) of the workspace, but defined nowhere Catalog Code can see.`;
    return {
      summary,
      structured: { urn: lookup.urn, definition, differences: lookup.differences, uses: shownUses.shown, moreUses: shownUses.more, ...(serviceProblem ? { serviceProblem } : {}) },
    };
  },
};

function definitionView(info: PropertyDefinitionInfo, folders: readonly string[], session: WorkspaceSession) {
  const definedIn = info.origin.kind === 'service' ? `the catalog at ${info.origin.url}` : originFile(info.origin.uri, info.origin.range.start, folders, session);
  return {
    qualifiedName: info.qualifiedName,
    ...(info.displayName ? { displayName: bounded(info.displayName, 200) } : {}),
    ...(info.description ? { description: bounded(info.description) } : {}),
    valueType: info.valueType,
    cardinality: info.cardinality,
    ...(info.allowedValues ? { allowedValues: info.allowedValues.slice(0, 200).map((v) => ({ value: v.value, ...(v.description ? { description: bounded(v.description, 300) } : {}) })) } : {}),
    entityTypes: info.entityTypes,
    ...(info.typeQualifierAllowedTypes ? { typeQualifierAllowedTypes: info.typeQualifierAllowedTypes } : {}),
    ...(info.allowedPlatforms?.length ? { allowedPlatforms: info.allowedPlatforms } : {}),
    ...(info.immutable !== undefined ? { immutable: info.immutable } : {}),
    ...(info.version ? { version: info.version } : {}),
    softDeleted: info.softDeleted,
    definedIn,
  };
}

function originFile(uri: string, offset: number, folders: readonly string[], session: WorkspaceSession): string {
  const line = session.get(uri)?.lineIndex.positionAt(offset).line;
  return `${fileLabel(uriPath(uri), folders)}${line === undefined ? '' : `:${line + 1}`}`;
}

/** Where the workspace's files set the property: file, line, entity and values. */
function propertyUses(session: WorkspaceSession, urn: string, folders: readonly string[]) {
  const uses: { file: string; line: number; entity: string; values: (string | number | boolean)[] }[] = [];
  for (const document of session.metadataDocuments()) {
    for (const fact of factsOfKind(document.model, 'propertyAssignment')) {
      if (fact.propertyUrn !== urn && propertyUrnOf(fact.property.value) !== urn) continue;
      const values = fact.values.slice(0, 20).map((value) => (typeof value.value === 'string' ? bounded(value.value, 200) : value.value)) as (string | number | boolean)[];
      uses.push({ file: fileLabel(uriPath(document.uri), folders), line: document.lineIndex.positionAt(fact.range.start).line + 1, entity: fact.entity.value, values });
    }
  }
  return uses;
}
