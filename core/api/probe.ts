import { readAnswerText } from './answerBody';
import { DEFAULT_TIMEOUT_MS, authHeaders, baseUrl, type ServiceConnection } from './http';

/** What a probe got: no answer at all, an answer that is not 2xx, or a 2xx body (undefined when not JSON or too large). */
export type ProbeAnswer = { kind: 'unreachable' } | { kind: 'refused'; status: number } | { kind: 'answered'; body: unknown };

/**
 * One small GET a client sends to learn what a service is (`/health`, `/config`): never retried,
 * never redirected elsewhere, read to `maxBytes` at most, waiting as long as any request to the
 * service (connection.timeoutMs, else 10 s). `withToken` sends the connection's token, for a probe
 * a DataHub may guard behind sign-in.
 */
export async function probeJson(connection: ServiceConnection, path: string, maxBytes: number, withToken = false): Promise<ProbeAnswer> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl(connection)}${path}`, {
      headers: { accept: 'application/json', ...(withToken ? authHeaders(connection) : {}) },
      signal: AbortSignal.timeout(connection.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      redirect: 'manual',
    });
  } catch {
    return { kind: 'unreachable' };
  }
  if (!response.ok) return { kind: 'refused', status: response.status };
  try {
    return { kind: 'answered', body: JSON.parse(await readAnswerText(response, baseUrl(connection), `GET ${path}`, maxBytes)) as unknown };
  } catch {
    return { kind: 'answered', body: undefined };
  }
}
