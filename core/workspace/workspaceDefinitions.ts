import { definitionsFromModel } from '../definitions/fromFacts';
import type { PropertyDefinitionInfo } from '../definitions/types';
import type { DocumentModel } from '../model/facts';
import { definitionChanges, hasDefinitionChanges, type DefinitionChanges } from './definitionChanges';
import { Listeners, type Listen } from './listeners';

/**
 * The property definitions written in the workspace's files (properties YAML, MCP JSON), for the
 * workspace session (./session.ts): which files write some, the merged map (the first file by URI
 * wins), rebuilt only after a writer changed, and what changed between two rebuilds.
 */
export class WorkspaceDefinitions {
  /** the files whose models write definitions (kept by stored(); files gone since are dropped at the rebuild) */
  private readonly writers = new Set<string>();
  private merged: Map<string, PropertyDefinitionInfo> | undefined;
  /** the definitions as last rebuilt, to compare the next rebuild with */
  private last: ReadonlyMap<string, PropertyDefinitionInfo> = new Map();
  /**
   * The definitions one model writes, read once per model: a rebuild after one file changed reads
   * that file's facts only, not every file's (20,000 files: ~50 ms → a few), and unchanged files
   * give the same objects, which the comparison skips. Models are values (core/incremental makes
   * a new one per edit, and lists its facts only when read: definitionsFromModel asks for facts by
   * kind, which a file without definitions answers without a pass).
   */
  private readonly byModel = new WeakMap<DocumentModel, PropertyDefinitionInfo[]>();
  private readonly changes = new Listeners<DefinitionChanges>();
  /** Told, at each rebuild, which definitions changed since the last one. */
  readonly onChanged: Listen<DefinitionChanges> = this.changes.listen;

  constructor(private readonly modelOf: (uri: string) => DocumentModel | undefined) {}

  /**
   * The merged definitions. While `scanning` and nothing was rebuilt since the last change, the
   * last complete answer (a property defined in a file not read yet must not be called unknown).
   */
  current(scanning: boolean): ReadonlyMap<string, PropertyDefinitionInfo> {
    if (!this.merged && scanning) return this.last;
    return this.merged ?? this.rebuild();
  }

  rebuild(): ReadonlyMap<string, PropertyDefinitionInfo> {
    const map = new Map<string, PropertyDefinitionInfo>();
    // Only the files that write definitions are visited, not the whole workspace.
    const found: { uri: string; infos: PropertyDefinitionInfo[] }[] = [];
    for (const uri of this.writers) {
      const model = this.modelOf(uri);
      const infos = model ? this.writtenBy(model) : [];
      if (!model) this.writers.delete(uri);
      else if (infos.length > 0) found.push({ uri, infos });
    }
    for (const { infos } of found.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0))) {
      for (const info of infos) if (!map.has(info.urn)) map.set(info.urn, info);
    }
    this.merged = map;
    const before = this.last;
    this.last = map;
    if (this.changes.any) {
      const changes = definitionChanges(before, map);
      if (hasDefinitionChanges(changes)) this.changes.tell(changes);
    }
    return map;
  }

  /** Whether a model writes definitions (then its file keeps its facts: the rebuild reads them). */
  writesAny(model: DocumentModel): boolean {
    return this.writtenBy(model).length > 0;
  }

  /** A file that writes no definitions was stored; answers whether it wrote some before. */
  storedNone(uri: string): boolean {
    const wrote = this.writers.delete(uri);
    if (wrote) this.merged = undefined;
    return wrote;
  }

  /** A file was stored with this model; answers whether the definitions may have changed (it writes some, or did). */
  stored(uri: string, model: DocumentModel): boolean {
    const wrote = this.writers.has(uri);
    const writes = this.writtenBy(model).length > 0;
    if (writes) this.writers.add(uri);
    else this.writers.delete(uri);
    if (wrote || writes) this.merged = undefined;
    return wrote || writes;
  }

  /** Something else changed what the files write (a file dropped, the associations): rebuilt when next asked. */
  invalidate(): void {
    this.merged = undefined;
  }

  private writtenBy(model: DocumentModel): PropertyDefinitionInfo[] {
    if (model.format === null) return [];
    let infos = this.byModel.get(model);
    // Most files write none: one shared empty list rather than one per model.
    if (!infos) this.byModel.set(model, (infos = orNone(definitionsFromModel(model))));
    return infos;
  }
}

const NONE: PropertyDefinitionInfo[] = [];

function orNone(infos: PropertyDefinitionInfo[]): PropertyDefinitionInfo[] {
  return infos.length === 0 ? NONE : infos;
}
