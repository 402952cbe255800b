/** A file named in a message: its name from its URI (`file:///repo/a%20b.yaml` → `a b.yaml`), or the text as given. */
export function fileLabel(uri: string): string {
  const path = uri.replace(/[?#].*$/, '');
  const name = path.slice(path.lastIndexOf('/') + 1) || path;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
