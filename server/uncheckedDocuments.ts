/**
 * Which open documents are too large to check as they are typed (core/workspace/openDocumentLimit.ts),
 * followed on every open, change and close (a length comparison each, server/openDocuments.ts), so
 * the language status names them as soon as one is opened, before anything asks for its diagnostics.
 */
export class UncheckedDocuments {
  private readonly uris = new Set<string>();

  /** `changed`: told when a document joins or leaves the set. */
  constructor(private readonly changed: () => void) {}

  update(uri: string, tooLarge: boolean): void {
    if (this.uris.has(uri) === tooLarge) return;
    if (tooLarge) this.uris.add(uri);
    else this.uris.delete(uri);
    this.changed();
  }

  list(): readonly string[] {
    return [...this.uris].sort();
  }
}
