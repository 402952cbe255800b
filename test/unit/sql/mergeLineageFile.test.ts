import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { mergeIntoLineageFile } from '../../../core/sql/mergeLineageFile';
import type { LineageFileEntry } from '../../../core/sql/lineageFragment';

const field = (table: string, column: string) => `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:snowflake,${table},PROD),${column})`;
const entity = (name: string) => ({ name, type: 'dataset' as const, platform: 'snowflake' });
const edge = (from: string[], to: string) => ({ upstreamType: 'FIELD_SET' as const, upstreams: from, downstreamType: 'FIELD' as const, downstreams: [to] });

const FROM_SQL: LineageFileEntry = {
  entity: entity('mart.v'),
  upstream: [{ entity: entity('raw.a') }, { entity: entity('raw.b') }],
  fineGrainedLineages: [edge([field('raw.a', 'id')], field('mart.v', 'id')), edge([field('raw.b', 'x')], field('mart.v', 'total'))],
};

describe('writing SQL lineage into a lineage file', () => {
  it('starts a new file', () => {
    const merged = mergeIntoLineageFile(undefined, [FROM_SQL]);
    const file = parse(merged.text) as { version: number; lineage: LineageFileEntry[] };
    assert.equal(file.version, 1);
    assert.deepEqual(file.lineage, [FROM_SQL]);
    assert.deepEqual([merged.addedEntries, merged.addedEdges, merged.addedUpstreams], [1, 2, 2]);
  });

  it('keeps the hand-written edge of an output column, its comments, and adds what is missing', () => {
    const text = `version: 1
lineage:
  # the view, written by hand
  - entity: {name: mart.v, type: dataset, platform: snowflake}
    upstream:
      - entity: {name: raw.a, type: dataset, platform: snowflake}
    fineGrainedLineages:
      - upstreamType: FIELD_SET
        upstreams: ["${field('raw.a', 'legacy_id')}"] # on purpose
        downstreamType: FIELD
        downstreams: ["${field('mart.v', 'id')}"]
  - entity: {name: other, type: dataset, platform: snowflake}
`;
    const merged = mergeIntoLineageFile(text, [FROM_SQL]);
    assert.match(merged.text, /# the view, written by hand/);
    assert.match(merged.text, /# on purpose/);
    const file = parse(merged.text) as { lineage: LineageFileEntry[] };
    const view = file.lineage[0];
    assert.deepEqual(view?.upstream.map((item) => item.entity.name), ['raw.a', 'raw.b']);
    assert.deepEqual(view?.fineGrainedLineages.map((item) => item.upstreams[0]), [field('raw.a', 'legacy_id'), field('raw.b', 'x')]);
    assert.equal(file.lineage[1]?.entity.name, 'other');
    assert.deepEqual([merged.addedEntries, merged.addedEdges, merged.keptEdges, merged.addedUpstreams], [0, 1, 1, 1]);
  });

  it('refuses a file that is not a lineage file, saying why', () => {
    assert.throws(() => mergeIntoLineageFile('lineage: {a: 1}\n', [FROM_SQL]), /`lineage:` is not a list/);
    assert.throws(() => mergeIntoLineageFile('lineage: [\n', [FROM_SQL]), /not valid YAML/);
  });
});
