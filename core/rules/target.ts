/**
 * The service a workspace writes to, as plain data handed to the rules (the server and the CLI
 * know the connection; core/ never probes it). A rule whose authority is the local catalog
 * (core/diagnostics/policy.ts) is an error only when the target is the local catalog.
 *
 * - `localCatalog`: Catalog Code's own service (`catalog-code serve`, the editor's local catalog)
 * - `datahub`: any other service at a URL (a DataHub GMS)
 * - `offline`: no service; messages say what DataHub does
 */
export type ServiceTarget = 'localCatalog' | 'datahub' | 'offline';

export const SERVICE_TARGETS: readonly ServiceTarget[] = ['localCatalog', 'datahub', 'offline'];
