import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { resolveAspectName } from '../../service/writes/aspectRegistry';
import { corpusCases, corpusText } from '../unit/corpus/datahubCorpus';
import { startTestService, type TestService } from './helpers';

/**
 * The local catalog accepts what DataHub accepts (test/fixtures/datahub-corpus/accepted): every
 * proposal of the accepted MCP files, for the entity types and aspects the local catalog keeps, is
 * ingested with 200. The one rule it keeps beyond DataHub (column lineage must agree with dataset
 * lineage) is not exercised by these files.
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
      const reply = await svc.call('POST', '/aspects?action=ingestProposal', { body, headers: { 'X-RestLi-Protocol-Version': '2.0.0' } });
      assert.equal(reply.status, 200, reply.text);
    });
  }
});
