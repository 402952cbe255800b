import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startService, type RunningService, type StartServiceOptions } from '../../service/main';

/** A fresh local catalog on 127.0.0.1, a free port and a temporary data directory. */

export const TEST_TOKEN = 'test-token-0123456789abcdef';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** the parsed body, or undefined when it is empty or not JSON */
  json: unknown;
}

export interface TestService {
  url: string;
  dataDir: string;
  service: RunningService;
  call(method: string, target: string, options?: { body?: unknown; raw?: string | Buffer; contentType?: string; token?: string | null; headers?: Record<string, string> }): Promise<Reply>;
  close(): Promise<void>;
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `catalog-${prefix}-`));
}

export async function startTestService(options: Partial<StartServiceOptions> = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? tempDir('svc');
  const service = await startService({ host: '127.0.0.1', port: 0, token: TEST_TOKEN, ...options, dataDir });
  const call: TestService['call'] = async (method, target, opts = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    let body: string | Buffer | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
    if (opts.token !== null && opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
    const response = await fetch(`${service.url}${target}`, { method, headers, body });
    const text = method === 'HEAD' ? '' : await response.text();
    let json: unknown;
    try {
      json = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };
  return {
    url: service.url,
    dataDir,
    service,
    call,
    async close() {
      await service.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const enc = encodeURIComponent;

export const datasetUrn = (name: string, platform = 'hive') => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
export const propertyUrn = (id: string) => `urn:li:structuredProperty:${id}`;

export function definition(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    qualifiedName: id,
    displayName: id,
    valueType: 'urn:li:dataType:service.string',
    cardinality: 'SINGLE',
    entityTypes: ['urn:li:entityType:service.dataset'],
    ...extra,
  };
}

export function definitionPath(id: string): string {
  return `/openapi/v2/entity/structuredProperty/${enc(propertyUrn(id))}/propertyDefinition`;
}

export function valuesPath(urn: string, type = 'dataset'): string {
  return `/openapi/v2/entity/${type}/${enc(urn)}/structuredProperties`;
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
