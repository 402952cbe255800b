import picomatch from 'picomatch';
import type { FormatId } from '../model/facts';

export type Associations = Record<string, FormatId | 'none'>;

interface CompiledAssociation {
  pattern: string;
  format: FormatId | 'none';
  matches: (path: string) => boolean;
}

// Keyed by the settings object itself: a new settings object compiles anew, no reset needed.
const compiledBySettings = new WeakMap<Associations, CompiledAssociation[]>();

/**
 * The format forced by the `catalogCode.formats.associations` setting for this URI, if any.
 * A glob without `/` matches the file name; a glob with `/` matches the whole path or any
 * trailing part of it that starts at a folder boundary (so `lineage/**\/*.yml` works without
 * knowing the workspace root). When several globs match, the longest (most specific) wins.
 */
export function associationFor(uri: string, associations: Associations | undefined): FormatId | 'none' | undefined {
  if (!associations) return undefined;
  const compiled = compile(associations);
  if (compiled.length === 0) return undefined;
  const path = pathOfUri(uri);
  let best: CompiledAssociation | undefined;
  for (const association of compiled) {
    if (association.matches(path) && (!best || association.pattern.length >= best.pattern.length)) best = association;
  }
  return best?.format;
}

function compile(associations: Associations): CompiledAssociation[] {
  let compiled = compiledBySettings.get(associations);
  if (compiled) return compiled;
  compiled = [];
  for (const [pattern, format] of Object.entries(associations)) {
    if (!pattern) continue;
    const normalised = pattern.replace(/\\/g, '/');
    const isMatch = picomatch(normalised, { dot: true, nocase: false });
    const matches = normalised.includes('/')
      ? (path: string) => suffixesOf(path).some((suffix) => isMatch(suffix))
      : (path: string) => isMatch(path.slice(path.lastIndexOf('/') + 1));
    compiled.push({ pattern: normalised, format, matches });
  }
  compiledBySettings.set(associations, compiled);
  return compiled;
}

/** `/a/b/c.yml` → [`/a/b/c.yml`, `a/b/c.yml`, `b/c.yml`, `c.yml`]. */
function suffixesOf(path: string): string[] {
  const out = [path];
  for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) out.push(path.slice(i + 1));
  return out;
}

/** The path part of a URI (`file:///x/y.yml` → `/x/y.yml`), percent-decoded, with `/` separators. */
export function pathOfUri(uri: string): string {
  const schemeMatch = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.exec(uri);
  let path = uri;
  if (schemeMatch) {
    const afterScheme = uri.slice(schemeMatch[0].length);
    const slash = afterScheme.indexOf('/');
    path = slash >= 0 ? afterScheme.slice(slash) : '/';
    path = path.replace(/[?#].*$/, '');
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: match against the text as written.
  }
  return path.replace(/\\/g, '/');
}
