import { requestWrite, type ExpectedAnswer, type ServiceConnection } from './http';
import { RESTLI_PROTOCOL_HEADERS, wireProposal, type MetadataChangeProposal } from './pushClient';

/**
 * `POST /aspects?action=ingestProposalBatch` (DataHub's Rest.li AspectResource,
 * metadata-service/restli-servlet-impl/.../resources/entity/AspectResource.java; datahub-api.md
 * §6.1): `{"proposals": [...], "async": "false"}`. DataHub ingests the proposals as one batch
 * (the same `ingestProposals` path as the single action), so a 200 means every proposal was
 * validated and written, and a rejection means none was.
 */
export async function ingestProposalBatch(connection: ServiceConnection, proposals: readonly MetadataChangeProposal[]): Promise<void> {
  const body = { proposals: proposals.map(wireProposal), async: 'false' };
  await requestWrite(connection, { method: 'POST', path: '/aspects?action=ingestProposalBatch', body, headers: { ...RESTLI_PROTOCOL_HEADERS } }, BATCH_ANSWER);
}

/** The Rest.li action envelope `{"value": ...}`: DataHub's answers a string, the local catalog the list of URNs. */
const BATCH_ANSWER: ExpectedAnswer = {
  shape: '{"value": ...}',
  matches: (body) => !!body && typeof body === 'object' && !Array.isArray(body) && 'value' in body,
};
