// Writes schemas/<format>.schema.json (published in the npm package and the VSIX, contributed
// through package.json `contributes.yamlValidation`) from the one definition of the formats,
// core/formats/shapes.ts, by way of core/formats/formatSchemas.ts. Run after changing a shape:
//   node --import tsx scripts/generateSchemas.ts
// test/unit/formats/formatSchemas.test.ts fails while the files differ from what this writes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatSchemas, schemaText } from '../core/formats/formatSchemas';

const folder = join(__dirname, '..', 'schemas');
mkdirSync(folder, { recursive: true });
for (const schema of formatSchemas()) {
  writeFileSync(join(folder, schema.file), schemaText(schema));
  console.log(`wrote schemas/${schema.file}`);
}
