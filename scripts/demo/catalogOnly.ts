/** Why the demo runs the local catalog without VS Code in the browser: asked for, or code-server cannot run here. */
export type CatalogOnlyReason = { asked: true } | { asked: false; blocker: string };

/**
 * The first line the catalog-only demo prints: what happens when the user asked for it, and a
 * warning with the reason only when the browser editor was wanted but cannot start.
 */
export function catalogOnlyHeadline(why: CatalogOnlyReason): string {
  if (why.asked) return 'Catalog only (--catalog-only): starting the local catalog without VS Code in the browser.';
  return `! Not starting VS Code in the browser: ${why.blocker}.`;
}
