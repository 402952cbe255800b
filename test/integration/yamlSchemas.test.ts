// The JSON Schemas of schemas/ as an editor without Catalog Code uses them: yaml-language-server
// (redhat's YAML extension's server, a devDependency) over stdio, each file opened with the schema
// its format has. The judge of what is valid is the world and the checks: a file `catalog-code
// validate` finds no error in (the project's fixtures, DataHub's own examples under
// ../shared/reference) must get no schema problem; a file with a format error (an unknown key, a
// value outside an enum, a missing key) must get one.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { readDocument } from '../../core/formats';
import { budgetMs } from '../support/timeScale';

const root = resolve(__dirname, '..', '..');
const reference = resolve(root, '..', 'shared', 'reference', 'datahub-examples');
const referenceMissing = existsSync(reference) ? undefined : `DataHub's examples are not at ${reference} (../shared/reference): only the project's fixtures are checked`;

const SCHEMA_OF_FORMAT: Record<string, string> = {
  propertyDefinitions: 'property-definitions.schema.json',
  datasetYaml: 'dataset.schema.json',
  lineageFile: 'lineage-file.schema.json',
};

/** yaml-language-server over stdio, answering what it asks of a client. */
class YamlServer {
  private process!: ChildProcessWithoutNullStreams;
  private connection!: MessageConnection;
  private readonly published = new Map<string, Diagnostic[]>();
  private readonly waiters: (() => void)[] = [];

  async start(): Promise<void> {
    const bin = join(root, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');
    this.process = spawn(process.execPath, [bin, '--stdio'], { cwd: root });
    this.process.stderr.resume();
    this.connection = createMessageConnection(new StreamMessageReader(this.process.stdout), new StreamMessageWriter(this.process.stdin));
    const settings = { validate: true, hover: true, completion: true, schemaStore: { enable: false }, schemas: {} };
    this.connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) => params.items.map((item) => (item.section === 'yaml' ? settings : null)));
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onRequest('window/workDoneProgress/create', () => null);
    this.connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      this.published.set(params.uri, params.diagnostics);
      this.waiters.splice(0).forEach((wake) => wake());
    });
    this.connection.listen();
    await this.connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: { workspace: { configuration: true }, textDocument: { publishDiagnostics: {} } } });
    this.connection.sendNotification('initialized', {});
    this.connection.sendNotification('workspace/didChangeConfiguration', { settings: { yaml: settings } });
  }

  /** The diagnostics of `text` under `schema` (named by the file's modeline, as a user names a schema). */
  async diagnostics(name: string, text: string, schema: string): Promise<Diagnostic[]> {
    const uri = `file:///schema-test/${this.published.size}-${encodeURIComponent(name)}`;
    const schemaUri = pathToFileURL(join(root, 'schemas', schema)).href;
    this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: `# yaml-language-server: $schema=${schemaUri}\n${text}` } });
    const deadline = Date.now() + budgetMs(60_000);
    while (!this.published.has(uri)) {
      if (Date.now() > deadline) throw new Error(`yaml-language-server published no diagnostics for ${name}`);
      await new Promise<void>((wake) => {
        this.waiters.push(wake);
        setTimeout(wake, 1000);
      });
    }
    return this.published.get(uri)!;
  }

  /**
   * Ends the server as a client does, and waits for it to be gone: a write into its closed input
   * (the `exit` notification once the server left after `shutdown`) rejects, and unawaited that
   * rejection came after the test had ended and failed the file.
   */
  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => {
      if (this.process.exitCode !== null || this.process.signalCode !== null) resolve();
      else this.process.once('exit', () => resolve());
    });
    // A write after the server closed its end is an EPIPE on the stream, not a failure of the test.
    this.process.stdin.on('error', () => undefined);
    await this.connection.sendRequest('shutdown').catch(() => undefined);
    await this.connection.sendNotification('exit').catch(() => undefined);
    const timer = setTimeout(() => this.process.kill('SIGKILL'), budgetMs(5_000));
    await exited;
    clearTimeout(timer);
    this.connection.dispose();
  }
}

const schemaProblems = (diagnostics: readonly Diagnostic[]) => diagnostics.filter((d) => String(d.source ?? '').startsWith('yaml-schema'));
const messageOf = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);
const describeAll = (diagnostics: readonly Diagnostic[]) => diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character} ${messageOf(d)}`).join('\n');

/** The YAML files of a folder whose content is one of the three formats, with what `catalog-code validate` says of each. */
function judgedFiles(folder: string): { file: string; text: string; schema: string; errors: string[] }[] {
  const files = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name)).map((name) => join(folder, name));
  const judged = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const format = readDocument(pathToFileURL(file).href, text).format;
    const schema = format ? SCHEMA_OF_FORMAT[format] : undefined;
    return schema ? [{ file, text, schema }] : [];
  });
  if (judged.length === 0) return [];
  const run = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), 'validate', ...judged.map((j) => j.file), '--format', 'json', '--settings', 'none'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const problems = JSON.parse(run.stdout) as { file: string; severity: string; code: string }[];
  return judged.map((j) => ({ ...j, errors: problems.filter((p) => resolve(p.file) === resolve(j.file) && p.severity === 'error').map((p) => p.code) }));
}

describe('the generated JSON Schemas in yaml-language-server', { timeout: budgetMs(600_000) }, () => {
  const server = new YamlServer();
  before(async () => {
    if (!existsSync(join(root, 'dist', 'cli.js'))) spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'ignore' });
    await server.start();
  });
  after(() => server.stop());

  const agree = async (folder: string) => {
    const files = judgedFiles(folder);
    assert.ok(files.length > 0, `no file of the three formats under ${folder}`);
    for (const { file, text, schema, errors } of files) {
      const problems = schemaProblems(await server.diagnostics(file, text, schema));
      if (errors.length === 0) assert.deepEqual(describeAll(problems), '', `${file} passes catalog-code validate, yet ${schema} finds problems`);
      else if (errors.some((code) => code.startsWith('format.'))) assert.ok(problems.length > 0, `${file} has format errors (${errors.join(', ')}) that ${schema} misses`);
    }
    return files;
  };

  it("agrees with catalog-code validate on the project's sample catalog and DataHub corpus (accepted and rejected files)", async () => {
    await agree(join(root, 'test', 'fixtures', 'sample-catalog'));
    await agree(join(root, 'test', 'fixtures', 'formats'));
    const accepted = await agree(join(root, 'test', 'fixtures', 'datahub-corpus', 'accepted'));
    assert.ok(accepted.length >= 5, `the accepted corpus holds ${accepted.length} files of the three formats`);
    const rejected = await agree(join(root, 'test', 'fixtures', 'datahub-corpus', 'rejected'));
    assert.ok(rejected.some((f) => f.errors.some((code) => code.startsWith('format.'))), 'a rejected file with a format error was judged');
  });

  it("agrees with catalog-code validate on DataHub's own examples", { skip: referenceMissing }, async () => {
    const files = await agree(reference);
    assert.ok(files.some((f) => f.errors.length === 0) && files.some((f) => f.errors.some((code) => code.startsWith('format.'))), 'both a valid and a refused example were judged');
  });

  it('finds the problems of a broken file, by the name the checks give them', async () => {
    const broken = ['version: 1', 'lineage:', '  - entity:', '      name: shop.orders', '      type: dataset', '      platform: hive', '      env: PROD', '    upstreams:', '      - entity: {name: raw.orders, type: dataset, platform: kafka}', ''].join('\n');
    const problems = schemaProblems(await server.diagnostics('broken-lineage.yml', broken, 'lineage-file.schema.json'));
    assert.ok(problems.some((d) => /upstreams/.test(messageOf(d)) && d.range.start.line === 8), describeAll(problems));
    const definition = ['- id: io.example.tier', '  type: string', '  cardinality: SOMETIMES', ''].join('\n');
    const refused = schemaProblems(await server.diagnostics('structured_properties.yaml', definition, 'property-definitions.schema.json'));
    assert.ok(refused.some((d) => d.range.start.line === 3), describeAll(refused));
  });
});
