import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

test('one vscode-jsonrpc: the client and server libraries share it (custom messages stay typed across both)', () => {
  const lock = JSON.parse(readFileSync(join(process.cwd(), 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  const copies = Object.entries(lock.packages).filter(([path]) => path.endsWith('node_modules/vscode-jsonrpc'));
  assert.deepEqual(
    copies.map(([path]) => path),
    ['node_modules/vscode-jsonrpc'],
    `more than one copy of vscode-jsonrpc: ${copies.map(([path, entry]) => `${path}@${entry.version}`).join(', ')}; keep vscode-languageclient and vscode-languageserver on matching majors`,
  );
});
