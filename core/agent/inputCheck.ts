import type { JsonSchema } from './toolTypes';

/** How deep and how large an input may be before it is refused unread. */
const MAX_INPUT_CHARS = 200_000;

/**
 * The input of a call checked against its tool's schema (the subset of JSON Schema the tools use):
 * the problems in words, empty when the input fits. Unknown keys are refused, so a misspelt
 * option is said rather than ignored.
 */
export function inputProblems(input: unknown, schema: JsonSchema): string[] {
  let size: number;
  try {
    size = JSON.stringify(input ?? {}).length;
  } catch {
    return ['The arguments are not JSON.'];
  }
  if (size > MAX_INPUT_CHARS) return [`The arguments are ${size} characters long; at most ${MAX_INPUT_CHARS} are read.`];
  const problems: string[] = [];
  check(input ?? {}, schema, 'arguments', problems);
  return problems.slice(0, 10);
}

function check(value: unknown, schema: JsonSchema, at: string, problems: string[]): void {
  switch (schema.type) {
    case 'object':
      return checkObject(value, schema, at, problems);
    case 'array':
      if (!Array.isArray(value)) return void problems.push(`${at} must be a list.`);
      if (schema.maxItems !== undefined && value.length > schema.maxItems) return void problems.push(`${at} has ${value.length} items; at most ${schema.maxItems}.`);
      if (schema.items) value.forEach((item, index) => check(item, schema.items as JsonSchema, `${at}[${index}]`, problems));
      return;
    case 'string':
      return checkString(value, schema, at, problems);
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return void problems.push(`${at} must be a whole number.`);
      if ((schema.minimum !== undefined && value < schema.minimum) || (schema.maximum !== undefined && value > schema.maximum)) problems.push(`${at} must be from ${schema.minimum ?? '-∞'} to ${schema.maximum ?? '∞'}, not ${value}.`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') problems.push(`${at} must be true or false.`);
      return;
  }
}

function checkObject(value: unknown, schema: JsonSchema, at: string, problems: string[]): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return void problems.push(`${at} must be an object.`);
  const record = value as Record<string, unknown>;
  const properties = schema.properties ?? {};
  for (const key of schema.required ?? []) if (record[key] === undefined) problems.push(`${at}.${key} is required.`);
  for (const [key, item] of Object.entries(record)) {
    if (!Object.prototype.hasOwnProperty.call(properties, key)) {
      if (schema.additionalProperties === false) problems.push(`${at} has no option '${key.slice(0, 40)}'; the options are ${Object.keys(properties).join(', ') || 'none'}.`);
      continue;
    }
    if (item !== undefined) check(item, properties[key], `${at}.${key}`, problems);
  }
}

function checkString(value: unknown, schema: JsonSchema, at: string, problems: string[]): void {
  if (typeof value !== 'string') return void problems.push(`${at} must be a string.`);
  if (schema.enum && !schema.enum.includes(value)) return void problems.push(`${at} must be one of ${schema.enum.join(', ')}, not '${value.slice(0, 40)}'.`);
  if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${at} must not be empty.`);
  if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${at} is ${value.length} characters long; at most ${schema.maxLength}.`);
}
