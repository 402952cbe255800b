import { vscodeSnippetFile } from './snippets';

/** Where each language's snippet file lives in the repository (package.json `contributes.snippets`). */
export const SNIPPET_FILES = { yaml: 'snippets/yaml.code-snippets', json: 'snippets/json.code-snippets' } as const;

/** The text of a generated snippet file: the templates of core/features/snippets.ts, nothing else. */
export function snippetFileText(language: keyof typeof SNIPPET_FILES): string {
  return `${JSON.stringify(vscodeSnippetFile(language), null, 2)}\n`;
}
