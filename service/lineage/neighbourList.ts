/**
 * The neighbours of one entity in one direction, as integer ids in the order they were linked.
 * Removing keeps the order of the others (the walk order, hence paging, depends on it): the slot
 * becomes REMOVED and the list is compacted once half of it is removed slots. Long lists (hubs)
 * keep a position per id so removing from them is not a scan.
 */

export const REMOVED = -1;

/** below this length a scan is cheaper than keeping a position map */
const POSITIONS_FROM = 64;

export class NeighbourList {
  /** neighbour ids in link order; REMOVED marks a removed slot */
  readonly ids: number[] = [];
  private removedSlots = 0;
  private positions: Map<number, number> | undefined;

  get size(): number {
    return this.ids.length - this.removedSlots;
  }

  has(id: number): boolean {
    return this.positions ? this.positions.has(id) : this.ids.includes(id);
  }

  add(id: number): void {
    if (this.positions) this.positions.set(id, this.ids.length);
    this.ids.push(id);
    if (!this.positions && this.ids.length >= POSITIONS_FROM) this.indexPositions();
  }

  remove(id: number): void {
    const at = this.positions ? (this.positions.get(id) ?? -1) : this.ids.indexOf(id);
    if (at < 0) return;
    this.positions?.delete(id);
    if (at === this.ids.length - 1) {
      this.ids.pop();
      while (this.ids.length > 0 && this.ids[this.ids.length - 1] === REMOVED) {
        this.ids.pop();
        this.removedSlots--;
      }
      return;
    }
    this.ids[at] = REMOVED;
    this.removedSlots++;
    if (this.removedSlots * 2 > this.ids.length) this.compact();
  }

  /** the live ids, in link order */
  live(): number[] {
    return this.removedSlots === 0 ? this.ids.slice() : this.ids.filter((id) => id !== REMOVED);
  }

  private compact(): void {
    let write = 0;
    for (const id of this.ids) if (id !== REMOVED) this.ids[write++] = id;
    this.ids.length = write;
    this.removedSlots = 0;
    if (this.positions) this.indexPositions();
  }

  private indexPositions(): void {
    const positions = new Map<number, number>();
    this.ids.forEach((id, at) => {
      if (id !== REMOVED) positions.set(id, at);
    });
    this.positions = positions;
  }
}
