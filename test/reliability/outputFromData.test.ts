import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MAX_MARKDOWN_COMMENT_CHARS } from '../../core/output/markdownBudget';
import { startTestCatalog, TOKEN, type TestCatalog } from '../integration/catalog';
import { checkPlanMarkdown } from '../support/markdownCheck';

/**
 * Issue 21, findings 6 and 7, sent as a file's author would: names and values with line breaks,
 * `::error::`/`::add-mask::` lines, `##[…]`, backticks, HTML, `<!--` and bidi overrides, through
 * the real CLI on real files (and a real local catalog for `plan`). The CI log must obey none of
 * them, the pull-request comment must render them as text, and honest output is unchanged.
 */

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(process.cwd(), 'dist', 'cli.js'), ...args], { env: { ...process.env, CATALOG_SERVICE_URL: '', CATALOG_TOKEN: '', ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// Controls other than tab, which no line from data may hold raw.
const RAW_CONTROL = new RegExp(String.raw`[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]`);

/** Every line as GitHub's runner splits them (\n, \r), none starting a workflow command. */
function assertNoWorkflowCommands(output: string, where: string): void {
  for (const line of output.split(/\r\n|\r|\n/)) {
    assert.doesNotMatch(line, /^\s*::/, `${where}: a line the runner would obey: ${JSON.stringify(line)}`);
    assert.ok(!line.includes('##['), `${where}: a legacy ##[command] the runner would obey: ${JSON.stringify(line)}`);
    assert.doesNotMatch(line, RAW_CONTROL, `${where}: a raw control character: ${JSON.stringify(line)}`);
  }
}

const PROPS = (extraKey: string) => `- id: io.acme.tier
  type: string
  entity_types: [dataset]
  allowed_values:
    - value: gold
${extraKey}`;
const HOSTILE_KEY = '  "foo\\n::add-mask::secret\\r::error file=x.yaml::pwned ##[warning]legacy": 1\n';
const HOSTILE_VALUE = '"bad\\n::error::pwned\\u2028x\\u202Eabc\\u001b[2K"';
const DATASETS = (value: string) => `- id: orders\n  platform: hive\n  structured_properties:\n    io.acme.tier: ${value}\n`;

describe('reliability: output built from data (validate)', () => {
  let root: string;
  let hostile: string;
  let honest: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'catalog-code-output-'));
    hostile = join(root, 'hostile');
    honest = join(root, 'honest');
    mkdirSync(hostile);
    mkdirSync(honest);
    writeFileSync(join(hostile, 'props.yaml'), PROPS(HOSTILE_KEY));
    writeFileSync(join(hostile, 'ds.yaml'), DATASETS(HOSTILE_VALUE));
    writeFileSync(join(honest, 'props.yaml'), PROPS('  colour: 1\n'));
    writeFileSync(join(honest, 'ds.yaml'), DATASETS('silver'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('text (pre-commit, most CI logs): values keep their line breaks as visible escapes; no line starts a command', async () => {
    const run = await cli(['validate', hostile]);
    assert.equal(run.code, 1, run.stderr);
    assertNoWorkflowCommands(run.stdout, 'validate');
    assert.match(run.stdout, /error property\.notAllowedValue: 'bad\\n::error::pwned\\u2028x\\u202eabc\\u001b\[2K' is not an allowed value of io\.acme\.tier/);
    assert.match(run.stdout, /Unknown key 'foo\\n::add-mask::secret\\r::error file=x\.yaml::pwned ##\\u005bwarning\]legacy'/);
    assert.equal(run.stdout.trimEnd().split('\n').length, 3, 'one line per problem, and the summary');
  });

  it('github: only its own commands, each on one line with data and properties escaped', async () => {
    const run = await cli(['validate', hostile, '--format', 'github']);
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2, run.stdout);
    for (const line of lines) assert.match(line, /^::error file=[^:,\r]*,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[\w.]+::[^\r\n]*$/);
    assert.ok(lines.some((line) => line.includes('%3A%3Aerror') === false && line.includes("'foo\\n::add-mask::secret\\r::error file=x.yaml::pwned")), run.stdout);
  });

  it('SARIF and JSON: valid JSON whose messages are the ones the text shows', async () => {
    const [sarif, json] = [await cli(['validate', hostile, '--format', 'sarif']), await cli(['validate', hostile, '--format', 'json'])];
    assertNoWorkflowCommands(sarif.stdout, 'sarif');
    assertNoWorkflowCommands(json.stdout, 'json');
    const fromJson = (JSON.parse(json.stdout) as { message: string }[]).map((d) => d.message);
    const fromSarif = (JSON.parse(sarif.stdout) as { runs: { results: { message: { text: string } }[] }[] }).runs[0].results.map((r) => r.message.text);
    assert.deepEqual(fromSarif, fromJson);
    assert.ok(fromJson.some((m) => m.includes("'foo\\n::add-mask::secret\\r::error file=x.yaml::pwned ##[warning]legacy'")), fromJson.join('\n'));
  });

  it('honest files: the same text as before', async () => {
    const run = await cli(['validate', honest]);
    assert.equal(
      run.stdout.replaceAll(honest, 'H'),
      "H/ds.yaml:4:19: error property.notAllowedValue: 'silver' is not an allowed value of io.acme.tier; the service accepts only 'gold'.\n" +
        "H/props.yaml:6:3: error format.unknownKey: Unknown key 'colour' in a structured-property definition; DataHub rejects the whole file for a key it does not know. Known keys: id, urn, qualified_name, type, value_entity_types, description, display_name, entity_types, cardinality, allowed_values, type_qualifier, immutable, version, settings, allowed_platforms.\n" +
        '2 metadata file(s) checked: 2 error(s), 0 warning(s).\n',
    );
  });
});

const HOSTILE_NAME = 'x``<img src=https://evil.example/x.png>**Approved by security**``y';
const HOSTILE_FILE = 'a``<img src=x onerror=alert(1)>``\n<!--\n.yaml';

describe('reliability: output built from data (plan)', () => {
  let catalog: TestCatalog;
  const plan = (args: string[]) => cli(['plan', catalog.files, '--service', catalog.url, ...args], { CATALOG_TOKEN: TOKEN });
  before(async () => {
    catalog = await startTestCatalog();
  });
  after(() => catalog.close());

  it('markdown: a name with backticks and HTML, and a file named with a line break and <!--, render as text; every change is shown', async () => {
    catalog.write('ds.yaml', `- id: "${HOSTILE_NAME}"\n  platform: hive\n  description: "a\\n::add-mask::s"\n`);
    catalog.write(HOSTILE_FILE, '- id: hidden\n  platform: hive\n  description: later\n');
    const run = await plan(['--format', 'markdown']);
    assert.equal(run.code, 0, run.stderr);
    const rendered = checkPlanMarkdown(run.stdout);
    assert.equal(rendered.changes, 2, run.stdout);
    assert.ok(rendered.codeSpans.some((code) => code.endsWith('a``<img src=x onerror=alert(1)>``\\n<!--\\n.yaml')), rendered.codeSpans.join('\n'));
    assert.match(run.stdout, /<summary><code>urn:li:dataset:\(urn:li:dataPlatform:hive,x``&lt;img src=https:\/\/evil\.example\/x\.png&gt;\*\*Approved by security\*\*``y,PROD\)<\/code>/);
    const text = await plan([]);
    assertNoWorkflowCommands(text.stdout, 'plan (text)');
    assert.match(text.stdout, /description="a\\n::add-mask::s"/);
  });

  it('errors on stderr (plan stops on them) quote values with visible escapes', async () => {
    writeFileSync(join(catalog.files, 'props.yaml'), PROPS(HOSTILE_KEY));
    const run = await plan(['--format', 'markdown']);
    rmSync(join(catalog.files, 'props.yaml'));
    assert.equal(run.code, 1);
    assert.match(run.stderr, /Unknown key 'foo\\n::add-mask::secret/);
    assertNoWorkflowCommands(run.stderr, 'plan (errors)');
  });

  it('markdown: a plan too large for one comment stops at 60,000 characters and says how many changes are left out', async () => {
    const long = 'n'.repeat(200);
    const entries = Array.from({ length: 600 }, (_, i) => `- id: big_${i}_${long}\n  platform: hive\n  description: "${'d'.repeat(300)}"\n`);
    catalog.write('big.yaml', entries.join(''));
    const run = await plan(['--format', 'markdown']);
    rmSync(join(catalog.files, 'big.yaml'));
    assert.ok(run.stdout.length <= 65_536, `${run.stdout.length} characters`);
    assert.ok(run.stdout.length <= MAX_MARKDOWN_COMMENT_CHARS + 400);
    const rendered = checkPlanMarkdown(run.stdout);
    assert.ok(rendered.omitted > 0, run.stdout.slice(-500));
    assert.equal(rendered.changes + rendered.omitted, 602);
    assert.match(run.stdout, /\*\*… \d+ more change\(s\) on \d+ entities not shown:\*\* a pull-request comment holds at most 65,536 characters\. See the CI log/);
  });

  it('honest files: the same markdown as before', async () => {
    rmSync(join(catalog.files, 'ds.yaml'));
    rmSync(join(catalog.files, HOSTILE_FILE));
    catalog.write('ok.yaml', '- id: hidden\n  platform: hive\n  description: later\n');
    const run = await plan(['--format', 'markdown']);
    assert.equal(
      run.stdout.replaceAll(catalog.url, 'URL').replaceAll(catalog.files, 'F'),
      [
        '### Catalog Code plan',
        '',
        '**1 change(s) to 1 entity** against `URL`: 1 to add, 0 to change, 0 to remove; 0 already in place.',
        '',
        '#### Changes by entity',
        '',
        '<details>',
        '<summary><code>urn:li:dataset:(urn:li:dataPlatform:hive,hidden,PROD)</code>: +1 ~0 -0</summary>',
        '',
        '```diff',
        '# Aspect datasetProperties (create)',
        '+ aspect datasetProperties: name="hidden", description="later"',
        '```',
        '',
        'From `F/ok.yaml`.',
        '',
        '</details>',
        '',
      ].join('\n'),
    );
  });
});
