import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { replayManifest, type ReplayCase } from '../unit/corpus/validatorReplay';
import { startTestService, type TestService } from './helpers';

/**
 * DataHub's validator test cases (test/fixtures/datahub-validator-replay) sent to the local catalog
 * over HTTP, as a push would: the definitions DataHub held before are written first, then the
 * case's proposals in one ingestProposalBatch. The local catalog's answer (200 or a refusal) must be
 * DataHub's verdict, except where the seed's spec or the local catalog's own rules decide: those
 * cases are listed below with the reason, and docs/diagnostics.md names them.
 *
 * DataHub's PropertyDefinitionValidatorTest writes its property as urn …:foo.bar with the qualified
 * name `prop3` throughout, which the seed's spec forbids (propertyDefinition: "qualifiedName …
 * equals the suffix of the property URN"). Where that is incidental to the case, the property's
 * URN is written as …:prop3 here so the case tests what DataHub's test tests; the one case about
 * the mismatch itself is listed as decided by the spec.
 */
const LOCAL_CATALOG_DIFFERS: Record<string, string> = {
  'pdv-no-previous': "the spec: a definition's qualifiedName equals the suffix of its URN",
  'spv-drop-missing-some': 'the local catalog refuses every value of a property it does not hold (its seed); DataHub 1.8 drops such a value with a warning (dropMissingPropertyValuesWithWarning)',
};

/** The case with DataHub's test URN …:foo.bar written as …:prop3 when the case names the qualified name prop3 (see above). */
function alignedWithSpec(replay: ReplayCase): ReplayCase {
  const text = JSON.stringify(replay);
  if (replay.id in LOCAL_CATALOG_DIFFERS || !text.includes('"qualifiedName":"prop3"')) return replay;
  return JSON.parse(text.replaceAll('urn:li:structuredProperty:foo.bar', 'urn:li:structuredProperty:prop3')) as ReplayCase;
}

const entityTypeOf = (urn: string): string => /^urn:li:([^:]+):/.exec(urn)?.[1] ?? 'dataset';
const proposal = (entityUrn: string, aspectName: string, value: unknown) => ({
  entityType: entityTypeOf(entityUrn),
  entityUrn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { value: JSON.stringify(value), contentType: 'application/json' },
});

async function localVerdict(svc: TestService, replay: ReplayCase): Promise<{ verdict: 'accepted' | 'rejected'; answer: string }> {
  for (const previous of replay.previous ?? []) {
    const before = [proposal(previous.urn, 'propertyDefinition', previous.aspect), ...(previous.removed ? [proposal(previous.urn, 'status', { removed: true })] : [])];
    const written = await svc.call('POST', '/aspects?action=ingestProposalBatch', { body: { proposals: before } });
    assert.equal(written.status, 200, `${replay.id}: the previous definition is stored (${written.text})`);
  }
  const reply = await svc.call('POST', '/aspects?action=ingestProposalBatch', { body: { proposals: replay.proposals.map((p) => proposal(p.entityUrn, p.aspectName, p.aspect)) } });
  return { verdict: reply.status === 200 ? 'accepted' : 'rejected', answer: `${reply.status} ${reply.text.slice(0, 400)}` };
}

describe("DataHub validator tests, replayed against the local catalog's HTTP answers", () => {
  const services: TestService[] = [];
  after(async () => {
    for (const svc of services) await svc.close();
  });
  const tally = { agree: 0, differ: [] as string[] };
  for (const replay of replayManifest().cases) {
    const differs = LOCAL_CATALOG_DIFFERS[replay.id];
    it(`${replay.datahubTest}: DataHub ${replay.verdict === 'accepted' ? 'accepts' : 'rejects'} (${replay.id})`, async () => {
      // A fresh catalog per case: the cases reuse DataHub's test URNs.
      const svc = await startTestService();
      services.push(svc);
      const { verdict, answer } = await localVerdict(svc, alignedWithSpec(replay));
      if (verdict === replay.verdict) tally.agree++;
      else tally.differ.push(replay.id);
      if (differs) assert.notEqual(verdict, replay.verdict, `${replay.id} is listed as differing (${differs}) but agrees now: take it off the list`);
      else assert.equal(verdict, replay.verdict, answer);
    });
  }
  it('reports the tally (REPLAY_REPORT=1)', () => {
    if (process.env.REPLAY_REPORT) console.log(`local catalog: agree ${tally.agree}, differ ${tally.differ.length} [${tally.differ.join(', ')}]`);
  });
});
