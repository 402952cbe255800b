import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** test/fixtures/third-party-corpus: files of DataHub users' public repositories, verbatim, each with DataHub's verdict. */
export const THIRD_PARTY = resolve(process.cwd(), 'test', 'fixtures', 'third-party-corpus');

export interface ThirdPartyCase {
  /** relative to THIRD_PARTY: `files/<owner>__<name>/<commit7>/<path in the repository>` */
  file: string;
  /** owner/name on GitHub */
  repository: string;
  /** the file's path in that repository */
  path: string;
  /** the commit the file was taken from (40 hex digits) */
  commit: string;
  license: string;
  /** the DataHub format and the command or source that reads it */
  format: string;
  /** the DataHub version the file was written for, as far as the repository says */
  dataHubVersion: string;
  verdict: 'accepted' | 'refused';
  /** what the file shows and why DataHub decides as it does */
  why: string;
  /** the DataHub source (file, class, validator) that decides the verdict */
  decidedBy: string;
  /** refused only: the diagnostic code Catalog Code must report as an error */
  code?: string;
  /** a DataHub format Catalog Code recognises but does not check (core/formats/unchecked.ts) */
  unchecked?: string;
}

/** A file where Catalog Code's verdict differs from DataHub's: reported to the lead, never tuned away. */
export interface KnownDisagreement {
  file: string;
  /** what Catalog Code reports instead (an error code, or "no error") */
  catalogCode: string;
  reason: string;
}

interface Manifest {
  cases: ThirdPartyCase[];
  knownDisagreements: KnownDisagreement[];
}

export function thirdPartyManifest(): Manifest {
  return JSON.parse(readFileSync(join(THIRD_PARTY, 'manifest.json'), 'utf8')) as Manifest;
}

/** Every file under files/, relative to THIRD_PARTY, sorted. */
export function thirdPartyFiles(): string[] {
  const root = join(THIRD_PARTY, 'files');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(THIRD_PARTY, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

export function thirdPartyText(file: string): string {
  return readFileSync(join(THIRD_PARTY, file), 'utf8');
}

export function thirdPartyUri(file: string): string {
  return `file://${join(THIRD_PARTY, file)}`;
}
