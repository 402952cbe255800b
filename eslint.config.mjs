import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'action/review.js', 'node_modules/**', '.vscode-test/**', '.catalog/**', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // core/ runs anywhere (CLI, service, language server): it must not depend on an editor.
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'vscode', message: 'core/ must not import vscode; hand data in from client/.' },
          { name: 'vscode-languageserver', message: 'core/ must not import an LSP connection; use plain data or vscode-languageserver-types.' },
          { name: 'vscode-languageserver/node', message: 'core/ must not import an LSP connection.' },
        ],
        patterns: [{ group: ['vscode-languageserver/*', 'vscode-languageclient', 'vscode-languageclient/*'], message: 'core/ must stay editor-free.' }],
      }],
    },
  },
);
