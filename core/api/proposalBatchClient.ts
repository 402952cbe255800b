import { requestJson, type ServiceConnection } from './http';
import { wireProposal, type MetadataChangeProposal } from './pushClient';

/**
 * `POST /aspects?action=ingestProposalBatch` (DataHub's Rest.li AspectResource,
 * metadata-service/restli-servlet-impl/.../resources/entity/AspectResource.java; datahub-api.md
 * §6.1): `{"proposals": [...], "async": "false"}`. DataHub ingests the proposals as one batch
 * (the same `ingestProposals` path as the single action), so a 200 means every proposal was
 * validated and written, and a rejection means none was.
 */
export async function ingestProposalBatch(connection: ServiceConnection, proposals: readonly MetadataChangeProposal[]): Promise<void> {
  const body = { proposals: proposals.map(wireProposal), async: 'false' };
  await requestJson(connection, { method: 'POST', path: '/aspects?action=ingestProposalBatch', body });
}
