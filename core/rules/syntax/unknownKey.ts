import type { CoreDiagnostic } from '../../model/diagnostic';
import { camelToSnake, KNOWN_KEYS, SHAPE_LABELS, STRICT_SHAPES, type ShapeName } from '../../formats/shapes';
import { closestMatches } from '../../urn/suggest';
import type { Rule } from '../types';
import type { Located } from '../../model/range';
import { hasVersionedKeys, versionedKeyVerdict } from '../../datahub/versionedKeys';
import { describeProfile, VERSIONED_RULES, type DataHubProfile, type VersionedRule, type VersionedRuleId } from '../../datahub/versions';

const snakeToCamel = (key: string): string => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

const isShape = (shape: string): shape is ShapeName => shape in SHAPE_LABELS;

/** Keys written one level too high, with where they belong (forms.py: a form's `filters` and `urns` are under `entities`). */
const MISPLACED: Partial<Record<ShapeName, Record<string, string>>> = {
  'formsYaml.form': {
    filters: " A form's filters belong under entities (entities: {filters: {types: [...]}}; forms.py Entities.filters).",
    urns: " A form's urns belong under entities (entities: {urns: [...]}; forms.py Entities.urns).",
  },
};

/**
 * A key the model does not know. DataHub's file models forbid extra keys (pydantic
 * `extra="forbid"`): there a typo fails the whole file, so it is an error. Aspect records are read
 * by servers that ignore or reject unknown keys depending on version: a warning.
 */
export const unknownKey: Rule = {
  codes: ['format.unknownKey'],
  run: ({ model, datahub }) => {
    const diagnostics: CoreDiagnostic[] = [];
    const facts = model.facts;
    // Indexed loops and a set per shape: this runs over every mapping of a file (about 10,000 in a
    // 90,000-line MCP file), nearly all of whose keys are known, and allocates nothing for them.
    for (let i = 0; i < facts.length; i++) {
      const fact = facts[i];
      if (fact.kind !== 'objectShape' || !isShape(fact.shape)) continue;
      const versioned = hasVersionedKeys(fact.shape);
      if (versioned) {
        for (const key of fact.keys) {
          const verdict = versionedKeyVerdict(fact.shape, key.value, datahub);
          if (verdict && !verdict.accepted) diagnostics.push(refusedInVersion(fact.shape, key, verdict.rule, datahub));
        }
      }
      if (allKnown(fact.shape, fact.keys, versioned, datahub)) continue;
      const known = KNOWN_KEYS[fact.shape];
      // A key the mapping already has is no fix: renaming to it would write a duplicate key.
      const present = new Set(fact.keys.map((key) => key.value));
      const free = known.filter((k) => !present.has(k));
      const strict = STRICT_SHAPES.has(fact.shape);
      for (const key of fact.keys) {
        if (known.includes(key.value) || versionedKeyVerdict(fact.shape, key.value, datahub)) continue;
        // Only the case-style twin is offered as a rename: an aspect key of another name
        // (valueType for type) holds a value of another form (a data-type URN, not a short type).
        const styleTwin = [camelToSnake(key.value), snakeToCamel(key.value)].find((k) => k !== key.value && free.includes(k));
        const candidates = styleTwin ? [styleTwin] : closestMatches(key.value, free, 3);
        const misplaced = MISPLACED[fact.shape]?.[key.value];
        const hint = misplaced ?? (candidates.length > 0 ? ` Did you mean '${candidates[0]}'?` : '');
        const consequence = strict ? 'DataHub rejects the whole file for a key it does not know' : 'the service may ignore or reject it';
        diagnostics.push({
          range: key.range,
          severity: strict ? 'error' : 'warning',
          code: 'format.unknownKey',
          message: `Unknown key '${key.value}' in ${SHAPE_LABELS[fact.shape]}; ${consequence}.${hint} Known keys: ${known.join(', ')}.`,
          data: { candidates: misplaced ? [] : candidates },
        });
      }
    }
    return diagnostics;
  },
};

const knownKeySets = new Map<ShapeName, ReadonlySet<string>>();

/** Whether every key is known to the shape (or has a verdict by version, reported above): the usual mapping, with nothing to say. */
function allKnown(shape: ShapeName, keys: readonly Located<string>[], versioned: boolean, datahub: DataHubProfile | undefined): boolean {
  let known = knownKeySets.get(shape);
  if (!known) knownKeySets.set(shape, (known = new Set(KNOWN_KEYS[shape])));
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i].value;
    if (!known.has(key) && !(versioned && versionedKeyVerdict(shape, key, datahub))) return false;
  }
  return true;
}

/** A key the CLI of other DataHub versions reads, refused by the one judged by. */
function refusedInVersion(shape: ShapeName, key: Located<string>, rule: VersionedRuleId, profile: DataHubProfile | undefined): CoreDiagnostic {
  const row: VersionedRule = VERSIONED_RULES[rule];
  const range = row.until ? `from ${row.since} until ${row.until}` : `before ${row.since}`;
  return {
    range: key.range,
    severity: 'error',
    code: 'format.unknownKey',
    message: `DataHub's CLI ${range} refuses '${key.value}' in ${SHAPE_LABELS[shape]} as an extra field, and the whole file with it; judged by ${describeProfile(profile)} (${row.decidedBy}). Remove '${key.value}', or set catalogCode.datahub.version (--datahub-version) to the DataHub you push to.`,
    data: { candidates: [], datahubVersion: profile?.version ?? null },
  };
}

/** `lineageFile.entity` → its label for messages (`a lineage-file entity`). */
export function describeShape(shape: string): string {
  return isShape(shape) ? SHAPE_LABELS[shape] : shape.replace(/\./g, ' ');
}
