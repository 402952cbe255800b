import type { PushFileVerdict } from '../core/plan/pushVerdicts';
import type { TypeNamespace } from '../core/urn';
import type { LoadedWorkspace } from './documents';
import type { CliIo } from './io';
import type { FileDiagnostic } from './report';

/**
 * `--type-namespace` of push and plan: undefined when not given (the service's identity decides,
 * core/api/serviceTarget.ts), null after telling a wrong value.
 */
export function parseTypeNamespace(value: string | undefined, io: CliIo): TypeNamespace | undefined | null {
  if (value === undefined || value === 'service' || value === 'datahub') return value;
  io.stderr(`Unknown --type-namespace '${value}'; use datahub (a DataHub deployment) or service (the local catalog), or leave it out to use the one the service uses.`);
  return null;
}

/** The errors of the push's verdicts as the CLI reports them, each under the path the user gave. */
export function verdictDiagnostics(files: readonly PushFileVerdict[], workspace: LoadedWorkspace): FileDiagnostic[] {
  const paths = new Map(workspace.documents.map((document) => [document.uri, document.file]));
  return files.flatMap((file) => file.errors.map((error) => ({ file: paths.get(file.uri) ?? file.uri, range: error.range, severity: 'error' as const, code: error.code, message: error.message })));
}
