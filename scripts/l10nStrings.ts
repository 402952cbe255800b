// The user-visible strings of the client that go through `vscode.l10n.t`, gathered from the
// sources: l10n/bundle.l10n.json (the English bundle translators start from) is written from them
// by scripts/generateL10nBundle.ts, and test/unit/client/localisation.test.ts fails while it differs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** `vscode.l10n.t('…'` or `vscode.l10n.t("…"`: the message is always a plain literal, never built. */
const CALL = /vscode\.l10n\.t\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")/g;

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out.sort();
}

/** Every message of `vscode.l10n.t` under client/, each once, sorted: the bundle's keys and English values. */
export function clientL10nStrings(root: string): Record<string, string> {
  const found = new Set<string>();
  for (const file of sources(join(root, 'client'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(CALL)) {
      const literal = match[1] ?? match[2];
      found.add(literal.replace(/\\(.)/g, '$1'));
    }
  }
  const bundle: Record<string, string> = {};
  for (const message of [...found].sort()) bundle[message] = message;
  return bundle;
}

export function bundleText(root: string): string {
  return `${JSON.stringify(clientL10nStrings(root), null, 2)}\n`;
}
