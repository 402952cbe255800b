import { SymbolKind } from 'vscode-languageserver-types';
import { propertyIdOf } from '../definitions/normalise';
import { kindAt, rangeAt, roleAt, type FileMentions } from '../mentions/fileMentions';
import type { SourceRange } from '../model/range';
import { datasetKey, entityTypeOfUrn, schemaFieldKey, urnShape } from '../urn';

/** At most this many symbols per answer (an editor shows the best few dozen; a 25,000-file workspace must not send them all). */
export const MAX_WORKSPACE_SYMBOLS = 1_000;

export interface WorkspaceSymbolEntry {
  /** what a reader searches for: a property id, a dataset name, `dataset.field` */
  name: string;
  kind: SymbolKind;
  /** what it is and its full URN: `dataset · urn:li:dataset:(…)` */
  containerName: string;
  urn: string;
  uri: string;
  range: SourceRange;
  /** defined (a property definition, a dataset or field declaration) rather than only used */
  defined: boolean;
}

const ENTITY_ROLES = new Set(['entity', 'upstream', 'downstream', 'fieldUpstream', 'fieldDownstream', 'value']);

/** The kind an editor shows for an entity type: a dataset a class, a column a field, a job a function… */
export function symbolKindOf(entityType: string | undefined): SymbolKind {
  switch (entityType) {
    case 'structuredProperty':
      return SymbolKind.Property;
    case 'schemaField':
      return SymbolKind.Field;
    case 'dataJob':
      return SymbolKind.Function;
    case 'dataFlow':
      return SymbolKind.Module;
    case 'chart':
    case 'dashboard':
      return SymbolKind.Interface;
    default:
      return SymbolKind.Class;
  }
}

/** The short name of a URN: a property's id, a dataset's name, `dataset.field` for a column, else the key. */
export function shortNameOf(urn: string): string {
  if (entityTypeOfUrn(urn) === 'structuredProperty') return propertyIdOf(urn);
  const shape = urnShape(urn);
  if (!shape) return urn;
  const dataset = datasetKey(shape);
  if (dataset) return dataset.name;
  const field = schemaFieldKey(shape);
  if (field) return `${shortNameOf(field.datasetUrn)}.${field.fieldPath}`;
  return urn.slice(`urn:li:${shape.entityType}:`.length);
}

/** What one row of a file's mentions shows as a symbol. */
export interface SymbolCandidate {
  urn: string;
  range: SourceRange;
  defined: boolean;
}

/** A mention's symbol: what it defines or uses, with the range to reveal (read from the file's mentions, core/mentions/fileMentions.ts). */
export function symbolAt(mentions: FileMentions, index: number): SymbolCandidate | undefined {
  const kind = kindAt(mentions, index);
  if (kind === 'definition' || kind === 'declaration') return { urn: mentions.urns[index], range: rangeAt(mentions, index), defined: true };
  if (kind === 'assignment') return { urn: mentions.urns[index], range: rangeAt(mentions, index), defined: false };
  if (kind === 'ref' && ENTITY_ROLES.has(roleAt(mentions, index) as string)) return { urn: mentions.urns[index], range: rangeAt(mentions, index), defined: false };
  return undefined;
}

/** A URN's symbol while the documents are read: where it is shown, and where it first occurs in URI order. */
interface Found {
  candidate: SymbolCandidate;
  uri: string;
  firstUri: string;
  firstIndex: number;
}

interface Named extends Found {
  name: string;
}

/**
 * One symbol per URN among the matching rows of the files added so far: where it is defined when
 * a file defines it, else where it is first used (by URI). What it answers does not depend on the
 * order the files are added in, so an answer kept for a query can take the files new since
 * (./symbolMatchMemo.ts) and equal an answer read afresh.
 */
export class FoundSymbols {
  private readonly byUrn = new Map<string, Found>();
  /** the files that gave at least one symbol */
  private readonly givers = new Set<string>();

  /** how many symbols (URNs) */
  get size(): number {
    return this.byUrn.size;
  }

  /** Whether a file gave a symbol to this answer (a change to it can take one away: the answer is read afresh). */
  has(uri: string): boolean {
    return this.givers.has(uri);
  }

  /** The symbols of `rows` (each a symbol with a range: matched) of the file `uri`. */
  add(uri: string, mentions: FileMentions, rows: readonly number[]): void {
    if (rows.length > 0) this.givers.add(uri);
    for (const index of rows) {
      const candidate = symbolAt(mentions, index) as SymbolCandidate;
      const known = this.byUrn.get(candidate.urn);
      if (!known) {
        this.byUrn.set(candidate.urn, { candidate, uri, firstUri: uri, firstIndex: index });
        continue;
      }
      // Where it first occurs in URI order: the order of equal names (files were read in URI order).
      if (uri < known.firstUri) {
        known.firstUri = uri;
        known.firstIndex = index;
      }
      // Defined before used; among equals, the first file by URI.
      if (known.candidate.defined !== candidate.defined ? known.candidate.defined : known.uri <= uri) continue;
      known.candidate = candidate;
      known.uri = uri;
    }
  }

  /** The first MAX_WORKSPACE_SYMBOLS symbols: defined before used, then by name, then where first used. */
  entries(): WorkspaceSymbolEntry[] {
    const named: Named[] = [];
    for (const found of this.byUrn.values()) named.push({ ...found, name: shortNameOf(found.candidate.urn) });
    return firstInOrder(named, MAX_WORKSPACE_SYMBOLS).map(({ name, candidate, uri }) => {
      const { urn, range, defined } = candidate;
      const type = entityTypeOfUrn(urn);
      const what = type === 'structuredProperty' ? 'structured property' : (type ?? 'entity');
      return { name, kind: symbolKindOf(type), containerName: `${what}${defined ? '' : ' (used)'} · ${urn}`, urn, uri, range, defined };
    });
  }
}

const collator = new Intl.Collator();

/** Defined before used, then by name as the editor's language sorts, then where it first occurs in URI order. */
function before(a: Named, b: Named): number {
  return Number(b.candidate.defined) - Number(a.candidate.defined) || collator.compare(a.name, b.name) || (a.firstUri < b.firstUri ? -1 : a.firstUri > b.firstUri ? 1 : a.firstIndex - b.firstIndex);
}

/**
 * The first `count` of `items` in `before` order, sorted: what sorting them all and cutting would
 * give, with a bounded max-heap, so a query matching 100,000 URNs compares each about once
 * against the heap's top instead of sorting them all.
 */
function firstInOrder(items: Named[], count: number): Named[] {
  if (items.length <= count) return items.sort(before);
  const heap: Named[] = [];
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j], heap[i]]);
  for (const item of items) {
    if (heap.length === count && before(item, heap[0]) >= 0) continue;
    if (heap.length === count) {
      heap[0] = item;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let largest = i;
        if (left < count && before(heap[left], heap[largest]) > 0) largest = left;
        if (right < count && before(heap[right], heap[largest]) > 0) largest = right;
        if (largest === i) break;
        swap(i, largest);
        i = largest;
      }
      continue;
    }
    heap.push(item);
    for (let i = heap.length - 1; i > 0 && before(heap[i], heap[(i - 1) >> 1]) > 0; i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
  }
  return heap.sort(before);
}
