import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateWorkspace } from '../cases/workspaceScale';
import { collectMetadataFiles } from '../../core/workspace/metadataFiles';
import { parseYaml } from '../../core/formats/yamlTree';
import { readDocument } from '../../core/formats';
import { mentionsOfModel } from '../../core/mentions/fileMentions';
import { madeRecord } from '../../core/workspace/madeRecord';
import { PENDING_RECORD_MAKERS } from '../../core/pending/recordMakers';
import { textHash } from '../../core/workspace/textHash';
import { pathToFileURL } from 'node:url';

/**
 * Where a closed file's record costs its time, in process, on the bench's generated workspace:
 * `node --no-allocation-site-pretenuring --import tsx bench/adhoc/recordSplit.ts [FOLDERS]` (default
 * 200: 20,002 files). Times, three rounds each, the median: reading the texts, parsing them (YAML
 * tree only), reading them into models (whole, and for other files only), models' mentions, hashing, and the whole record as a scan
 * worker makes it (madeRecord with the pending state's makers).
 */
async function main(): Promise<void> {
  const folders = Number(process.argv[2] ?? 200);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-record-split-'));
  try {
    const ws = generateWorkspace(workDir, 20261122, folders);
    const files = collectMetadataFiles([ws.root]);
    const uris = files.map((f) => pathToFileURL(f).toString());
    const time = (run: () => void): number => {
      const all: number[] = [];
      for (let round = 0; round < 3; round++) {
        const started = performance.now();
        run();
        all.push(performance.now() - started);
      }
      return all.sort((a, b) => a - b)[1];
    };
    let texts: string[] = [];
    const readMs = time(() => (texts = files.map((f) => readFileSync(f, 'utf8'))));
    const yamlTexts = texts.map((t, i) => (files[i].endsWith('.json') ? undefined : t));
    const parseMs = time(() => yamlTexts.forEach((t) => t !== undefined && parseYaml(t)));
    const modelMs = time(() => texts.forEach((t, i) => readDocument(uris[i], t)));
    const acrossMs = time(() => texts.forEach((t, i) => readDocument(uris[i], t, { acrossFilesOnly: true })));
    const models = texts.map((t, i) => readDocument(uris[i], t));
    const mentionsMs = time(() => models.forEach((m) => mentionsOfModel(m)));
    const hashMs = time(() => texts.forEach((t) => textHash(t)));
    const derive = PENDING_RECORD_MAKERS.derive;
    const collect = PENDING_RECORD_MAKERS.collect;
    const makersMs = time(() => models.forEach((m) => { for (const f of Object.values(derive)) f(m); for (const f of Object.values(collect)) f(m); }));
    const options = { associations: {}, derivations: Object.keys(derive), collections: Object.keys(collect) };
    const recordMs = time(() => texts.forEach((t, i) => madeRecord(uris[i], t, options, PENDING_RECORD_MAKERS)));
    process.stdout.write(`${JSON.stringify({ files: files.length, readMs, parseYamlMs: parseMs, readDocumentMs: modelMs, readAcrossFilesOnlyMs: acrossMs, mentionsMs, hashMs, makersMs, madeRecordMs: recordMs, load: os.loadavg()[0] })}\n`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

void main();
