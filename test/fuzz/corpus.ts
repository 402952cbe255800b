import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { jsonTwins } from '../support/jsonTwins';
import { referencePath } from '../support/reference';

/**
 * The seed documents every mutation starts from: each reference example of DataHub files and
 * each fixture of this repository, read from disk so new fixtures are fuzzed without edits here.
 * Without the reference folder (test/support/reference.ts) the fixtures alone are the seeds.
 */

export interface CorpusFile {
  /** path relative to the repository's parent, for failure messages */
  name: string;
  /** a file:// URI with the file's real extension, so detection sees what an editor would */
  uri: string;
  text: string;
}

const ROOT = process.cwd();
export const REFERENCE_EXAMPLES = referencePath('datahub-examples');
export const FIXTURES = join(ROOT, 'test', 'fixtures');
const TEXT_FILE = /\.(ya?ml|jsonc?|avsc)$/i;

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (TEXT_FILE.test(name)) out.push(path);
  }
  return out;
}

export function loadCorpus(): CorpusFile[] {
  const examples = existsSync(REFERENCE_EXAMPLES) ? walk(REFERENCE_EXAMPLES, []) : [];
  const paths = [...examples, ...walk(FIXTURES, [])].sort();
  return paths.map((path) => {
    const name = relative(join(ROOT, '..'), path);
    return { name, uri: `file:///fuzz/${name.replace(/[^A-Za-z0-9._/-]/g, '_')}`, text: readFileSync(path, 'utf8') };
  });
}

/**
 * The JSON side of the corpus: every JSON file as it is, and every YAML file written as JSON and
 * as JSON with comments, so quick fixes are applied in all three formats.
 */
export function loadJsonCorpus(): CorpusFile[] {
  const out: CorpusFile[] = [];
  for (const file of loadCorpus()) {
    if (/\.jsonc?$/i.test(file.uri)) out.push(file);
    if (!/\.ya?ml$/i.test(file.uri)) continue;
    const twins = jsonTwins(file.text);
    if (!twins) continue;
    const base = file.uri.replace(/\.ya?ml$/i, '');
    out.push({ name: `${file.name} as JSON`, uri: `${base}.json`, text: twins.json });
    out.push({ name: `${file.name} as JSONC`, uri: `${base}.jsonc`, text: twins.jsonc });
  }
  return out;
}
