import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { datasetYaml, lineageFile, PROPERTIES_YAML } from '../../support/generate/metadataFiles';
import { seededRandom } from '../../support/random';
import type { Step } from '../support/differential/actions';
import type { TestClient } from './lspClient';
import { CLIENT_KINDS, DifferentialServers, prepareWorkspace, startTwin } from './differentialHarness';

/**
 * The named regressions of issue 34, through the real server over stdio, each answer compared with
 * the same text opened fresh in a second server (./differentialHarness.ts):
 * - the phantom error: `[` or `{` typed at the start of an item's last value (YAML reports it on
 *   the next item's `-`) and deleted again, in dataset YAML, property definitions and a lineage
 *   file; a file opened with `[gold` given one backspace;
 * - the grown range: `"` typed in an earlier item and deleted without waiting, or two changes in
 *   one `didChange` in descending order (VS Code's multi-cursor typing), before a URN whose
 *   environment `prod` is marked — in a dataset's `downstreams` and a lineage file's
 *   `fineGrainedLineages` schemaField URNs.
 * For an editor that pulls and is asked to pull again, one that pulls and cannot be, and one only published to.
 */

const typed = (at: number, text: string): Step => ({ what: `${JSON.stringify(text)} typed at ${at}`, notifications: [[{ start: at, end: at, text }]] });
const deleted = (at: number): Step => ({ what: `the character at ${at} deleted`, notifications: [[{ start: at, end: at + 1, text: '' }]] });

/** The offset after `pattern`'s `nth` match (from the middle of the text on). */
function after_(text: string, pattern: RegExp): number {
  const matches = [...text.matchAll(pattern)];
  const match = matches[matches.length >> 1];
  return (match.index ?? 0) + match[0].length;
}

const DATASETS = datasetYaml(500, seededRandom(5)).text;
const LINEAGE = lineageFile(500, seededRandom(6)).text;
const DOWNSTREAMS = Array.from({ length: 20 }, (_, i) => `- id: t${i}\n  platform: hive\n  description: Table ${i}\n  downstreams:\n    - urn:li:dataset:(urn:li:dataPlatform:looker,x${i},prod)\n`).join('');
const FINE_GRAINED = `version: 1\nlineage:\n${Array.from(
  { length: 20 },
  (_, i) =>
    `  - entity:\n      name: t${i}\n      type: dataset\n      platform: hive\n      description: Table ${i}\n    fineGrainedLineages:\n      - upstreams:\n          - urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,u${i},prod),id)\n        downstreams:\n          - urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,t${i},prod),id)\n`,
).join('')}`;

interface Case {
  title: string;
  name: string;
  text: string;
  steps: Step[];
}

function phantomCases(): Case[] {
  const cases: Case[] = [];
  for (const [label, name, text, pattern] of [
    ['dataset YAML', 'datasets.yaml', DATASETS, /^ {10}io\.bench\.pii: /gm],
    ['property definitions', 'properties.yaml', PROPERTIES_YAML, /^ {4}- value: /gm],
    ['lineage file', 'lineage.yml', LINEAGE, /^ {10}platform: /gm],
  ] as const) {
    const at = after_(text, pattern);
    for (const bracket of ['[', '{']) cases.push({ title: `phantom error: ${label}, \`${bracket}\` typed on an item's last line and deleted`, name, text, steps: [typed(at, bracket), deleted(at)] });
  }
  const at = after_(DATASETS, /^ {4}io\.bench\.tier: /gm);
  cases.push({ title: 'phantom error: dataset YAML opened with `[gold`, one backspace', name: 'datasets.yaml', text: `${DATASETS.slice(0, at)}[${DATASETS.slice(at)}`, steps: [deleted(at)] });
  return cases;
}

function grownRangeCases(): Case[] {
  const cases: Case[] = [];
  for (const [label, name, text] of [
    ['dataset downstreams', 'datasets.yaml', DOWNSTREAMS],
    ['lineage fineGrainedLineages', 'lineage.yml', FINE_GRAINED],
  ] as const) {
    const early = text.indexOf('Table 3');
    const late = text.indexOf('Table 9');
    cases.push({ title: `grown range: ${label}, \`"\` typed and deleted without waiting`, name, text, steps: [{ what: '`"` typed, then deleted', notifications: [[{ start: early, end: early, text: '"' }], [{ start: early, end: early + 1, text: '' }]] }] });
    cases.push({
      title: `grown range: ${label}, two changes in one didChange in descending order`,
      name,
      text,
      steps: [
        { what: '`"` at two cursors', notifications: [[{ start: late, end: late, text: '"' }, { start: early, end: early, text: '"' }]] },
        { what: 'both deleted', notifications: [[{ start: late + 1, end: late + 2, text: '' }, { start: early, end: early + 1, text: '' }]] },
      ],
    });
  }
  return cases;
}

describe('edits answer as a fresh open (issue 34 regressions)', () => {
  let workspace: string;
  let twin: TestClient;
  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-edit-regressions-'));
    prepareWorkspace(workspace);
    twin = await startTwin(workspace);
  });
  after(async () => {
    await twin?.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  for (const kind of CLIENT_KINDS) {
    it(`${kind}: phantom errors and grown ranges`, async () => {
      const servers = await DifferentialServers.start(workspace, kind, twin);
      try {
        for (const { title, name, text, steps } of [...phantomCases(), ...grownRangeCases()]) {
          const difference = await servers.run(name, 'yaml', text, steps);
          assert.equal(difference, undefined, `${title}: ${JSON.stringify(difference)}`);
        }
        assert.deepEqual(servers.restDifferences(), []);
      } finally {
        await servers.stop();
      }
    });
  }
});
