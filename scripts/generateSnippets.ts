// Writes snippets/<language>.code-snippets (package.json `contributes.snippets`) from the one source
// of template text, core/features/snippets.ts. Run after changing a template:
//   node --import tsx scripts/generateSnippets.ts
// test/unit/features/snippets.test.ts fails while the files differ from what this writes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { snippetFileText, SNIPPET_FILES } from '../core/features/snippetFiles';

for (const [language, path] of Object.entries(SNIPPET_FILES)) {
  writeFileSync(join(__dirname, '..', path), snippetFileText(language as keyof typeof SNIPPET_FILES));
  console.log(`wrote ${path}`);
}
