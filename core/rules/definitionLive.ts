import { definitionFromFact } from '../definitions/fromFacts';
import { definitionDifferences, formatDifferences, lookupProperty } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import type { AllowedValue, PropertyDefinitionInfo } from '../definitions/types';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel, PropertyDefinitionFact } from '../model/facts';
import { factsOfKind } from '../model/facts';
import type { SourceRange } from '../model/range';
import { diagnostic, HOW_TO_RESTORE, quote, timestampVersion, VERSION_PATTERN } from './ruleHelpers';
import { oncePerDocument } from './perDocument';
import type { Rule } from './types';

/**
 * A definition in a file compared with the live one in the service (reference/datahub-api.md §4.2):
 * breaking changes without a greater version, a change of the `immutable` flag, and edits of a
 * soft-deleted property. Quiet when there is no service connection or the service lacks the property.
 */
export const definitionLive: Rule = {
  codes: ['definition.breakingChange', 'definition.immutable', 'definition.softDeleted'],
  // Its version advice names the current time, so results are not kept between checks.
  scope: 'document',
  run: ({ model, document, definitions }) => {
    if (!definitions.serviceAvailable) return [];
    const restored = restoredInFile(document ?? model);
    const diagnostics: CoreDiagnostic[] = [];
    for (const fact of factsOfKind(model, 'propertyDefinition')) {
      const live = lookupProperty(definitions, fact.urn.value).service;
      if (!live) continue;
      const proposed = definitionFromFact(fact, model.uri);
      const name = propertyIdOf(fact.urn.value);
      if (live.softDeleted && !restored.has(fact.urn.value)) {
        diagnostics.push(softDeleted(fact, live, proposed, name));
        continue;
      }
      if (proposed) diagnostics.push(...qualifiedNameChange(fact, live, proposed, name), ...breakingChanges(fact, live, proposed, name), ...immutableChange(fact, live, proposed, name));
    }
    return diagnostics;
  },
};

/** URNs the same file restores (a status aspect with removed: false), which makes editing them legal again. */
const restoredInFile = oncePerDocument((model: DocumentModel): Set<string> => {
  const urns = new Set<string>();
  for (const status of factsOfKind(model, 'statusChange')) if (!status.removed.value) urns.add(status.entity.value);
  return urns;
});

function nameRange(fact: PropertyDefinitionFact): SourceRange {
  return fact.id?.range ?? fact.urn.range;
}

function softDeleted(fact: PropertyDefinitionFact, live: PropertyDefinitionInfo, proposed: PropertyDefinitionInfo | undefined, name: string): CoreDiagnostic {
  const changes = proposed ? definitionDifferences(live, proposed) : [];
  const edited = !proposed || changes.length > 0;
  const restore = `Restore it first: ${HOW_TO_RESTORE}; or leave this definition unchanged.`;
  if (edited) {
    const what = changes.length > 0 ? ` (this file changes ${formatDifferences(changes, 'this file')})` : '';
    return diagnostic('definition.softDeleted', 'error', nameRange(fact), `${name} is soft-deleted in the service, which denies any change to its definition${what}. ${restore}`);
  }
  return diagnostic('definition.softDeleted', 'information', nameRange(fact), `${name} is soft-deleted in the service: entities do not show its values and new values are denied until it is restored. To use it again, ${HOW_TO_RESTORE}.`);
}

/** DataHub's rule: a breaking change is allowed when the old version is unset and the new one set, or the new one is greater (ignoring case). */
function versionAllows(live: PropertyDefinitionInfo, proposed: PropertyDefinitionInfo): boolean {
  if (proposed.version === undefined || !VERSION_PATTERN.test(proposed.version)) return false;
  if (live.version === undefined) return true;
  return proposed.version.toLowerCase() > live.version.toLowerCase();
}

function versionAdvice(live: PropertyDefinitionInfo): { text: string; suggestedVersion?: string } {
  const suggestion = timestampVersion();
  const greater = live.version === undefined || suggestion > live.version.toLowerCase();
  const than = live.version === undefined ? '' : ` greater than the live version ${quote(live.version)}`;
  const text = greater
    ? `To make it anyway, set version to a 14-digit timestamp${than}, e.g. '${suggestion}' (values already set under the old definition will no longer be readable).`
    : `The live version ${quote(live.version)} cannot be exceeded by a 14-digit version, so this change cannot be made.`;
  return greater ? { text, suggestedVersion: suggestion } : { text };
}

/**
 * GMS refuses any change of an existing definition's qualified name, whatever the version
 * (PropertyDefinitionValidator "Cannot change the fully qualified name of a Structured Property";
 * PropertyDefinitionValidatorTest#testCannotChangeFullyQualifiedNameWithVersionChange).
 */
function qualifiedNameChange(fact: PropertyDefinitionFact, live: PropertyDefinitionInfo, proposed: PropertyDefinitionInfo, name: string): CoreDiagnostic[] {
  if (live.qualifiedName === proposed.qualifiedName) return [];
  const range = fact.qualifiedName?.range ?? nameRange(fact);
  return [
    diagnostic(
      'definition.breakingChange',
      'error',
      range,
      `This changes the qualified name of ${name} from ${quote(live.qualifiedName)} (in the service) to ${quote(proposed.qualifiedName)}; the service never allows that, not even with a new version. Write ${quote(live.qualifiedName)}, or define a new property under a new URN.`,
      { candidates: [live.qualifiedName] },
    ),
  ];
}

function breakingChanges(fact: PropertyDefinitionFact, live: PropertyDefinitionInfo, proposed: PropertyDefinitionInfo, name: string): CoreDiagnostic[] {
  if (versionAllows(live, proposed)) return [];
  const advice = versionAdvice(live);
  // Not `candidates`: those replace the reported text (the type, the cardinality), while the fix
  // here is a new `version` value elsewhere in the definition.
  const data = { suggestedVersion: advice.suggestedVersion ?? null, liveVersion: live.version ?? null };
  const found: CoreDiagnostic[] = [];
  const report = (range: SourceRange, change: string) =>
    found.push(diagnostic('definition.breakingChange', 'error', range, `${change} The service rejects this as a breaking change unless the version is raised. ${advice.text}`, data));

  if (live.valueType !== proposed.valueType) {
    report(fact.valueType?.range ?? nameRange(fact), `This changes the type of ${name} from ${live.valueType} (in the service) to ${proposed.valueType}.`);
  }
  if (live.cardinality === 'MULTIPLE' && proposed.cardinality === 'SINGLE') {
    const implicit = fact.cardinality ? '' : ' (no cardinality means SINGLE)';
    report(fact.cardinality?.range ?? nameRange(fact), `This changes the cardinality of ${name} from MULTIPLE (in the service) to SINGLE${implicit}.`);
  }
  const proposedValues = proposed.allowedValues ?? [];
  const liveValues = live.allowedValues ?? [];
  if (proposedValues.length > 0) {
    const valuesRange = allowedValuesRange(fact) ?? nameRange(fact);
    if (liveValues.length === 0) {
      report(valuesRange, `${name} accepts any value in the service; this file restricts it to a list of allowed values.`);
    } else {
      const kept = new Set(proposedValues.map(valueKey));
      const removed = liveValues.filter((v) => !kept.has(valueKey(v)));
      if (removed.length > 0) {
        report(valuesRange, `This removes the allowed value${removed.length > 1 ? 's' : ''} ${removed.map((v) => quote(v.value)).join(', ')} of ${name}, which the service allows today.`);
      }
    }
  }
  return found;
}

/** Allowed values compare by value and kind: DataHub tells {double: 30} from {string: "30"}. */
function valueKey(value: AllowedValue): string {
  return `${typeof value.value}:${String(value.value)}`;
}

function allowedValuesRange(fact: PropertyDefinitionFact): SourceRange | undefined {
  const values = fact.allowedValues;
  if (!values || values.length === 0) return undefined;
  // From the first value to the last: the whole list the change is about, without trailing whitespace.
  return { start: values[0].value.range.start, end: values[values.length - 1].value.range.end };
}

function immutableChange(fact: PropertyDefinitionFact, live: PropertyDefinitionInfo, proposed: PropertyDefinitionInfo, name: string): CoreDiagnostic[] {
  const before = live.immutable === true;
  const after = proposed.immutable === true;
  if (before === after) return [];
  const range = fact.immutable?.range ?? nameRange(fact);
  const message = after
    ? `This makes ${name} immutable (it is not in the service): once pushed, values already set on entities can no longer be changed or removed.`
    : `This makes ${name} mutable again (it is immutable in the service): values set on entities can then be changed and removed.`;
  return [diagnostic('definition.immutable', 'information', range, message, { liveImmutable: before })];
}
