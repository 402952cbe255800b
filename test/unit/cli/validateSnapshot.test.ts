import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { runValidate } from '../../../cli/validate/validate';
import type { CliIo } from '../../../cli/io';
import type { FileDiagnostic } from '../../../cli/report';
import { goldenMcpJson } from '../../../support/generate/goldenMcp';
import { referencePath, testsNeedingReference } from '../../support/reference';

/**
 * `catalog-code validate`'s diagnostics must not change when its batch path is made faster (issue
 * 27): every diagnostic of the DataHub corpus, of generated golden-style MCP files (one clean, one
 * with mistakes planted in every few elements) and of DataHub's own example files is compared
 * with a snapshot taken with the code before that work. The corpus and the generated files are
 * kept as the diagnostics themselves; DataHub's files are not copied into the repository, so only
 * a digest of each one's text and of its diagnostics is kept (a changed reference file is reported,
 * not compared). `CATALOG_UPDATE_SNAPSHOTS=1` writes the snapshot again — only when a change of the
 * diagnostics is meant.
 */

const REPO_ROOT = resolve(__dirname, '..', '..', '..');
const SNAPSHOT = join(REPO_ROOT, 'test', 'fixtures', 'batchValidate', 'diagnostics.json');
const UPDATE = process.env.CATALOG_UPDATE_SNAPSHOTS === '1';

interface Snapshot {
  about: string;
  /** file (relative to the repository) → its diagnostics as one line each */
  files: Record<string, string[]>;
  /** DataHub example file → digests of its text and of its diagnostics */
  reference: Record<string, { text: string; diagnostics: string; count: number }>;
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/** The diagnostics of `validate --format json` of `paths`, run in process through the CLI's own code. */
async function validateJson(paths: string[]): Promise<FileDiagnostic[]> {
  let out = '';
  const io: CliIo = { stdout: (text) => (out += text), stderr: () => undefined, version: 'test' };
  await runValidate(['--format', 'json', ...paths], io);
  return JSON.parse(out) as FileDiagnostic[];
}

/** One diagnostic as one line; a version advice names the current time (yyyyMMddHHmmss), which is kept out. */
function line(d: FileDiagnostic, file: string): string {
  const message = d.message.replace(/'\d{14}'/g, "'<now as yyyyMMddHHmmss>'");
  return `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1} ${d.severity} ${d.code}: ${message}`;
}

/** Mistakes planted in a golden-style MCP text, each in a few elements: every rule family the batch path runs has something to say. */
function withMistakes(text: string): string {
  let count = 0;
  const every = (n: number) => () => count++ % n === 0;
  const some = every(5);
  return text
    .replace(/"entityType": "dataset"/g, (m) => (some() ? '"entityType": "Dataset"' : m))
    .replace(/"changeType": "UPSERT"/g, (m) => (some() ? '"changeType": "UPSRT"' : m))
    .replace(/,PROD\)"/g, (m) => (some() ? ',PRD)"' : m))
    .replace(/"nullable": /g, (m) => (some() ? '"nulable": ' : m))
    .replace(/"type": "TRANSFORMED"/g, (m) => (some() ? '"type": "COPIED"' : m))
    .replace(/"upstreamType": "FIELD_SET"/g, (m) => (some() ? '"upstreamType": "FIELDS"' : m))
    .replace(/"confidenceScore": 1.0/g, (m) => (some() ? '"confidenceScore": "high"' : m))
    .replace(/urn:li:dataPlatform:hive,/g, (m) => (some() ? 'urn:li:dataPlatform:hive' : m))
    .replace(/"removed": false/g, (m) => (some() ? '"removed": "no"' : m));
}

const scratch = mkdtempSync(join(tmpdir(), 'catalog-code-validate-snapshot-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** The files whose diagnostics are kept in full: the corpus (one run over the folder, so files see each other's definitions) and the generated MCP files. */
async function keptFiles(): Promise<Record<string, string[]>> {
  const files: Record<string, string[]> = {};
  const add = (diagnostics: FileDiagnostic[], name: (file: string) => string) => {
    for (const d of diagnostics) (files[name(d.file)] ??= []).push(line(d, name(d.file)));
  };
  const corpus = join(REPO_ROOT, 'test', 'fixtures', 'datahub-corpus');
  add(await validateJson([corpus]), (file) => relative(REPO_ROOT, resolve(file)));
  for (const [name, text] of [
    ['golden_mcps.json', goldenMcpJson(3_000)],
    ['golden_mcps_with_mistakes.json', withMistakes(goldenMcpJson(6_000))],
  ] as const) {
    const path = join(scratch, name);
    writeFileSync(path, text);
    files[`generated/${name}`] = [];
    add(await validateJson([path]), () => `generated/${name}`);
  }
  return files;
}

function readSnapshot(): Snapshot {
  return JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Snapshot;
}

describe('validate: the same diagnostics as the snapshot (test/fixtures/batchValidate/diagnostics.json)', () => {
  it('the corpus and generated golden-style MCP files', async () => {
    const files = await keptFiles();
    if (UPDATE) {
      const before = readSnapshotOrEmpty();
      writeFileSync(SNAPSHOT, `${JSON.stringify({ ...before, files }, null, 1)}\n`);
      return;
    }
    const expected = readSnapshot().files;
    assert.deepEqual(Object.keys(files).sort(), Object.keys(expected).sort());
    for (const file of Object.keys(expected)) assert.deepEqual(files[file], expected[file], `diagnostics of ${file}`);
    assert.ok(files['generated/golden_mcps_with_mistakes.json'].length > 100, 'the planted mistakes are found');
  });
});

const reference = testsNeedingReference('validate: the same diagnostics as the snapshot for DataHub example files', ['datahub-examples']);

reference.describe('validate: the same diagnostics as the snapshot for DataHub example files', () => {
  reference.it('each example file, alone', async () => {
    const folder = referencePath('datahub-examples');
    const measured: Snapshot['reference'] = {};
    for (const name of readdirSync(folder).sort()) {
      const text = readFileSync(join(folder, name), 'utf8');
      const diagnostics = await validateJson([join(folder, name)]);
      const lines = diagnostics.map((d) => line(d, name)).join('\n');
      measured[name] = { text: digest(text), diagnostics: digest(lines), count: diagnostics.length };
    }
    if (UPDATE) {
      const before = readSnapshotOrEmpty();
      writeFileSync(SNAPSHOT, `${JSON.stringify({ ...before, reference: measured }, null, 1)}\n`);
      return;
    }
    const expected = readSnapshot().reference;
    let compared = 0;
    for (const [name, kept] of Object.entries(expected)) {
      const now = measured[name];
      // A reference file that changed since the snapshot cannot be compared; it must not pass silently either.
      if (!now || now.text !== kept.text) {
        assert.fail(`DataHub example ${name} is not the file the snapshot was taken of (missing or changed); take the snapshot again with CATALOG_UPDATE_SNAPSHOTS=1 on the code before the change under test.`);
      }
      assert.deepEqual(now, kept, `diagnostics of ${name}`);
      compared++;
    }
    assert.ok(compared > 0);
  });
});

function readSnapshotOrEmpty(): Snapshot {
  try {
    return readSnapshot();
  } catch {
    return {
      about: 'Diagnostics of `catalog-code validate` before issue 27 made its batch path faster (test/unit/cli/validateSnapshot.test.ts). Files: the diagnostics; reference: digests only (DataHub\'s files are not copied here).',
      files: {},
      reference: {},
    };
  }
}
