// package.json's `contributes.languageModelTools`, written from the agents' tool table
// (core/agent/contributions.ts), so the manifest never drifts from the tools the server runs:
//   node --import tsx scripts/generateLanguageModelTools.ts
// test/unit/agent/toolTable.test.ts fails while the committed manifest differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { languageModelToolContributions } from '../core/agent/contributions';

const path = join(__dirname, '..', 'package.json');
const manifest = JSON.parse(readFileSync(path, 'utf8')) as { contributes: { languageModelTools?: unknown } };
manifest.contributes.languageModelTools = languageModelToolContributions();
writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
console.log('wrote contributes.languageModelTools of package.json');
