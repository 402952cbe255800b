import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DocumentModel, Fact, FactOfKind } from '../../../core/model/facts';
import type { Located, SourceRange } from '../../../core/model/range';
import { referencePath, testsNeedingReference, type ReferenceTests } from '../../support/reference';

/** DataHub's example files, read from the reference folder (see test/support/reference.ts). */
export const EXAMPLES = referencePath('datahub-examples');
export const FIXTURES = resolve(process.cwd(), 'test', 'fixtures', 'formats');

/** For the tests of a module that read DataHub's example files: they are skipped, with one line saying why, when the files are missing. */
export function testsOnExamples(title: string): ReferenceTests {
  return testsNeedingReference(title, ['datahub-examples']);
}

export function example(name: string): { uri: string; text: string } {
  const path = join(EXAMPLES, name);
  return { uri: `file://${path}`, text: readFileSync(path, 'utf8') };
}

export function fixture(name: string): { uri: string; text: string } {
  const path = join(FIXTURES, name);
  return { uri: `file://${path}`, text: readFileSync(path, 'utf8') };
}

export function facts<K extends Fact['kind']>(model: DocumentModel, kind: K): FactOfKind<K>[] {
  return model.facts.filter((fact): fact is FactOfKind<K> => fact.kind === kind);
}

export function slice(text: string, range: SourceRange): string {
  return text.slice(range.start, range.end);
}

/** The located value's range holds exactly `expected` in the text. */
export function assertAt(text: string, located: Located<unknown> | undefined, expected: string): void {
  assert.ok(located, `expected a located value for ${expected}`);
  assert.equal(slice(text, located.range), expected);
}

/** Every EntityRefFact's range holds its URN (true unless the URN came through a YAML alias). */
export function assertRefsMatchText(model: DocumentModel, text: string): void {
  for (const ref of facts(model, 'entityRef')) assert.equal(slice(text, ref.range), ref.urn, `range of ${ref.urn}`);
}

export function refs(model: DocumentModel, role?: string): string[] {
  return facts(model, 'entityRef')
    .filter((ref) => role === undefined || ref.role === role)
    .map((ref) => ref.urn);
}
