import { DEFINITION_KEYS } from '../formats/detect';
import { DATA_TYPE_URN_PREFIX, isDataTypeName } from '../urn';

/**
 * Whether a file's text may write structured-property definitions, from a look at its bytes
 * without parsing them: the workspace scan reads every file once and parses these first, so the
 * definitions every check reads are complete long before the rest of a large workspace is parsed.
 * Only an order, never a verdict: what a file writes is decided by reading it. So the sniff may
 * say yes too often (a dataset YAML that mentions `cardinality`), never no for a file that writes
 * definitions (test/unit/workspace/definitionSniff.test.ts holds it to every fixture that does).
 *
 * - JSON (MCP files): an aspect named `propertyDefinition`, or an MCE's `StructuredPropertyDefinition`.
 * - YAML (`datahub properties upsert`): a key only a definition has (core/formats/detect.ts), or a
 *   `type:` whose value is a data type, in a file with no `platform:` key (a dataset YAML's schema
 *   fields have a `type` too, and every dataset has a platform).
 */
export function mayWriteDefinitions(text: string): boolean {
  const start = firstNonSpace(text);
  if (start === '{' || start === '[') return JSON_DEFINITION.test(text);
  if (DEFINITION_KEY.test(text)) return true;
  if (PLATFORM_KEY.test(text)) return false;
  for (const match of text.matchAll(TYPE_KEY)) {
    const value = match[1];
    if (isDataTypeName(value.toLowerCase()) || value.startsWith(DATA_TYPE_URN_PREFIX)) return true;
  }
  return false;
}

const JSON_DEFINITION = /propertyDefinition/i;
/** A key at the start of a line, after its indentation and list dashes. */
const KEY_AT_LINE_START = String.raw`^[ \t]*(?:-[ \t]+)*`;
const DEFINITION_KEY = new RegExp(`${KEY_AT_LINE_START}["']?(?:${DEFINITION_KEYS.join('|')})["']?[ \\t]*:`, 'm');
const PLATFORM_KEY = new RegExp(`${KEY_AT_LINE_START}["']?platform["']?[ \\t]*:`, 'm');
const TYPE_KEY = new RegExp(`${KEY_AT_LINE_START}["']?type["']?[ \\t]*:[ \\t]*["']?([A-Za-z_.:]+)`, 'gm');

/** The first character that is not white space (or a byte order mark); '' for a blank text. */
function firstNonSpace(text: string): string {
  const match = /[^\s\uFEFF]/.exec(text.length > 4096 ? text.slice(0, 4096) : text);
  return match ? match[0] : '';
}
