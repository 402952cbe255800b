import type { EntityExistenceView, PropertyDefinitionInfo } from '../../core/definitions/types';
import type { DocumentModel } from '../../core/model/facts';
import type { ServiceTarget } from '../../core/rules/target';
import { targetLine } from '../../core/api/targetDescription';
import { describeError } from '../../core/errors/describeError';
import { fetchServiceVersion } from '../../core/api/serviceVersion';
import { announceTarget, announced, connectionTo } from '../connection';
import { exitWith, proceed, type OrExit } from '../exit';
import type { CliIo } from '../io';
import { serviceDefinitions, serviceExistence } from './validationContext';

/**
 * What `validate --service URL` asks the catalog service before it judges the files: its live
 * property definitions, which entities of the files' lineage edges exist, what it is, and the
 * DataHub version it reports. A module of its own so that validate's own bundle
 * (dist/cli-validate.js, validateMain.ts) leaves it and the GraphQL client out: a run with
 * --service is handed to the whole CLI's bundle, which has them.
 */

/** What the service told, for the rules. */
export interface ServiceAnswers {
  live: Map<string, PropertyDefinitionInfo>;
  entities: EntityExistenceView;
  target: ServiceTarget;
  /** asks the DataHub version the service reports on /config (for `--datahub-version auto`) */
  version(): Promise<string | undefined>;
}

/**
 * Connects to `url` (token from CATALOG_TOKEN, or the local catalog's token file for a URL on this
 * machine), prints the target line, and asks the service what the rules need. `exit` is the exit
 * code of a problem already told on stderr: 2 for a connection that cannot be made as given (a URL
 * that is not http(s), a malformed CATALOG_TIMEOUT_SECONDS), 1 when the service does not answer what was asked.
 */
export async function askService(url: string, chosenTarget: ServiceTarget | undefined, models: readonly DocumentModel[], io: CliIo): Promise<OrExit<ServiceAnswers>> {
  // The token as every verb finds it: CATALOG_TOKEN, or the local catalog's token file for a loopback URL.
  const chosen = announced(connectionTo(url), io);
  if (!chosen.ok) return chosen;
  const connection = chosen.value;
  let target: ServiceTarget;
  if (chosenTarget === undefined) target = await announceTarget(connection, io);
  else {
    io.stderr(targetLine(chosenTarget, connection.url));
    target = chosenTarget;
  }
  try {
    const live = await serviceDefinitions(connection);
    const entities = await serviceExistence(connection, models);
    return proceed({ live, entities, target, version: () => fetchServiceVersion(connection) });
  } catch (error) {
    // The token is only ever a header; service errors never contain it. Exit 1, as plan, push, pull
    // and lineage exit when the service fails: 2 is a usage problem (docs/cli.md).
    io.stderr(`Cannot check against ${url}: ${describeError(error)}`);
    return exitWith(1);
  }
}
