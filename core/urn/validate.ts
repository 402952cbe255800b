/**
 * Type-level checks on a URN whose syntax already parsed: the entity type's spelling, the key's arity,
 * what each part must be (nested URN of a given type, environment, platform, data/entity type id).
 */
import { describeParts, urnTypeSpec, type PartSpec, type UrnTypeSpec } from './registry';
import { closestMatches } from './suggest';
import type { ParsedUrn, UrnError, UrnErrorCode, UrnPart } from './types';
import { urlDecodeLeniently } from './escape';
import { scanUrn } from './scanner';
import { DATA_TYPE_NAMES, ENTITY_TYPE_NAMES, FABRIC_TYPES, KNOWN_PLATFORMS, REGISTRY_ENTITY_TYPES, TYPE_NAMESPACES } from './vocabulary';

const knownEntityTypes = new Set(REGISTRY_ENTITY_TYPES);
const knownPlatforms = new Set(KNOWN_PLATFORMS);
const fabricTypes = new Set(FABRIC_TYPES);

function error(code: UrnErrorCode, offset: number, length: number, message: string, candidates: string[] = []): UrnError {
  return { code, message, offset, length, candidates };
}

/** "a dataset", "an entity type". */
function a(word: string): string {
  return /^[aeiouAEIOU]/.test(word) ? `an ${word}` : `a ${word}`;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function quoteList(values: readonly string[]): string {
  return values.map((v) => `'${v}'`).join(', ');
}

/**
 * Returns the first error in `urn` (outer before inner, left to right) and pushes advisory findings
 * to `warnings`. A warning never stops the walk, so an error on a later part is still found.
 */
export function validateUrn(urn: ParsedUrn, warnings: UrnError[]): UrnError | undefined {
  const typeStart = urn.start + 'urn:li:'.length;
  const registered = checkEntityType(urn.entityType, typeStart, warnings);
  if (typeof registered !== 'string') return registered;
  const spec = urnTypeSpec(registered);
  if (spec) {
    const arityError = checkArity(urn, spec, typeStart + urn.entityType.length + 1);
    if (arityError) return arityError;
  }
  for (let i = 0; i < urn.parts.length; i++) {
    const partSpec = spec?.parts[i];
    // Without a key shape the part's field type is unknown: a nested URN there may be a plain string
    // field, so only its syntax (already scanned) is checked.
    if (!partSpec) continue;
    const partError = checkPart(urn, urn.parts[i], partSpec, warnings);
    if (partError) return partError;
  }
  return undefined;
}

/**
 * The registry name of `entityType` (GMS looks names up case-insensitively:
 * `ConfigEntityRegistry.getEntitySpec` lower-cases), or the error for a type GMS refuses.
 */
function checkEntityType(entityType: string, offset: number, warnings: UrnError[]): string | UrnError {
  if (knownEntityTypes.has(entityType)) return entityType;
  const first = entityType.charCodeAt(0);
  const close = closestMatches(entityType, REGISTRY_ENTITY_TYPES);
  if (first >= 0x41 && first <= 0x5a) {
    // Urn.java: "First char of entityType must be [a-z]".
    return error('urn.entityType', offset, entityType.length, `An entity type starts with a lower-case letter; DataHub refuses '${entityType}'${close.length ? ` (did you mean ${quoteList(close)}?)` : ''}.`, close);
  }
  const folded = entityType.toLowerCase();
  const sameLetters = REGISTRY_ENTITY_TYPES.find((name) => name.toLowerCase() === folded);
  if (sameLetters) {
    warnings.push({
      ...error(
        'urn.entityType',
        offset,
        entityType.length,
        `DataHub finds the entity type '${sameLetters}' for '${entityType}' (it ignores case), but stores the URN as written, so it is a different entity from urn:li:${sameLetters}:...; write '${sameLetters}'.`,
        [sameLetters],
      ),
      severity: 'warning',
    });
    return sameLetters;
  }
  const hint = close.length ? `did you mean ${quoteList(close)}?` : `DataHub's entity types are dataset, schemaField, dataJob, dataFlow, chart, dashboard, corpuser, tag, ... (entity-registry.yml).`;
  return error('urn.entityType', offset, entityType.length, `'${entityType}' is not an entity type of DataHub's entity registry, so DataHub refuses the URN; ${hint}`, close);
}

function checkArity(urn: ParsedUrn, spec: UrnTypeSpec, keyStart: number): UrnError | undefined {
  const expected = spec.parts.length;
  const found = urn.parts.length;
  if (found === expected && (expected === 1 || urn.tuple)) return undefined;
  const keyLength = urn.end - keyStart;
  if (expected === 1) {
    return error('urn.arity', keyStart, keyLength, `${capital(a(urn.entityType))} URN has one part (${spec.parts[0].label}); found ${found}.`);
  }
  const shape = `urn:li:${urn.entityType}:(${spec.parts.map((p) => `<${p.label}>`).join(',')})`;
  const message = `${capital(a(urn.entityType))} URN needs ${expected} parts (${describeParts(spec)}) written as ${shape}; found ${found}.`;
  return error('urn.arity', keyStart, keyLength, message, missingEnvironmentFix(urn, spec));
}

/** The obvious fix for a dataset-like key that left out the environment: append `,PROD`. */
function missingEnvironmentFix(urn: ParsedUrn, spec: UrnTypeSpec): string[] {
  const last = spec.parts[spec.parts.length - 1];
  if (last.kind !== 'environment' || !urn.tuple || urn.parts.length !== spec.parts.length - 1) return [];
  const written = urn.parts[urn.parts.length - 1];
  if (written.kind === 'text' && fabricTypes.has(written.value)) return [];
  return [`(${urn.parts.map((p) => p.raw).join(',')},PROD)`];
}

function kindName(part: UrnPart): string {
  return part.kind === 'urn' ? `${a(part.entityType)} URN` : `plain text '${part.raw}'`;
}

function checkPart(owner: ParsedUrn, part: UrnPart, spec: PartSpec, warnings: UrnError[]): UrnError | undefined {
  const at = part.start;
  const length = part.end - part.start;
  const where = `The ${spec.label} of ${a(owner.entityType)} URN`;
  if (spec.kind === 'urn' || spec.kind === 'anyUrn') {
    if (part.kind === 'urn' && (spec.kind === 'anyUrn' || sameEntityType(part.entityType, spec.entityType))) return validateUrn(part, warnings);
    const expected = spec.kind === 'urn' ? `${a(spec.entityType)} URN (urn:li:${spec.entityType}:...)` : 'a URN (urn:li:<entityType>:...)';
    const candidates = part.kind === 'text' && spec.kind === 'urn' && spec.entityType === 'dataPlatform' ? [`urn:li:dataPlatform:${part.raw}`] : [];
    return error('urn.partKind', at, length, `${where} must be ${expected}; found ${kindName(part)}.`, candidates);
  }
  if (part.kind === 'urn') {
    // A URN written where the key holds a string is just that string to DataHub (valid_urns.txt,
    // `urn:li:tag:urn:li:tag:legacy`); GMS only re-parses it after URL-decoding (UrnValidationUtil).
    if (spec.kind === 'text') return checkUrnAsText(part);
    return error('urn.partKind', at, length, `${where} is plain text, not a URN; found ${a(part.entityType)} URN.`);
  }
  switch (spec.kind) {
    case 'text':
      return undefined;
    case 'environment':
      return checkEnvironment(part.value, at, length);
    case 'platformName':
      checkPlatform(part.value, at, length, warnings);
      return undefined;
    case 'dataTypeId':
      checkTypeId('urn.dataType', 'data type', part.value, DATA_TYPE_NAMES, at, length, warnings);
      return undefined;
    case 'entityTypeId': {
      // GMS stores any EntityTypeKey id, but the property rules (core/rules/propertyDefinition.ts) count on
      // an unknown entity type here being a URN error, so that it is reported once; kept an error until they judge it.
      const found: UrnError[] = [];
      checkTypeId('urn.unknownType', 'entity type', part.value, ENTITY_TYPE_NAMES, at, length, found);
      const first = found[0];
      return first && { code: first.code, message: first.message, offset: first.offset, length: first.length, candidates: first.candidates };
    }
  }
}

/** `dataPlatform` and `dataplatform` name the same registry entity in GMS; a case slip is warned about on the nested URN itself. */
function sameEntityType(found: string, expected: string): boolean {
  return found === expected || found.toLowerCase() === expected.toLowerCase();
}

/**
 * A name part that starts with `urn:li:`: GMS URL-decodes it (repairing stray `%`) and, when the
 * decoded text starts with `urn:li:`, parses it as a URN — a part like `urn:li:dataset:%28...%29`
 * must decode to a URN that parses (UrnValidationUtil.processUrnPartRecursively).
 */
function checkUrnAsText(part: ParsedUrn): UrnError | undefined {
  if (part.raw.indexOf('%') < 0) return undefined;
  const decoded = urlDecodeLeniently(part.raw);
  if (decoded === part.raw || !decoded.startsWith('urn:li:')) return undefined;
  const scanned = scanUrn(decoded, 0, decoded.length);
  if (scanned.ok) return undefined;
  return error(
    'urn.syntax',
    part.start,
    part.end - part.start,
    `DataHub URL-decodes this part to '${decoded}' and parses it as a URN, which fails: ${scanned.error.message}`,
  );
}

function checkEnvironment(value: string, at: number, length: number): UrnError | undefined {
  if (fabricTypes.has(value)) return undefined;
  const candidates = closestMatches(value, FABRIC_TYPES);
  const hint = candidates.length > 0 ? `did you mean ${quoteList(candidates)}?` : `use one of ${FABRIC_TYPES.join(', ')}.`;
  return error('urn.environment', at, length, `'${value}' is not an environment (FabricType) DataHub accepts; environments are upper-case: ${hint}`, candidates);
}

function checkPlatform(value: string, at: number, length: number, warnings: UrnError[]): void {
  if (knownPlatforms.has(value)) return;
  const candidates = closestMatches(value, KNOWN_PLATFORMS).filter((c) => c !== value);
  if (candidates.length === 0) return; // a custom platform: DataHub allows any name
  warnings.push({
    ...error('urn.platform', at, length, `Platform '${value}' is not one of DataHub's platforms but is close to ${quoteList(candidates)}; check the spelling (custom platforms are allowed).`, candidates),
    severity: 'warning',
  });
}

/**
 * `datahub.<name>` / `service.<name>` ids of dataType and entityType URNs. The key is a free string
 * to GMS (DataTypeKey / EntityTypeKey `id: string`), and DataHub's own examples define types of their
 * own (`urn:li:dataType:datahub.float` in test_structured_properties.json), so an unknown id is a
 * warning: whether a property may use it is the property rules' question, not the URN's.
 */
function checkTypeId(code: UrnErrorCode, what: string, value: string, names: readonly string[], at: number, length: number, warnings: UrnError[]): void {
  const dot = value.indexOf('.');
  const namespace = dot < 0 ? '' : value.slice(0, dot);
  const name = dot < 0 ? value : value.slice(dot + 1);
  const nameOk = names.includes(name);
  const nameCandidates = nameOk ? [name] : closestMatches(name, names);
  const warn = (message: string, candidates: string[]) => warnings.push({ ...error(code, at, length, message, candidates), severity: 'warning' });
  if (!TYPE_NAMESPACES.includes(namespace)) {
    const namespaces = dot < 0 ? TYPE_NAMESPACES : closestMatches(namespace, TYPE_NAMESPACES);
    const candidates = (namespaces.length ? namespaces : TYPE_NAMESPACES).flatMap((ns) => nameCandidates.map((n) => `${ns}.${n}`));
    const found = dot < 0 ? 'no namespace' : `the namespace '${namespace}'`;
    warn(`${capital(a(what))} id is written 'datahub.<name>' (DataHub) or 'service.<name>' (the local catalog); '${value}' has ${found}, so it names no ${what} either service ships.`, candidates);
    return;
  }
  if (nameOk) return;
  const candidates = nameCandidates.map((n) => `${namespace}.${n}`);
  const known = names.length <= 8 ? ` Known: ${names.join(', ')}.` : '';
  const hint = candidates.length ? ` Did you mean ${quoteList(candidates)}?` : known;
  warn(`'${name}' is not ${a(what)} DataHub ships (names are case-sensitive); it is valid only if someone defined it.${hint}`, candidates);
}

