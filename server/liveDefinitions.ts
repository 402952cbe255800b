import { mkdir, readFile } from 'node:fs/promises';
import { writeFileSafely } from '../core/files/safeWrite';
import { join } from 'node:path';
import { listPropertyDefinitions, type ServicePropertyDefinition } from '../core/api/definitions';
import { isServiceError } from '../core/api/errors';
import type { ServiceConnection } from '../core/api/http';
import { definitionFromAspect } from '../core/definitions/fromAspect';
import type { PropertyDefinitionInfo } from '../core/definitions/types';
import type { CatalogReachability, DefinitionsSource } from '../core/protocol';
import { describeError } from '../core/errors/describeError';

const CACHE_FILE = 'definitions-cache.json';
const CACHE_VERSION = 1;

interface CacheEntry {
  fetchedAt: number;
  definitions: ServicePropertyDefinition[];
}

/** The cache file: one entry per service URL, so switching services never mixes definitions. No token. */
interface CacheFile {
  version: number;
  services: Record<string, CacheEntry>;
}

export interface LiveDefinitionsEvents {
  /** the set of service definitions changed (diagnostics must be recomputed) */
  onDefinitionsChanged(): void;
  /** state, source, refreshing or last error changed */
  onStatusChanged(): void;
  log(message: string): void;
}

/**
 * The structured-property definitions of the service: fetched in the background, kept in memory,
 * written to a cache file, and served from that cache while the service cannot be reached. No
 * caller ever waits for the network: readers take `definitions` as it is now.
 */
export class LiveDefinitions {
  definitions: ReadonlyMap<string, PropertyDefinitionInfo> = new Map();
  source: DefinitionsSource = 'none';
  state: CatalogReachability = 'offline';
  fetchedAt: number | undefined;
  lastError: string | undefined;
  private connection: ServiceConnection | undefined;
  private running: Promise<void> | undefined;
  private runningFor: ServiceConnection | undefined;
  private fingerprint = '';
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly storagePath: string | undefined,
    private readonly events: LiveDefinitionsEvents,
  ) {}

  get refreshing(): boolean {
    return this.running !== undefined;
  }

  get url(): string | undefined {
    return this.connection?.url;
  }

  get currentConnection(): ServiceConnection | undefined {
    return this.connection;
  }

  /** Switches service (or goes offline with undefined), loads that service's cache, then refreshes. */
  async setConnection(connection: ServiceConnection | undefined): Promise<void> {
    const same = connection?.url === this.connection?.url && connection?.token === this.connection?.token;
    if (same && this.state !== 'offline') return this.refresh();
    this.connection = connection;
    this.lastError = undefined;
    if (!connection) {
      this.state = 'offline';
      this.apply([], 'none', undefined);
      this.events.onStatusChanged();
      return;
    }
    this.state = 'connecting';
    const cached = await this.readCache(connection.url);
    if (cached && this.connection === connection) this.apply(cached.definitions, 'cache', cached.fetchedAt);
    else this.apply([], 'none', undefined);
    this.events.onStatusChanged();
    return this.refresh();
  }

  /** Fetches now; concurrent calls share one fetch. Resolves when it is done (success or not). */
  refresh(): Promise<void> {
    if (!this.connection) return Promise.resolve();
    // A fetch for a previous connection is left to finish; its answer is ignored.
    if (this.running && this.runningFor === this.connection) return this.running;
    const connection = this.connection;
    const running = this.fetch(connection).finally(() => {
      if (this.running === running) {
        this.running = undefined;
        this.runningFor = undefined;
      }
      this.events.onStatusChanged();
    });
    this.running = running;
    this.runningFor = connection;
    this.events.onStatusChanged();
    return this.running;
  }

  /** Refreshes every `seconds` (0 or less: never). */
  startTimer(seconds: number): void {
    this.stopTimer();
    if (seconds <= 0) return;
    this.timer = setInterval(() => void this.refresh(), seconds * 1000);
    this.timer.unref();
  }

  stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private async fetch(connection: ServiceConnection): Promise<void> {
    try {
      const fetched = await listPropertyDefinitions(connection);
      if (this.connection !== connection) return;
      const fetchedAt = Date.now();
      this.state = 'connected';
      this.lastError = undefined;
      this.apply(fetched, 'live', fetchedAt);
      this.events.log(`Fetched ${fetched.length} property definition(s) from ${connection.url}.`);
      await this.writeCache(connection.url, { fetchedAt, definitions: fetched });
    } catch (error) {
      if (this.connection !== connection) return;
      const message = isServiceError(error) ? error.message : `Fetching definitions from ${connection.url} failed: ${describeError(error)}`;
      const kind = isServiceError(error) ? error.kind : 'unreachable';
      this.state = kind === 'unauthorized' || kind === 'forbidden' ? 'unauthorized' : 'unreachable';
      this.lastError = message;
      // What was fetched last is exactly what the cache file holds: say it is no longer live.
      if (this.source === 'live') this.source = 'cache';
      this.events.log(message);
    }
  }

  private apply(raw: ServicePropertyDefinition[], source: DefinitionsSource, fetchedAt: number | undefined): void {
    this.source = source;
    this.fetchedAt = fetchedAt;
    const url = this.connection?.url ?? '';
    const map = new Map<string, PropertyDefinitionInfo>();
    for (const item of raw) {
      const info = definitionFromAspect({ urn: item.urn, aspect: item.aspect, removed: item.removed, origin: { kind: 'service', url, fetchedAt: fetchedAt ?? 0 } });
      if (info) map.set(info.urn, info);
    }
    this.definitions = map;
    // The fetch time is not part of the fingerprint: an unchanged answer must not trigger a refresh.
    const fingerprint = JSON.stringify(raw.map((item) => [item.urn, item.removed, item.aspect]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
    if (fingerprint !== this.fingerprint) {
      this.fingerprint = fingerprint;
      this.events.onDefinitionsChanged();
    }
  }

  private async readCache(url: string): Promise<CacheEntry | undefined> {
    if (!this.storagePath) return undefined;
    try {
      const parsed = JSON.parse(await readFile(join(this.storagePath, CACHE_FILE), 'utf8')) as CacheFile;
      if (parsed.version !== CACHE_VERSION) return undefined;
      const entry = parsed.services?.[url];
      return entry && Array.isArray(entry.definitions) ? entry : undefined;
    } catch {
      return undefined;
    }
  }

  private async writeCache(url: string, entry: CacheEntry): Promise<void> {
    if (!this.storagePath) return;
    const file = join(this.storagePath, CACHE_FILE);
    try {
      let existing: CacheFile = { version: CACHE_VERSION, services: {} };
      try {
        const parsed = JSON.parse(await readFile(file, 'utf8')) as CacheFile;
        if (parsed.version === CACHE_VERSION && parsed.services) existing = parsed;
      } catch {
        // no cache yet, or unreadable: start a new one
      }
      existing.services[url] = entry;
      await mkdir(this.storagePath, { recursive: true });
      // Never through a link (core/files/safeWrite): a temporary file of its own, renamed over the cache.
      writeFileSafely(file, JSON.stringify(existing), { mode: 0o600 });
    } catch (error) {
      this.events.log(`Could not write the definitions cache ${file}: ${describeError(error)}. Definitions still work; they will not survive a restart while the service is down.`);
    }
  }
}
