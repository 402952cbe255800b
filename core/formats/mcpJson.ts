import type { AspectFact } from '../model/facts';
import type { Located } from '../model/range';
import { entityTypeOfUrn } from '../urn';
import type { AspectContext } from './aspectContext';
import { readEdgeAspect, readUpstreamLineage } from './aspectLineage';
import { readPropertyDefinitionAspect, readStatusAspect, readStructuredPropertiesAspect } from './aspectProperties';
import { FactCollector, pathOf } from './collector';
import { parseJson } from './jsonTree';
import { readPatch } from './patch';
import { assign } from './propertyDefinitions';
import { readSettingsAspect } from './propertySettings';
import type { DocNode, MapNode, ScalarNode } from './tree';
import { isNullNode, isStringNode, toPlain, valueOf } from './tree';

/**
 * Metadata change proposal files (reference/datahub-formats.md §1d): a JSON array (or one object)
 * of MCPs `{entityType, entityUrn, changeType, aspectName, aspect: {json} | {value, contentType}}`
 * and legacy MCEs `{proposedSnapshot: {<Snapshot class>: {urn, aspects: [{<Aspect class>: {...}}]}}}`.
 *
 * A stringified `aspect.value` is parsed as JSON on its own; the facts inside it get the exact
 * offsets of their characters inside the string literal (escapes such as `\"` are accounted for).
 */
export function readMcpJson(root: DocNode, collector: FactCollector): void {
  if (root.type === 'map') return readMcpItem(root, '', collector);
  collector.list(root, '').forEach((item, index) => readMcpItem(item, pathOf('', index), collector));
}

/** One proposal (or MCE) of the file, at `path` (`[3]`, or '' when the file is one object). */
export function readMcpItem(item: DocNode, path: string, collector: FactCollector): void {
  collector.avroUnions = true;
  const map = collector.map(item, path);
  if (!map) return;
  if (valueOf(map, 'proposedSnapshot')) readMce(map, path, collector);
  else readMcp(map, path, collector);
}

function readMcp(map: MapNode, path: string, collector: FactCollector): void {
  collector.shape(map, 'mcp.proposal');
  const entityType = collector.enumValue(valueOf(map, 'entityType'), 'proposalEntityType', pathOf(path, 'entityType'));
  const entityUrn = collector.urn(valueOf(map, 'entityUrn'), 'entity', pathOf(path, 'entityUrn'));
  const changeType = collector.enumValue(valueOf(map, 'changeType'), 'changeType', pathOf(path, 'changeType'));
  const aspectName = collector.string(valueOf(map, 'aspectName'), pathOf(path, 'aspectName'));
  collector.requireKey(map, 'mcp.proposal', 'entityType');
  collector.requireKey(map, 'mcp.proposal', 'changeType');
  if (!entityUrn && isNullNode(valueOf(map, 'entityKeyAspect'))) collector.missingKey(map, 'mcp.proposal', 'entityUrn');

  const aspectPath = pathOf(path, 'aspect');
  const wrapper = collector.map(valueOf(map, 'aspect'), aspectPath);
  if (wrapper && !aspectName) collector.missingKey(map, 'mcp.proposal', 'aspectName');
  const { body, encoding } = wrapper ? aspectBody(wrapper, aspectPath, collector) : { body: undefined, encoding: 'json' as const };
  if (!entityUrn || (!wrapper && !aspectName)) return;

  const fact: AspectFact = { kind: 'aspect', entityUrn, value: body ? toPlain(body) : undefined, encoding, range: map.range };
  assign(fact, 'entityType', entityType);
  assign(fact, 'changeType', changeType);
  assign(fact, 'aspectName', aspectName);
  collector.facts.push(fact);

  if (!body || changeType?.value === 'DELETE') return;
  const context: AspectContext = { collector, entity: entityUrn, path: encoding === 'json' ? pathOf(aspectPath, 'json') : pathOf(aspectPath, 'value') };
  if (changeType?.value === 'PATCH') readPatch(aspectName?.value, body, context);
  else readAspect(aspectName?.value, body, context);
}

/**
 * The aspect inside its wrapper: `{"json": {…}}` or `{"value": "<serialised JSON>", "contentType": …}`
 * (GenericAspect.pdl). An aspect written bare (`"aspect": {"removed": false}`) fails every such
 * proposal in DataHub's file source (MetadataChangeProposal.validate), so it is a wrong type, not a
 * list of unknown keys.
 */
function aspectBody(wrapper: MapNode, path: string, collector: FactCollector): { body: DocNode | undefined; encoding: 'json' | 'value' } {
  if (wrapper.entries.length > 0 && !wrapper.entries.some((entry) => WRAPPER_KEYS.has(String(entry.key.value)))) {
    collector.wrongType(path, 'the aspect wrapped as {"json": {…}} (or {"value": "<the aspect as serialised JSON>", "contentType": "application/json"}), which DataHub\'s file source requires (GenericAspect.pdl)', wrapper);
    return { body: undefined, encoding: 'json' };
  }
  collector.shape(wrapper, 'mcp.aspect');
  collector.string(valueOf(wrapper, 'contentType'), pathOf(path, 'contentType'));
  const json = valueOf(wrapper, 'json');
  if (json && !isNullNode(json)) return { body: json, encoding: 'json' };
  const value = valueOf(wrapper, 'value');
  if (!value || isNullNode(value)) return { body: undefined, encoding: 'json' };
  if (isStringNode(value)) return { body: parseStringifiedValue(value, collector), encoding: 'value' };
  collector.wrongType(pathOf(path, 'value'), 'string (the aspect as serialised JSON)', value);
  return { body: value, encoding: 'value' };
}

const WRAPPER_KEYS: ReadonlySet<string> = new Set(['json', 'value', 'contentType']);

/** Parses the JSON held in an `aspect.value` string, mapping offsets back into the file. */
function parseStringifiedValue(node: ScalarNode & { value: string }, collector: FactCollector): DocNode | undefined {
  const { inner } = node;
  const length = node.value.length;
  // Without a one-to-one mapping (YAML escapes, folded scalars) offsets are approximated.
  const offsetOf = node.offsetOf ?? ((index: number) => Math.min(inner.start + index, inner.end));
  const parsed = parseJson(node.value, {
    allowComments: false,
    mapOffset: (offset) => offsetOf(Math.max(0, Math.min(offset, length))),
    messagePrefix: 'In the aspect "value" string (JSON serialised as text): ',
  });
  collector.problems.push(...parsed.problems);
  if (!parsed.root) return undefined;
  collector.addRoot(parsed.root);
  return parsed.root;
}

function readMce(map: MapNode, path: string, collector: FactCollector): void {
  collector.shape(map, 'mce.event');
  const snapshotPath = pathOf(path, 'proposedSnapshot');
  const wrapper = collector.map(valueOf(map, 'proposedSnapshot'), snapshotPath);
  const member = wrapper?.entries[0];
  if (!member) return;
  const memberPath = pathOf(snapshotPath, String(member.key.value));
  const snapshot = collector.map(member.value, memberPath);
  if (!snapshot) return;
  collector.shape(snapshot, 'mce.snapshot');
  collector.requireKey(snapshot, 'mce.snapshot', 'urn');
  const entityUrn = collector.urn(valueOf(snapshot, 'urn'), 'entity', pathOf(memberPath, 'urn'));
  const aspectsPath = pathOf(memberPath, 'aspects');
  collector.list(valueOf(snapshot, 'aspects'), aspectsPath).forEach((item, index) => {
    const itemPath = pathOf(aspectsPath, index);
    const aspectMember = collector.map(item, itemPath)?.entries[0];
    if (!aspectMember || !entityUrn) return;
    const aspectName: Located<string> = { value: aspectNameOfClass(String(aspectMember.key.value)), range: aspectMember.key.inner };
    const fact: AspectFact = { kind: 'aspect', entityUrn, aspectName, value: toPlain(aspectMember.value), encoding: 'snapshot', range: item.range };
    const entityType = entityTypeOfUrn(entityUrn.value);
    if (entityType) fact.entityType = { value: entityType, range: member.key.inner };
    collector.facts.push(fact);
    const context: AspectContext = { collector, entity: entityUrn, path: pathOf(itemPath, String(aspectMember.key.value)) };
    readAspect(aspectName.value, aspectMember.value, context);
  });
}

/** `com.linkedin.pegasus2avro.dataset.UpstreamLineage` → `upstreamLineage`. */
export function aspectNameOfClass(className: string): string {
  const simple = className.slice(className.lastIndexOf('.') + 1);
  if (simple === 'StructuredPropertyDefinition') return 'propertyDefinition';
  return simple.charAt(0).toLowerCase() + simple.slice(1);
}

function readAspect(aspectName: string | undefined, body: DocNode, context: AspectContext): void {
  switch (aspectName) {
    case 'upstreamLineage':
      return readUpstreamLineage(body, context);
    case 'propertyDefinition':
      return readPropertyDefinitionAspect(body, context);
    case 'structuredProperties':
      return readStructuredPropertiesAspect(body, context);
    case 'structuredPropertySettings':
      return readSettingsAspect(body, context);
    case 'status':
      return readStatusAspect(body, context);
    case 'dataJobInputOutput':
    case 'chartInfo':
    case 'dashboardInfo':
    case 'dataFlowInfo':
      return readEdgeAspect(aspectName, body, context);
    default:
      return;
  }
}
