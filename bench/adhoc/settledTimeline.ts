import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { datasetYaml, PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { SERVER_JS } from '../support/context';
import { BenchLspClient } from '../support/lspClient';
import { seededRandom } from '../../support/random';
import { nowMs } from '../../support/bench/stats';

/**
 * The timeline of the settled case's key split and its undo (bench/cases/settled.ts), outside
 * `npm run bench`: `node --import tsx bench/adhoc/settledTimeline.ts [refresh|plain]` prints, for
 * each edit, when each pull was answered, how many diagnostics it had and which refreshes came, so
 * a settled figure can be told apart into its pulls (issue 34).
 */
async function main(): Promise<void> {
  const refresh = process.argv[2] !== 'plain';
  const root = mkdtempSync(path.join(os.tmpdir(), 'catalog-settled-timeline-'));
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'properties.yaml'), PROPERTIES_YAML);
  const client = await BenchLspClient.start({ name: 'server', args: [SERVER_JS, '--stdio'], cwd: root, pull: true, refresh }, root);
  try {
    const text = datasetYaml(50_000, seededRandom(1)).text;
    const uri = pathToFileURL(path.join(root, 'large.datasets.yaml')).toString();
    await client.open(uri, text);
    // Read whole: pulled until two answers a second apart agree and have more than the first slice's few.
    for (let last = -1; ; await new Promise((resolve) => setTimeout(resolve, 1_000))) {
      const count = (await client.pullDiagnostics(uri)).length;
      if (count === last && count > 100) break;
      last = count;
    }
    console.log(`opened: ${(await client.pullDiagnostics(uri)).length} diagnostics`);
    let document = TextDocument.create(uri, 'yaml', 1, text);
    const middle = text.indexOf('\n- id: ', text.length >> 1) + 1;
    const at = text.indexOf('  platform: ', middle) + 6;
    for (const [what, remove, insert] of [['split', 0, '\n'], ['undo', 1, '']] as const) {
      const range = { start: document.positionAt(at), end: document.positionAt(at + remove) };
      document = TextDocument.update(document, [{ range, text: insert }], document.version + 1);
      const start = nowMs();
      await client.edit(uri, range, insert);
      const log: string[] = [];
      for (let pulls = 0; pulls < 4; pulls++) {
        const refreshes = client.refreshRequests;
        const items = await client.pullDiagnostics(uri);
        log.push(`pull answered at ${(nowMs() - start).toFixed(0)} ms (${items.length})`);
        const came = await client.nextRefresh(refreshes, 1_500).then(() => true, () => false);
        if (!came) break;
        log.push(`refresh at ${(nowMs() - start).toFixed(0)} ms`);
      }
      console.log(`${what}: ${log.join(', ')}`);
    }
  } finally {
    await client.stop();
  }
}

main().catch((error) => { console.error(error); process.exitCode = 1; });
