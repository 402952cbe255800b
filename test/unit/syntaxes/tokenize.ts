/**
 * Tokenizes lines the way VS Code does: vscode-textmate + the Oniguruma WASM engine, the real
 * YAML/JSON grammars VS Code ships (from tm-grammars), and our URN injection grammar on top.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';

export const INJECTION_SCOPE = 'catalog-code.urn.injection';
const INJECTION_PATH = join(process.cwd(), 'syntaxes', 'urn.injection.tmLanguage.json');

export interface Token {
  text: string;
  scopes: string[];
}

const HOST_GRAMMARS: Record<string, string> = {
  'source.yaml': 'tm-grammars/grammars/yaml.json',
  'source.json': 'tm-grammars/grammars/json.json',
  'source.json.comments': 'tm-grammars/grammars/jsonc.json',
};

/** A minimal host: a double-quoted string, so the injection can be tested without a real grammar. */
const MINIMAL_HOST = JSON.stringify({
  scopeName: 'source.minimal',
  patterns: [{ begin: '"', end: '"', name: 'string.quoted.double.json' }],
});

let registry: Promise<vsctm.Registry> | undefined;

async function createRegistry(): Promise<vsctm.Registry> {
  const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const onigLib: Promise<vsctm.IOnigLib> = Promise.resolve({
    createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
    createOnigString: (text: string) => new oniguruma.OnigString(text),
  });
  return new vsctm.Registry({
    onigLib,
    loadGrammar: async (scopeName) => {
      if (scopeName === INJECTION_SCOPE) return vsctm.parseRawGrammar(readFileSync(INJECTION_PATH, 'utf8'), INJECTION_PATH);
      if (scopeName === 'source.minimal') return vsctm.parseRawGrammar(MINIMAL_HOST, 'minimal.json');
      const hostPath = HOST_GRAMMARS[scopeName];
      if (!hostPath) return null;
      const file = require.resolve(hostPath);
      return vsctm.parseRawGrammar(readFileSync(file, 'utf8'), file);
    },
    // package.json injects the grammar into these scopes; mirror that here.
    getInjections: (scopeName) => (scopeName in HOST_GRAMMARS || scopeName === 'source.minimal' ? [INJECTION_SCOPE] : undefined),
  });
}

/** Tokens of each line of `text` in the grammar of `scopeName`. */
export async function tokenize(scopeName: string, text: string): Promise<Token[][]> {
  registry ??= createRegistry();
  const grammar = await (await registry).loadGrammar(scopeName);
  if (!grammar) throw new Error(`grammar ${scopeName} did not load`);
  let state = vsctm.INITIAL;
  const lines: Token[][] = [];
  for (const line of text.split('\n')) {
    const result = grammar.tokenizeLine(line, state);
    lines.push(result.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes })));
    state = result.ruleStack;
  }
  return lines;
}

/** The scopes of the first token whose text is exactly `text`, searching all lines. */
export function scopesOf(lines: Token[][], text: string, occurrence = 0): string[] | undefined {
  let seen = 0;
  for (const line of lines) {
    for (const token of line) {
      if (token.text === text && seen++ === occurrence) return token.scopes;
    }
  }
  return undefined;
}
