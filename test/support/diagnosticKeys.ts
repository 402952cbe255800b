import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { budgetMs } from './timeScale';

/** A diagnostic as the same-answer tests compare it: "file:line:code", the file relative to the workspace. */
export type DiagnosticKey = string;

export const keysOf = (root: string, uri: string, diagnostics: readonly Diagnostic[]): DiagnosticKey[] =>
  diagnostics.map((d) => `${relative(root, fileURLToPath(uri))}:${d.range.start.line}:${String(d.code)}`);

/**
 * Asks until the answer agrees or the budget runs out, and returns the last answer: existence
 * answers and live definitions arrive in the background.
 */
export async function settle<T>(read: () => Promise<T>, equal: (value: T) => boolean, timeoutMs = budgetMs(60_000)): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!equal(last) && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 100));
    last = await read();
  }
  return last;
}
