import picomatch from 'picomatch';
import { FORMAT_IDS, type FormatId } from '../model/facts';

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

/** The last URI pathOfUri was asked and its answer: a file's read asks two or three times. */
let lastUri: string | undefined;
let lastPath = '';

/** The path part of a URI (`file:///x/y.yml` → `/x/y.yml`), percent-decoded, with `/` separators. */
export function pathOfUri(uri: string): string {
  if (uri !== lastUri) {
    lastPath = pathOfUriOnce(uri);
    lastUri = uri;
  }
  return lastPath;
}

function pathOfUriOnce(uri: string): string {
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

/** What an association may name: a format, or `none` to silence a file. */
export const ASSOCIATION_FORMATS: readonly (FormatId | 'none')[] = [...FORMAT_IDS, 'none'];

export interface ParsedAssociations {
  /** the entries that name a known format */
  associations: Associations;
  /** one sentence per entry left out: what is wrong, where, and what to write instead */
  problems: string[];
}

/**
 * The `catalogCode.formats.associations` setting (or `CATALOG_CODE_ASSOCIATIONS` for the CLI) as
 * written by a user: entries naming an unknown format are left out and each is told, so a typo never
 * silently turns a file's checks off.
 */
export function parseAssociations(raw: unknown, where = 'catalogCode.formats.associations'): ParsedAssociations {
  const associations: Associations = {};
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { associations, problems };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push(`${where} must be an object of glob → format, e.g. {"lineage/**/*.yml": "lineageFile"}; it was ignored.`);
    return { associations, problems };
  }
  for (const [glob, format] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof format === 'string' && (ASSOCIATION_FORMATS as readonly string[]).includes(format)) {
      associations[glob] = format as FormatId | 'none';
      continue;
    }
    const near = typeof format === 'string' ? ASSOCIATION_FORMATS.find((known) => known.toLowerCase() === format.toLowerCase()) : undefined;
    problems.push(
      `${where}: "${glob}" names the unknown format ${JSON.stringify(format)}, so that entry is ignored.${near ? ` Did you mean "${near}"?` : ''} Use one of ${ASSOCIATION_FORMATS.join(', ')}.`,
    );
  }
  return { associations, problems };
}
