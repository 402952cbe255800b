/**
 * Which entity the Lineage view should show, kept apart from whether it can be shown yet. In a
 * fresh session "Show Lineage for URN…" or a cursor move can come before the catalog connection
 * is ready; the request must then wait for the connection instead of being dropped (which left
 * the view on "No entity here" once the connection came). No VS Code dependency: unit-tested.
 */
export class LineageRoot {
  private requested: string | undefined;
  private shownFor: { urn: string; connectionKey: string } | undefined;

  /** The entity asked for last, shown or waiting for a connection. */
  get urn(): string | undefined {
    return this.requested;
  }

  /** Records a request; true when it changes what should be shown (a new entity, or `force`). */
  request(urn: string, force = false): boolean {
    if (!force && urn === this.requested) return false;
    this.requested = urn;
    this.shownFor = undefined;
    return true;
  }

  /**
   * The entity to (re)build the tree for on the given connection (undefined: none), or undefined
   * when the tree already shows it on this connection. `connectionKey` undefined means not connected.
   */
  toBuild(connectionKey: string | undefined): string | undefined {
    if (!this.requested || connectionKey === undefined) return undefined;
    if (this.shownFor && this.shownFor.urn === this.requested && this.shownFor.connectionKey === connectionKey) return undefined;
    this.shownFor = { urn: this.requested, connectionKey };
    return this.requested;
  }

  /** The connection went away: the request stays, the tree must be built again when it comes back. */
  disconnected(): void {
    this.shownFor = undefined;
  }
}
