import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { seededRandom } from '../../support/random';
import { applyStep, randomStep, type Step } from '../support/differential/actions';
import { FILE_NAMES, FORMATS, generateDocument, type DocumentFormat } from '../support/differential/documents';
import { CLIENT_KINDS, DifferentialServers, prepareWorkspace, startTwin, type ClientKind } from '../protocol/differentialHarness';
import { describeCounterexample, shrink } from '../protocol/differentialShrink';
import type { TestClient } from '../protocol/lspClient';

/**
 * The differential test of issue 34: a generated document of each format (property definitions,
 * dataset YAML, lineage file, MCP JSON; 200–3,000 lines) edited through the real server by random
 * realistic steps (characters typed one at a time, backspaces, split keys, joined lines, pasted
 * blocks, range deletes, indent/outdent, multi-cursor changes in descending order, undos of the
 * last steps, the first and last line), its diagnostics compared after every step with the same
 * text opened fresh — for an editor that pulls and is asked to pull again, one that pulls and
 * cannot be, and one only published to. A difference is shrunk to the smallest case found and
 * printed. Fixed seeds (CATALOG_DIFFERENTIAL_SEED replays one, `random` picks new ones).
 *
 * The default run is modest (CI runs it on 2 cores beside everything else): CATALOG_DIFFERENTIAL_STEPS
 * steps per document. The long mode, CATALOG_DIFFERENTIAL_MINUTES=30, runs new seeds until the
 * time is up and prints how many steps ran (docs/performance.md, `npm run fuzz -- differential`).
 */
const STEPS = Number(process.env.CATALOG_DIFFERENTIAL_STEPS ?? 20);
const MINUTES = Number(process.env.CATALOG_DIFFERENTIAL_MINUTES ?? 0);
const SEED_SETTING = process.env.CATALOG_DIFFERENTIAL_SEED;
const BASE_SEED = SEED_SETTING === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(SEED_SETTING ?? 3434);

function caseOf(format: DocumentFormat, seed: number, steps: number): { text: string; steps: Step[]; lines: number } {
  const random = seededRandom(seed);
  const lines = 200 + random.int(2_801);
  const text = generateDocument(format, lines, random);
  const history: { before: string; step: Step }[] = [];
  let current = text;
  for (let i = 0; i < steps; i++) {
    const step = randomStep(current, random, history);
    history.push({ before: current, step });
    current = applyStep(current, step);
  }
  return { text, steps: history.map(({ step }) => step), lines };
}

async function runCase(servers: DifferentialServers, kind: ClientKind, format: DocumentFormat, seed: number, steps: number): Promise<number> {
  const generated = caseOf(format, seed, steps);
  const name = FILE_NAMES[format];
  const languageId = format === 'mcpJson' ? 'json' : 'yaml';
  const difference = await servers.run(name, languageId, generated.text, generated.steps);
  if (difference) {
    const minimal = await shrink(servers, { name, languageId, text: generated.text, steps: generated.steps, difference });
    assert.fail(describeCounterexample(minimal, `${kind}, ${format}, CATALOG_DIFFERENTIAL_SEED=${seed}, ${generated.lines} lines generated`));
  }
  return difference ? 0 : steps;
}

describe('every answer after an edit is the answer a fresh open gives (differential)', () => {
  let workspace: string;
  let twin: TestClient;
  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-differential-'));
    prepareWorkspace(workspace);
    twin = await startTwin(workspace);
    console.log(`differential: CATALOG_DIFFERENTIAL_SEED=${BASE_SEED}, ${STEPS} steps per document${MINUTES > 0 ? `, ${MINUTES} minutes` : ''}`);
  });
  after(async () => {
    await twin?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  for (const kind of CLIENT_KINDS) {
    it(`${kind}: every format, random edit sequences`, async () => {
      const servers = await DifferentialServers.start(workspace, kind, twin);
      try {
        let ran = 0;
        const deadline = Date.now() + MINUTES * 60_000 / CLIENT_KINDS.length;
        let round = 0;
        do {
          for (const [index, format] of FORMATS.entries()) {
            try {
              ran += await runCase(servers, kind, format, BASE_SEED + round * 1_000 + index, STEPS);
            } catch (error) {
              console.log(`differential (${kind}): ${ran} steps without a difference before this counterexample`);
              throw error;
            }
          }
          round++;
        } while (Date.now() < deadline);
        assert.deepEqual(servers.restDifferences(), [], 'the server found no difference between its analysis and a fresh one at rest');
        console.log(`differential (${kind}): ${ran} steps in ${round} round(s) of ${FORMATS.length} documents, no difference`);
      } finally {
        await servers.stop();
      }
    });
  }
});
