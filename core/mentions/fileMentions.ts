import { PROPERTY_URN_PREFIX, propertyUrnOf } from '../definitions/normalise';
import type { DocumentModel, FormatId, UrnRole } from '../model/facts';
import type { SourceRange } from '../model/range';

/**
 * What a file declares and mentions, in the order its facts give them: the one record of a file
 * that workspace-wide answers read — workspace symbols, the URNs completion offers, the entities
 * a picker lists, where an entity is declared, the datasets and columns SQL lineage knows, and
 * which files a reference, definition or rename must read at all. A closed file keeps this
 * instead of its facts (core/workspace/recordedFile.ts); an open one gets it from its model, once per model.
 * Rows are numbers, not objects: a 20,000-file workspace holds some 215,000 of them.
 */
export interface FileMentions {
  /** the URN of each row */
  readonly urns: readonly string[];
  /** per row: code (see rowCode), start, end of the range to show (32-bit: half the memory of a list of numbers) */
  readonly rows: Int32Array;
  /**
   * A number no other mentions of this process have (mentions are never changed once made): what a
   * memo of answers about them is keyed by, in a bit set rather than a map of objects
   * (core/features/symbolMatchMemo.ts).
   */
  readonly serial: number;
}

let nextSerial = 0;

/** Mentions made of these URNs and rows (see FileMentions), with a serial of their own. */
export function newMentions(urns: readonly string[], rows: Int32Array): FileMentions {
  return { urns, rows, serial: nextSerial++ };
}

export type MentionKind = 'definition' | 'declaration' | 'assignment' | 'ref' | 'aspect';

/** One row read back. */
export interface Mention {
  kind: MentionKind;
  urn: string;
  range: SourceRange;
  /** a reference's role (kind ref) */
  role?: UrnRole;
  /** a declaration at the top level (depth 0) */
  topLevel: boolean;
  /** a declaration of a described column (origin schemaField) */
  column: boolean;
}

const KINDS: readonly MentionKind[] = ['definition', 'declaration', 'assignment', 'ref', 'aspect'];
const ROLES: readonly UrnRole[] = ['entity', 'upstream', 'downstream', 'property', 'valueType', 'entityType', 'value', 'fieldUpstream', 'fieldDownstream', 'other'];
const ROLE_INDEX = new Map<UrnRole, number>(ROLES.map((role, index) => [role, index]));

/** kind in bits 0–2, role in bits 3–6, top level bit 7, column bit 8 */
function rowCode(kind: MentionKind, role: UrnRole | undefined, topLevel: boolean, column: boolean): number {
  return KINDS.indexOf(kind) | ((role === undefined ? 0 : (ROLE_INDEX.get(role) ?? 0)) << 3) | (topLevel ? 128 : 0) | (column ? 256 : 0);
}

/** The row at `index` of `mentions`. */
export function mentionAt(mentions: FileMentions, index: number): Mention {
  const code = mentions.rows[index * 3];
  const kind = KINDS[code & 7];
  const mention: Mention = { kind, urn: mentions.urns[index], range: { start: mentions.rows[index * 3 + 1], end: mentions.rows[index * 3 + 2] }, topLevel: (code & 128) !== 0, column: (code & 256) !== 0 };
  if (kind === 'ref') mention.role = ROLES[(code >> 3) & 15];
  return mention;
}

/** The kind of the row at `index` (without building the row). */
export function kindAt(mentions: FileMentions, index: number): MentionKind {
  return KINDS[mentions.rows[index * 3] & 7];
}

/** The role of the row at `index`, a reference's (undefined for other kinds). */
export function roleAt(mentions: FileMentions, index: number): UrnRole | undefined {
  const code = mentions.rows[index * 3];
  return (code & 7) === 3 ? ROLES[(code >> 3) & 15] : undefined;
}

/** The range of the row at `index`. */
export function rangeAt(mentions: FileMentions, index: number): SourceRange {
  return { start: mentions.rows[index * 3 + 1], end: mentions.rows[index * 3 + 2] };
}

/** Every row of `mentions`, in order. */
export function* eachMention(mentions: FileMentions): Generator<Mention> {
  for (let index = 0; index < mentions.urns.length; index++) yield mentionAt(mentions, index);
}

/**
 * The mentions of a model (what a file keeps when closed; ./recordedFile.ts). `intern` shares equal
 * strings; `rowsOf` stores the rows (a record's in shared blocks: ./rowBlocks.ts).
 */
export function mentionsOfModel(model: DocumentModel, intern: (text: string) => string = (text) => text, rowsOf: (rows: readonly number[]) => Int32Array = (rows) => Int32Array.from(rows)): FileMentions {
  const urns: string[] = [];
  const rows: number[] = [];
  const row = (kind: MentionKind, urn: string, range: SourceRange, role?: UrnRole, topLevel = false, column = false) => {
    urns.push(intern(urn));
    rows.push(rowCode(kind, role, topLevel, column), range.start, range.end);
  };
  for (const fact of model.facts) {
    if (fact.kind === 'propertyDefinition' && fact.urn.value) row('definition', propertyUrnOf(fact.urn.value), (fact.id ?? fact.urn).range);
    else if (fact.kind === 'entityDeclaration') row('declaration', fact.urn.value, fact.urn.range, undefined, fact.depth === 0, fact.origin === 'schemaField');
    else if (fact.kind === 'propertyAssignment') row('assignment', fact.propertyUrn, fact.property.range);
    else if (fact.kind === 'entityRef') row('ref', fact.urn, fact.range, fact.role);
    else if (fact.kind === 'aspect') row('aspect', fact.entityUrn.value, fact.entityUrn.range);
  }
  // Cut to its length: an array grown by push keeps room for more (up to 16 URNs, room for 17).
  return newMentions(urns.slice(), rowsOf(rows));
}

/** A document, or anything that holds a model. */
export interface ModelHolder {
  readonly model: DocumentModel;
}

/** A document that keeps its mentions instead of its facts (a closed file: core/workspace/recordedFile.ts). */
export interface MentionsKept {
  readonly mentions: FileMentions;
  readonly format: FormatId;
}

const byModel = new WeakMap<DocumentModel, FileMentions>();

/** The document's mentions: kept by a closed file, else taken from its model once per model. */
export function mentionsOf(document: ModelHolder): FileMentions {
  const kept = (document as Partial<MentionsKept>).mentions;
  if (kept) return kept;
  let found = byModel.get(document.model);
  if (!found) {
    found = mentionsOfModel(document.model);
    byModel.set(document.model, found);
  }
  return found;
}

/** The document's format, without reading a closed file's facts. */
export function formatOf(document: ModelHolder): FormatId | null {
  const kept = (document as Partial<MentionsKept>).format;
  return kept ?? document.model.format;
}

/**
 * Whether a reference, definition or rename of `urn` must read the document: a closed file that
 * keeps its mentions is read only when one of the URNs its facts hold contains `urn` (a
 * schemaField URN holds its dataset's; a property may be written as its id);
 * any other document (open, or one that keeps its facts) is always read.
 */
export function mayName(document: ModelHolder, urn: string): boolean {
  const kept = (document as Partial<MentionsKept>).mentions;
  if (!kept) return true;
  // Every URN string of a file is a reference (core/model/facts.ts UrnRole) or a declaration, an
  // assignment's property, a definition: one of the rows; a property may be written as its id.
  const id = urn.startsWith(PROPERTY_URN_PREFIX) ? urn.slice(PROPERTY_URN_PREFIX.length) : undefined;
  for (const name of kept.urns) if (name.includes(urn) || name === id) return true;
  return false;
}
