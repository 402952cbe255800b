import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { resolveAspectName } from '../../service/writes/aspectRegistry';
import { corpusCases, corpusText } from '../unit/corpus/datahubCorpus';
import { startTestService, type TestService } from './helpers';

/**
 * The local catalog accepts what DataHub accepts (test/fixtures/datahub-corpus/accepted): every
 * proposal of the accepted MCP files, for the entity types and aspects the local catalog keeps, is
 * ingested with 200. The one rule it keeps beyond DataHub (column lineage must agree with dataset
 * lineage) is not exercised by these files. The upstream datasets a lineage aspect names are written
 * first: the spec (§1) requires both entities of an edge to exist, which DataHub does not check.
 */
interface Proposal {
  entityType: string;
  entityUrn: string;
  changeType: string;
  aspectName: string;
  aspect?: { json?: unknown; value?: string; contentType?: string };
}

function proposalsOf(file: string): Proposal[] {
  const parsed = JSON.parse(corpusText(file)) as unknown;
  const items = Array.isArray(parsed) ? parsed : [parsed];
  return (items as Record<string, unknown>[]).filter((item) => typeof item.entityUrn === 'string' && typeof item.aspectName === 'string') as unknown as Proposal[];
}

/** Accepted by DataHub, refused by the local catalog because the seed's spec decides otherwise (docs/diagnostics.md). */
const SPEC_DECIDES: Record<string, string> = {
  'accepted/mcp-definition-qualified-name-differs.json': "spec §2.6: a definition's qualifiedName equals the suffix of its URN",
};

/** Every `dataset` an aspect value (or a patch's operations) names: the upstreams of upstreamLineage. */
function datasetsNamed(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(datasetsNamed);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => (key === 'dataset' && typeof item === 'string' ? [item] : datasetsNamed(item)));
}

/** Definitions first, so values and patches can name them. */
const rank = (p: Proposal) => (p.aspectName === 'dataTypeInfo' ? 0 : p.aspectName === 'propertyDefinition' ? 1 : 2);

describe('the local catalog ingests the shapes DataHub accepts', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());

  const proposals = corpusCases()
    .filter((c) => c.verdict === 'accepted' && c.file.endsWith('.json') && !(c.file in SPEC_DECIDES))
    .flatMap((c) => proposalsOf(c.file).map((proposal) => ({ file: c.file, proposal })))
    .filter(({ proposal }) => resolveAspectName(proposal.entityType, proposal.aspectName) !== undefined)
    .sort((a, b) => rank(a.proposal) - rank(b.proposal));

  it('finds proposals to send', () => {
    assert.ok(proposals.length >= 20, `${proposals.length} proposals`);
  });

  for (const { file, proposal } of proposals) {
    it(`${file}: ${proposal.changeType} ${proposal.aspectName} of ${proposal.entityUrn.slice(0, 80)}`, async () => {
      const isPatch = proposal.changeType === 'PATCH';
      const value = proposal.aspect?.value ?? (proposal.aspect?.json === undefined ? undefined : JSON.stringify(proposal.aspect.json));
      const body = {
        proposal: {
          entityType: proposal.entityType,
          entityUrn: proposal.entityUrn,
          changeType: proposal.changeType,
          aspectName: proposal.aspectName,
          ...(value === undefined ? {} : { aspect: { value, contentType: isPatch ? 'application/json-patch+json' : 'application/json' } }),
        },
        async: 'false',
      };
      if (proposal.aspectName === 'upstreamLineage' && value !== undefined) {
        for (const upstream of datasetsNamed(JSON.parse(value) as unknown)) {
          const created = await svc.call('POST', `/openapi/v2/entity/dataset/${encodeURIComponent(upstream)}/status`, { body: { removed: false } });
          assert.equal(created.status, 200, `the upstream ${upstream} is created first: ${created.text}`);
        }
      }
      const reply = await svc.call('POST', '/aspects?action=ingestProposal', { body, headers: { 'X-RestLi-Protocol-Version': '2.0.0' } });
      assert.equal(reply.status, 200, reply.text);
    });
  }
});
