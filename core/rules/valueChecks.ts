import type { PropertyValueType } from '../definitions/types';
import type { DocumentModel, PropertyScalar } from '../model/facts';
import type { Located, SourceRange } from '../model/range';
import { entityTypeOf } from './urnParts';

/**
 * Whether one value has a property's type, the way DataHub's StructuredPropertiesValidator judges
 * it (reference/datahub-api.md §4.3): string / rich_text / date / urn values must be text, a date is
 * `YYYY-MM-DD` between 1000-01-01 and 9999-12-31, a urn value must parse (and be of an allowed type
 * when the definition restricts them, compared ignoring case), a number is numeric.
 * Shared by the value rule and the definition rule (allowed values are typed like the property).
 */

export interface ValueProblem {
  /** 'error': the service rejects it; 'warning': accepted, but it will not behave as meant */
  severity: 'error' | 'warning';
  /** completes "<value> ..." e.g. "is not a number" */
  problem: string;
  /** what to write instead, when one is obvious */
  candidates: string[];
  /** the fix turns text into a number or back (quoting / unquoting), not just respelling it */
  changesKind?: true;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date DataHub accepts: StructuredPropertyUtils.isValidDate wants 10 characters that
 * java.sql.Date.valueOf parses, between 1000-01-01 and 9999-12-31. valueOf checks only that the
 * month is 1–12 and the day 1–31 and then rolls over (`2023-02-30` is 2023-03-02), so any day up to
 * 31 passes in every month.
 */
export function isValidDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** The calendar date DataHub reads a valid date as (java.sql.Date.valueOf rolls `2023-02-30` over to `2023-03-02`). */
export function rolledOverDate(text: string): string {
  const match = DATE.exec(text);
  if (!match) return text;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10);
}

/** What Java's Double.parseDouble accepts, near enough: a plain or scientific decimal number. */
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function describeScalar(value: PropertyScalar): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

export function checkValueType(value: PropertyScalar, type: PropertyValueType, allowedUrnTypes?: readonly string[]): ValueProblem | undefined {
  if (value === null || typeof value === 'boolean') {
    const expected = type === 'number' ? 'a number' : 'text';
    return { severity: 'error', problem: `is ${value === null ? 'empty' : 'a true/false value'}, but the property holds ${expected}`, candidates: [] };
  }
  if (type === 'number') return checkNumber(value);
  if (typeof value === 'number') {
    // DataHub sends an unquoted number as {double: n}; text-typed properties reject it.
    return { severity: 'error', problem: `is a number, but the property's type is ${type}, which holds text; quote it`, candidates: [`"${value}"`], changesKind: true };
  }
  if (type === 'date') return !isValidDate(value) ? dateProblem(value) : rolledOverDate(value) !== value ? rolloverProblem(value) : undefined;
  if (type === 'urn') return checkUrn(value, allowedUrnTypes);
  return undefined;
}

function checkNumber(value: string | number): ValueProblem | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { severity: 'error', problem: 'is not a finite number', candidates: [] };
  if (NUMERIC.test(value.trim())) {
    // The service accepts numeric text for a number property but stores it as text, so it never
    // equals an allowed value or a number written elsewhere.
    return { severity: 'warning', problem: 'is a number written as text; write it without quotes so it is sent as a number', candidates: [String(Number(value))], changesKind: true };
  }
  return { severity: 'error', problem: "is not a number, and the property's type is number", candidates: [] };
}

function dateProblem(value: string): ValueProblem {
  const candidates: string[] = [];
  const slashed = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(value) ?? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (slashed) {
    const fixed = `${slashed[1]}-${slashed[2].padStart(2, '0')}-${slashed[3].padStart(2, '0')}`;
    if (isValidDate(fixed)) candidates.push(fixed);
  }
  return { severity: 'error', problem: 'is not a date; the property\'s type is date, written YYYY-MM-DD (e.g. 2024-06-30)', candidates };
}

/** Accepted by DataHub, but not a day of the calendar: probably not the date meant. */
function rolloverProblem(value: string): ValueProblem {
  const read = rolledOverDate(value);
  return { severity: 'warning', problem: `is not a day of the calendar; DataHub accepts it (its date check rolls it over to ${read}) and stores the text as written. Write the date you mean, e.g. ${read}`, candidates: [read] };
}

function checkUrn(value: string, allowedUrnTypes: readonly string[] | undefined): ValueProblem | undefined {
  const entityType = entityTypeOf(value);
  if (entityType === undefined) {
    return { severity: 'error', problem: "is not a URN, and the property's type is urn (e.g. urn:li:corpuser:jdoe)", candidates: [] };
  }
  if (allowedUrnTypes && allowedUrnTypes.length > 0) {
    const allowed = allowedUrnTypes.map((t) => t.toLowerCase());
    if (!allowed.includes(entityType.toLowerCase())) {
      return { severity: 'error', problem: `is a ${entityType} URN, but the property only takes URNs of type ${allowedUrnTypes.join(', ')}`, candidates: [] };
    }
  }
  return undefined;
}

/**
 * Where a value problem is reported and which candidates a quick fix may offer. A fix that turns
 * text into a number (or back) replaces the whole literal: in YAML the range then covers the quotes
 * too, so `"90"` becomes `90`. In MCP JSON the kind lives in the union key (`{"string": ...}` vs
 * `{"double": ...}`), which a plain replacement cannot change, so no candidate is offered there.
 */
export function placeValueProblem(model: DocumentModel, text: string, value: Located<PropertyScalar>, problem: ValueProblem): { range: SourceRange; candidates: string[] } {
  if (!problem.changesKind) return { range: value.range, candidates: problem.candidates };
  if (model.format === 'mcpJson') return { range: value.range, candidates: [] };
  const before = text[value.range.start - 1];
  const quoted = (before === '"' || before === "'") && text[value.range.end] === before;
  return { range: quoted ? { start: value.range.start - 1, end: value.range.end + 1 } : value.range, candidates: problem.candidates };
}

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A YYYY-MM-DD value written without quotes in a YAML file DataHub's CLI loads: PyYAML and ruamel
 * read YAML 1.1, where such a scalar is a date object, not text, and the CLI's models (a string, or
 * a string or float) then reject it; DataHub's own examples quote dates for this reason. The value
 * rule (dataset YAML) and the definition rule (allowed values of the properties YAML) ask it.
 */
export function unquotedYamlDate(text: string, value: Located<PropertyScalar>): ValueProblem | undefined {
  if (typeof value.value !== 'string' || !DATE_LIKE.test(value.value)) return undefined;
  const before = text[value.range.start - 1];
  if (before === '"' || before === "'") return undefined;
  return {
    severity: 'error',
    problem: 'is not quoted; the DataHub CLI reads an unquoted date as a date object rather than text and rejects it. Write it in quotes',
    candidates: [`"${value.value}"`],
  };
}
