import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** test/fixtures/datahub-corpus: shapes DataHub accepts or rejects, each with the source that decides it. */
export const CORPUS = resolve(process.cwd(), 'test', 'fixtures', 'datahub-corpus');

export interface CorpusCase {
  /** relative to CORPUS: `accepted/…` or `rejected/…` */
  file: string;
  verdict: 'accepted' | 'rejected';
  /** what the file shows */
  shape: string;
  /** the DataHub source (file, validator, model) that decides the verdict */
  decidedBy: string;
  /** rejected only: the diagnostic code that must be reported as an error */
  code?: string;
  /** a DataHub format Catalog Code recognises but does not check (core/formats/unchecked.ts): named with format.notChecked, nothing else */
  unchecked?: string;
}

export function corpusCases(): CorpusCase[] {
  return (JSON.parse(readFileSync(join(CORPUS, 'manifest.json'), 'utf8')) as { cases: CorpusCase[] }).cases;
}

export function corpusFiles(): string[] {
  return ['accepted', 'rejected'].flatMap((folder) => readdirSync(join(CORPUS, folder)).map((name) => `${folder}/${name}`)).sort();
}

export function corpusText(file: string): string {
  return readFileSync(join(CORPUS, file), 'utf8');
}

export function corpusUri(file: string): string {
  return `file://${join(CORPUS, file)}`;
}
