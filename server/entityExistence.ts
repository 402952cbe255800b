import { entitiesExist } from '../core/api/entities';
import { isServiceError } from '../core/api/errors';
import type { ServiceConnection } from '../core/api/http';
import type { EntityExistenceView } from '../core/definitions/types';

const TTL_MS = 60_000;
const DEBOUNCE_MS = 250;

interface Answer {
  exists: boolean;
  at: number;
}

/**
 * Which entities exist in the service, looked up in batches off the typing path: a rule asking
 * about an unknown URN gets `undefined` (the rule stays quiet) and the URN is queued; when the
 * answers arrive, `onAnswers` asks for diagnostics to be recomputed. Answers live for a minute.
 */
export class EntityExistence implements EntityExistenceView {
  private readonly answers = new Map<string, Answer>();
  private readonly queued = new Set<string>();
  private readonly inFlight = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private connection: ServiceConnection | undefined;
  private generation = 0;
  /** after a failed lookup, wait before asking again so a down service is not asked on every keystroke */
  private retryAfter = 0;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly onAnswers: () => void,
    private readonly log: (message: string) => void,
  ) {}

  /** A new service (or none) forgets every answer. */
  setConnection(connection: ServiceConnection | undefined): void {
    this.connection = connection;
    this.generation++;
    this.answers.clear();
    this.queued.clear();
    this.retryAfter = 0;
  }

  /**
   * The catalog was written (a push): answers about `urns` (all, when absent) are asked again. The
   * old answers stay the best guess until the new ones arrive, which re-check what read them.
   */
  forget(urns?: readonly string[]): void {
    const stale = urns ?? [...this.answers.keys()];
    for (const urn of stale) {
      const answer = this.answers.get(urn);
      if (answer) answer.at = 0;
    }
    this.retryAfter = 0;
    for (const urn of stale) if (this.answers.has(urn)) this.enqueue(urn);
  }

  exists(urn: string): boolean | undefined {
    const answer = this.answers.get(urn);
    const fresh = answer !== undefined && Date.now() - answer.at < TTL_MS;
    if (!fresh) this.enqueue(urn);
    // A stale answer is still the best guess while the new one is on its way.
    return answer?.exists;
  }

  /**
   * Asks for every queued URN now and resolves when the answers are in: a whole-workspace answer
   * (Validate Workspace) waits for them instead of leaving existence unknown.
   */
  async settle(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queued.size > 0) this.flushing = this.flush();
    await this.flushing;
  }

  /** Test and status hook: how many lookups are waiting or running. */
  get pending(): number {
    return this.queued.size + this.inFlight.size;
  }

  private enqueue(urn: string): void {
    if (!this.connection || this.inFlight.has(urn) || Date.now() < this.retryAfter) return;
    this.queued.add(urn);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flush();
    }, DEBOUNCE_MS);
  }

  private async flush(): Promise<void> {
    const connection = this.connection;
    if (!connection || this.queued.size === 0) return;
    const urns = [...this.queued];
    this.queued.clear();
    urns.forEach((urn) => this.inFlight.add(urn));
    const generation = this.generation;
    try {
      const answers = await entitiesExist(connection, urns);
      if (generation !== this.generation) return;
      let changed = false;
      const now = Date.now();
      for (const [urn, exists] of answers) {
        if (this.answers.get(urn)?.exists !== exists) changed = true;
        this.answers.set(urn, { exists, at: now });
      }
      if (changed) this.onAnswers();
    } catch (error) {
      this.retryAfter = Date.now() + 30_000;
      // Unknown stays unknown: existence rules stay quiet rather than guess.
      this.log(`Checking which entities exist failed: ${isServiceError(error) ? error.message : String(error)}`);
    } finally {
      urns.forEach((urn) => this.inFlight.delete(urn));
    }
  }
}
