import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMPTY_DEFINITIONS, UNKNOWN_EXISTENCE } from '../../../core/definitions/types';
import type { DocumentModel } from '../../../core/model/facts';
import { lineageFileShape } from '../../../core/rules/lineageFileShape';
import { rangesOf, runRule } from './fixture';

const LINEAGE = 'file:///repo/lineage.yml';

describe('lineageFileShape', () => {
  it('rejects a version other than 1', () => {
    const run = runRule(lineageFileShape, LINEAGE, `version: ⟦2⟧\nlineage:\n  - entity: {name: a, type: dataset, platform: hive}\n`);
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.equal(run.diagnostics[0].code, 'lineage.version');
    assert.deepEqual(run.diagnostics[0].data?.candidates, ['1']);
    for (const ok of ['1', '"1"']) assert.deepEqual(runRule(lineageFileShape, LINEAGE, `version: ${ok}\nlineage:\n  - entity: {name: a, type: dataset, platform: hive}\n`).diagnostics, []);
  });

  it('rejects a name written as a URN, offering the plain name', () => {
    const run = runRule(
      lineageFileShape,
      LINEAGE,
      `version: 1
lineage:
  - entity:
      name: ⟦urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,DEV)⟧
      type: dataset
      platform: hive
`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    const [d] = run.diagnostics;
    assert.equal(d.code, 'lineage.nameIsUrn');
    assert.equal(d.severity, 'error');
    assert.deepEqual(d.data, { platform: 'hive', env: 'DEV', candidates: ['db.orders'] });
    assert.match(d.message, /Write name: db\.orders, platform: hive, env: DEV/);
  });

  it('warns that nested upstreams and fineGrainedLineages on upstream nodes are ignored', () => {
    const run = runRule(
      lineageFileShape,
      LINEAGE,
      `version: 1
lineage:
  - entity: {name: c, type: dataset, platform: hive}
    upstream:
      - entity: {name: b, type: dataset, platform: hive}
        upstream:
          - entity: {name: ⟦a⟧, type: dataset, platform: hive}
        fineGrainedLineages:
          - ⟦upstreams: [urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD),x)]
            downstreams: [urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD),x)]⟧
`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.ok(run.diagnostics.every((d) => d.code === 'lineage.nestedIgnored' && d.severity === 'warning'));
    assert.match(run.diagnostics[0].message, /upstream of an upstream is ignored/);
    assert.match(run.diagnostics[1].message, /Move it to a top-level entry/);
  });

  it('leaves a non-dataset type to the enum rule when the adapter records it, and reports it otherwise', () => {
    const viaAdapter = runRule(lineageFileShape, LINEAGE, `version: 1\nlineage:\n  - entity: {name: a, type: chart, platform: looker}\n`);
    assert.deepEqual(viaAdapter.diagnostics, [], 'format.enumValue reports it');
    const model: DocumentModel = {
      uri: LINEAGE,
      format: 'lineageFile',
      detectedBy: 'content',
      parseProblems: [],
      facts: [
        {
          kind: 'entityDeclaration',
          urn: { value: 'urn:li:dataset:(urn:li:dataPlatform:looker,a,PROD)', range: { start: 10, end: 11 } },
          fields: { type: { value: 'chart', range: { start: 20, end: 25 } } },
          depth: 0,
          origin: 'lineageFile',
          range: { start: 0, end: 40 },
        },
      ],
    };
    const [d] = lineageFileShape.run({ model, text: ' '.repeat(40), definitions: EMPTY_DEFINITIONS, entities: UNKNOWN_EXISTENCE });
    assert.equal(d.code, 'lineage.entityType');
    assert.deepEqual(d.range, { start: 20, end: 25 });
    assert.deepEqual(d.data?.candidates, ['dataset']);
  });

  it('leaves a version or type holding an environment variable to DataHub, which expands it before it validates', () => {
    const run = runRule(lineageFileShape, LINEAGE, `version: "\${LINEAGE_VERSION}"\nlineage:\n  - entity: {name: a, type: $ENTITY_TYPE, platform: hive}\n    upstream:\n      - entity: {name: b, type: dataset, platform: hive}\n`);
    assert.deepEqual(run.diagnostics, []);
  });

  it('warns that the column lineage of an entry without upstreams is never written, naming the datasets to add', () => {
    const field = (name: string, column: string) => `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD),${column})`;
    const run = runRule(
      lineageFileShape,
      LINEAGE,
      `version: 1
lineage:
  - entity: {name: t1, type: dataset, platform: hive}
    fineGrainedLineages:
      - ⟦upstreams: ["${field('t0', 'a')}", "${field('s0', 'a')}"]
        downstreams: ["${field('t1', 'a')}"]⟧
  - entity: {name: t2, type: dataset, platform: hive}
    upstream: []
    fineGrainedLineages:
      - ⟦upstreams: ["${field('t2', 'a')}"]
        downstreams: ["${field('t2', 'b')}"]⟧
  - entity: {name: t3, type: dataset, platform: hive}
    upstream:
      - entity: {name: t0, type: dataset, platform: hive}
    fineGrainedLineages:
      - upstreams: ["${field('t0', 'a')}"]
        downstreams: ["${field('t3', 'a')}"]
`,
    );
    assert.deepEqual(rangesOf(run.diagnostics), run.ranges);
    assert.ok(run.diagnostics.every((d) => d.code === 'lineage.noUpstream' && d.severity === 'warning'));
    const [outside, self] = run.diagnostics;
    assert.match(outside.message, /This column lineage of t1 \(hive, PROD\) is never written: its lineage entry has no upstream, and the DataHub lineage source skips such an entry/);
    assert.match(outside.message, /Add t0 \(hive, PROD\); s0 \(hive, PROD\) under `upstream:` of this entry\.$/);
    assert.deepEqual(outside.data?.missingUpstreams, ['urn:li:dataset:(urn:li:dataPlatform:hive,t0,PROD)', 'urn:li:dataset:(urn:li:dataPlatform:hive,s0,PROD)']);
    assert.match(self.message, /write this column lineage in an upstreamLineage aspect/);
  });
});
