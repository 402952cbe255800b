// Runs inside a desktop VS Code's extension host (started by test/desktop/runTest.ts) with the
// real `vscode` API: the extension activates, registers every command it contributes, flags a
// column edge outside its dataset edge, and completes allowed property values. A tiny runner on
// node:assert; @vscode/test-electron calls run() and fails the run when it rejects.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'catalog-code.catalog-code';
const TIMEOUT_MS = 60_000;

/** Polls `probe` until it returns a value that is not undefined; fails naming what it waited for. */
async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function workspaceFile(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'VS Code was started without the test workspace folder; runTest.ts passes it as the first launch argument.');
  return vscode.Uri.joinPath(folder.uri, name);
}

function codeOf(diagnostic: vscode.Diagnostic): string | undefined {
  const code = diagnostic.code;
  if (code === undefined) return undefined;
  return typeof code === 'object' ? String(code.value) : String(code);
}

function commandIdsInManifest(extension: vscode.Extension<unknown>): string[] {
  const manifest: unknown = extension.packageJSON;
  const commands = (manifest as { contributes?: { commands?: unknown } }).contributes?.commands;
  assert.ok(Array.isArray(commands), 'package.json has no contributes.commands list.');
  return commands.map((entry: unknown) => String((entry as { command?: unknown }).command));
}

const checks: Array<[string, () => Promise<void>]> = [
  ['the extension activates', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not loaded; is extensionDevelopmentPath the repository root?`);
    await extension.activate();
    assert.ok(extension.isActive);
  }],
  ['every command in contributes.commands is registered', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = commandIdsInManifest(extension).filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `commands declared in package.json but not registered by the extension: ${missing.join(', ')}`);
  }],
  ['a column edge outside its dataset edge gets the lineage.columnOutsideEdge diagnostic', async () => {
    const uri = workspaceFile('orders-lineage.yml');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const diagnostic = await until('the lineage.columnOutsideEdge diagnostic on orders-lineage.yml', () =>
      vscode.languages.getDiagnostics(uri).find((d) => codeOf(d) === 'lineage.columnOutsideEdge'),
    );
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(diagnostic.range.start.line, 24, 'the diagnostic should be on line 25, the column of staging.customers');
    assert.match(diagnostic.message, /staging\.customers/);
  }],
  ['completion offers the allowed values of a structured property', async () => {
    const uri = workspaceFile('team-datasets.yaml');
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    const line = document.lineAt(5).text;
    const valueStart = line.indexOf('marketing');
    assert.ok(valueStart > 0, `line 6 of team-datasets.yaml should hold ownerTeam: marketing, it reads "${line}"`);
    // Like a user: delete the value, then ask for completion where it was.
    const edit = new vscode.WorkspaceEdit();
    edit.delete(uri, new vscode.Range(5, valueStart, 5, line.length));
    assert.ok(await vscode.workspace.applyEdit(edit));
    try {
      const labels = await until('completion items with the allowed values of io.catalogcode.governance.ownerTeam', async () => {
        const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, new vscode.Position(5, valueStart));
        const found = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
        return found.includes('analytics') ? found : undefined;
      });
      for (const value of ['data-platform', 'analytics', 'finance']) assert.ok(labels.includes(value), `"${value}" missing from ${labels.join(', ')}`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  }],
];

export async function run(): Promise<void> {
  const failures: string[] = [];
  for (const [name, check] of checks) {
    const started = Date.now();
    try {
      await check();
      console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.log(`  ✗ ${name}\n      ${message.replace(/\n/g, '\n      ')}`);
      failures.push(name);
    }
  }
  console.log(`${checks.length - failures.length} passed, ${failures.length} failed`);
  if (failures.length > 0) throw new Error(`${failures.length} desktop check(s) failed: ${failures.join('; ')}`);
}
