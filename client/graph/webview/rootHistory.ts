/**
 * Back and forward through the roots the graph was shown for, like a browser's history: a new
 * root (a click on an entity) drops the forward part; going back or forward moves along it. A root
 * shown because of Back or Forward is not a new visit. Pure: unit-tested.
 */
export class RootHistory {
  private roots: string[] = [];
  private index = -1;
  /** the root a Back/Forward asked for, until the graph for it arrives */
  private travelling: string | undefined;

  /** A graph for `root` was drawn. */
  shown(root: string): void {
    if (this.travelling === root) {
      this.travelling = undefined;
      return;
    }
    this.travelling = undefined;
    if (this.roots[this.index] === root) return;
    this.roots = [...this.roots.slice(0, this.index + 1), root];
    this.index = this.roots.length - 1;
  }

  get canGoBack(): boolean {
    return this.index > 0;
  }

  get canGoForward(): boolean {
    return this.index < this.roots.length - 1;
  }

  /** The root to show for Back (undefined: nothing before), moving the position there. */
  back(): string | undefined {
    if (!this.canGoBack) return undefined;
    this.index--;
    return (this.travelling = this.roots[this.index]);
  }

  forward(): string | undefined {
    if (!this.canGoForward) return undefined;
    this.index++;
    return (this.travelling = this.roots[this.index]);
  }

  /** the root before and after the current one, for the buttons' tooltips */
  neighbours(): { back?: string; forward?: string } {
    return { back: this.roots[this.index - 1], forward: this.roots[this.index + 1] };
  }
}
