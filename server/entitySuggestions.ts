import { autoCompleteEntities, type EntitySuggestion } from '../core/api/autoComplete';
import type { ServiceConnection } from '../core/api/http';
import { describeError } from '../core/errors/describeError';

const TTL_MS = 5 * 60_000;
const MAX_QUERIES = 200;

interface Entry {
  at: number;
  suggestions?: EntitySuggestion[];
  running?: Promise<void>;
}

/**
 * Entity URNs from the service's autoComplete, cached per query. Completion never waits: it takes
 * what is cached (or the answer of a shorter query) and learns whether a fetch is still running,
 * so it can mark its list incomplete and be asked again.
 */
export class EntitySuggestions {
  private readonly cache = new Map<string, Entry>();
  private connection: ServiceConnection | undefined;

  constructor(private readonly log: (message: string) => void) {}

  setConnection(connection: ServiceConnection | undefined): void {
    this.connection = connection;
    this.cache.clear();
  }

  /** What is known for `query` now, starting a fetch when nothing fresh is cached. */
  lookup(query: string): { suggestions: EntitySuggestion[]; pending: boolean } {
    const key = query.trim().toLowerCase();
    if (!this.connection || key.length < 2) return { suggestions: [], pending: false };
    const entry = this.cache.get(key);
    if (entry && Date.now() - entry.at < TTL_MS && (entry.suggestions || entry.running)) {
      return { suggestions: entry.suggestions ?? this.fromShorterQuery(key), pending: entry.running !== undefined };
    }
    this.start(key);
    return { suggestions: this.fromShorterQuery(key), pending: true };
  }

  /** Resolves when every running fetch is done (tests and the protocol layer's retries use it). */
  async settled(): Promise<void> {
    await Promise.all([...this.cache.values()].map((entry) => entry.running));
  }

  private fromShorterQuery(key: string): EntitySuggestion[] {
    for (let length = key.length - 1; length >= 2; length--) {
      const shorter = this.cache.get(key.slice(0, length))?.suggestions;
      if (shorter) return shorter;
    }
    return [];
  }

  private start(key: string): void {
    const connection = this.connection;
    if (!connection) return;
    if (this.cache.size >= MAX_QUERIES) this.cache.delete(this.cache.keys().next().value as string);
    const entry: Entry = { at: Date.now() };
    entry.running = autoCompleteEntities(connection, key, { limit: 30 })
      .then((suggestions) => {
        entry.suggestions = suggestions;
      })
      .catch((error: unknown) => {
        entry.suggestions = [];
        this.log(`Looking up entity names for completion failed: ${describeError(error)}`);
      })
      .finally(() => {
        entry.running = undefined;
      });
    this.cache.set(key, entry);
  }
}
