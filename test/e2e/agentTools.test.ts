// Issue 39 in a real VS Code (code-server 4.139.1, VS Code 1.139): Catalog Code's tools for agents
// are registered as language-model tools, as another extension (an agent) sees them through
// vscode.lm.tools, and answer through vscode.lm.invokeTool, run by the language server over the
// workspace (SQL lineage in its worker). A test-only extension (fixtures/lm-probe) looks and writes what it saw to a file.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { languageModelToolContributions } from '../../core/agent/contributions';
import { runVscePackage } from '../../support/e2e/extensionPackage';
import { repoRoot } from '../../support/e2e/setup';
import { e2eSuite } from './suite';
import { until } from './workbench';

const out = mkdtempSync(join(tmpdir(), 'catalog-code-e2e-agents-'));
after(() => rmSync(out, { recursive: true, force: true }));
const report = join(out, 'lm-probe.json');

const TIERS = '- id: io.acme.tier\n  type: string\n  cardinality: SINGLE\n  entity_types: [dataset]\n  allowed_values:\n    - value: gold\n    - value: silver\n';
const BAD = '- id: agents_report\n  platform: hive\n  structured_properties:\n    io.acme.tier: platinum\n';

interface ProbeReport {
  vscodeVersion: string;
  hasTools: boolean;
  hasInvokeTool: boolean;
  hasRegisterMcpServerDefinitionProvider: boolean;
  tools: { name: string; description: string; inputSchema: unknown }[];
  catalogCode_explain_diagnostic?: string;
  catalogCode_validate_files?: string;
  catalogCode_propose_lineage_from_sql?: string;
  failed?: string;
}

async function probeVsix(): Promise<string> {
  const staged = join(out, 'lm-probe');
  cpSync(join(repoRoot, 'test', 'e2e', 'fixtures', 'lm-probe'), staged, { recursive: true });
  const vsix = join(out, 'lm-probe.vsix');
  await runVscePackage(staged, vsix);
  return vsix;
}

e2eSuite(
  'Tools for agents: language-model tools another extension lists and invokes',
  async () => {
    // The extension host inherits code-server's environment: the probe writes its report here.
    process.env.CATALOG_E2E_LM_PROBE = report;
    return { files: { 'agents/tiers.yaml': TIERS, 'agents/bad.yaml': BAD }, extensions: [await probeVsix()], userSettings: { 'chat.disableAIFeatures': false } };
  },
  async (_session, scenario) => {
    await scenario('vscode.lm.tools lists the read-only tools with their schemas; vscode.lm.invokeTool answers from the language server', async () => {
      const seen = await until('the probe extension to report', async () => (existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as ProbeReport) : undefined));
      assert.equal(seen.failed, undefined, seen.failed);
      assert.equal(seen.hasTools, true, `VS Code ${seen.vscodeVersion} offers vscode.lm.tools`);
      assert.equal(seen.hasInvokeTool, true);
      assert.equal(seen.hasRegisterMcpServerDefinitionProvider, true, 'the MCP server definition API exists: the extension registers catalog-code mcp');
      const expected = languageModelToolContributions();
      assert.deepEqual(seen.tools.map((t) => t.name).sort(), expected.map((t) => t.name).sort());
      for (const tool of seen.tools) assert.deepEqual(tool.inputSchema, expected.find((t) => t.name === tool.name)?.inputSchema, tool.name);
      assert.match(seen.catalogCode_explain_diagnostic ?? '', /^property\.notAllowedValue: A property value outside its allowed values\./);
      assert.match(seen.catalogCode_validate_files ?? '', /agents\/bad\.yaml:4:\d+ error property\.notAllowedValue/);
      // Run in the language server's SQL worker.
      assert.match(seen.catalogCode_propose_lineage_from_sql ?? '', /^1 upstream table\(s\) → report; 2 column edge\(s\) proposed/);
    });
  },
);
