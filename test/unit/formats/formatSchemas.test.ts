// The JSON Schemas under schemas/ are generated from the format facts the checks use
// (core/formats/shapes.ts → formatSchemas.ts): the committed files must be what the generator writes
// today, package.json must contribute each of them for its file names, and every key the
// generator gives a kind must be one its shape knows. What the schemas accept and refuse is tested
// with yaml-language-server itself (test/integration/yamlSchemas.test.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { formatSchemas, schemaText, unknownKeyKinds } from '../../../core/formats/formatSchemas';
import { ENUMS } from '../../../core/formats/shapes';

const root = join(__dirname, '..', '..', '..');

describe('generated JSON Schemas', () => {
  it('the committed schemas are what the generator writes', () => {
    for (const schema of formatSchemas()) {
      assert.equal(readFileSync(join(root, 'schemas', schema.file), 'utf8'), schemaText(schema), `schemas/${schema.file} is out of date: run node --import tsx scripts/generateSchemas.ts`);
    }
  });

  it('package.json contributes each schema for its file names (yamlValidation)', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { contributes: { yamlValidation: { fileMatch: string[]; url: string }[] } };
    assert.deepEqual(
      manifest.contributes.yamlValidation,
      formatSchemas().map((schema) => ({ fileMatch: [...schema.fileMatch], url: `./schemas/${schema.file}` })),
    );
    // That the npm package publishes them is test/package/npmPackage.test.ts's (npm pack, as .npmignore decides).
  });

  it('names kinds only for keys the shapes know, and enums from the shapes', () => {
    assert.deepEqual(unknownKeyKinds(), []);
    const lineage = formatSchemas().find((schema) => schema.file === 'lineage-file.schema.json')!.schema as { definitions: Record<string, { properties: Record<string, { enum?: string[] }> }> };
    assert.deepEqual(lineage.definitions['lineageFile.fineGrainedLineage'].properties.upstreamType.enum, [...ENUMS.upstreamType]);
  });
});
