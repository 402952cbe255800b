import { LEGACY_TOKEN_KEY, decideToken, legacyBindingOrigin, originOf, tokenKeyOf, type ServiceUrl, type TokenWithheld } from './tokenBinding';

/**
 * Finds the token for one service URL: moves the old unbound token where it belongs, decides
 * with `decideToken`, asks when it must and remembers the answer. No VS Code dependency: the
 * extension passes SecretStorage, workspaceState and a modal dialog as ports, tests pass their own.
 */

export interface SecretPort {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
}

/** A list of strings kept per workspace (`ExtensionContext.workspaceState`). */
export interface WorkspaceMemory {
  get(key: string): readonly string[] | undefined;
  update(key: string, value: readonly string[]): PromiseLike<void>;
}

export interface TokenQuestion {
  /** the origin the workspace's settings point at, whose token would be sent */
  origin: string;
  /** the origin of the user's own `catalogCode.service.url`, if any */
  userOrigin: string | undefined;
  /** the token is the old one that is bound to no origin yet */
  legacy: boolean;
}

/** `once`: for this session; `always`: remembered for this workspace; `no`: connect without a token. */
export type TokenAnswer = 'once' | 'always' | 'no';

export interface TokenPorts {
  secrets: SecretPort;
  memory: WorkspaceMemory;
  isTrusted(): boolean;
  ask(question: TokenQuestion): Promise<TokenAnswer>;
  log(line: string): void;
}

export type TokenOutcome = { token: string; origin: string } | { token: null; withheld: TokenWithheld };

const APPROVED_KEY = 'catalogCode.tokenApprovedOrigins';

export class TokenBroker {
  private readonly sessionApproved = new Set<string>();
  private readonly declined = new Set<string>();
  /** one question per origin at a time, however many reconnects wait for it */
  private readonly questions = new Map<string, Promise<TokenAnswer>>();

  constructor(private readonly ports: TokenPorts) {}

  /** The token to send to `service.url`, or why none is sent. `asking` runs just before a question is shown. */
  async tokenFor(service: ServiceUrl, asking: (origin: string) => void = () => undefined): Promise<TokenOutcome> {
    await this.migrateLegacy(service);
    const origin = originOf(service.url);
    const stored = origin ? await this.ports.secrets.get(tokenKeyOf(origin)) : undefined;
    const legacy = await this.ports.secrets.get(LEGACY_TOKEN_KEY);
    const decision = decideToken({
      service,
      trusted: this.ports.isTrusted(),
      hasToken: Boolean(stored),
      hasLegacyToken: Boolean(legacy),
      approved: origin !== undefined && this.isApproved(origin),
      declined: origin !== undefined && this.declined.has(origin),
    });
    if (decision.kind === 'withhold') return { token: null, withheld: decision.because };
    if (decision.kind === 'send') return { token: stored!, origin: decision.origin };
    asking(decision.origin);
    const answer = await this.question(decision);
    if (answer === 'no') {
      this.declined.add(decision.origin);
      this.ports.log(`Not sending a token to ${decision.origin}, which this workspace's settings chose: you declined.`);
      return { token: null, withheld: 'declined' };
    }
    await this.approve(decision.origin, answer === 'always' ? 'workspace' : 'session');
    if (!decision.legacy) return { token: stored!, origin: decision.origin };
    await this.ports.secrets.store(tokenKeyOf(decision.origin), legacy!);
    await this.ports.secrets.delete(LEGACY_TOKEN_KEY);
    this.ports.log(`The token saved by an earlier version is now bound to ${decision.origin}, as you confirmed.`);
    return { token: legacy!, origin: decision.origin };
  }

  /** Sign In: the token is stored for `origin` only; signing in here is a yes for this session. */
  async signIn(service: ServiceUrl, token: string): Promise<string | undefined> {
    const origin = originOf(service.url);
    if (!origin) return undefined;
    await this.ports.secrets.store(tokenKeyOf(origin), token);
    this.declined.delete(origin);
    this.sessionApproved.add(origin);
    return origin;
  }

  /** Sign Out: deletes `origin`'s token (and the old unbound one, which might be it); others stay. */
  async signOut(origin: string): Promise<void> {
    await this.ports.secrets.delete(tokenKeyOf(origin));
    await this.ports.secrets.delete(LEGACY_TOKEN_KEY);
    this.sessionApproved.delete(origin);
    const remembered = this.ports.memory.get(APPROVED_KEY) ?? [];
    if (remembered.includes(origin)) await this.ports.memory.update(APPROVED_KEY, remembered.filter((o) => o !== origin));
  }

  /** Whether a SecretStorage change concerns the token of `url`. */
  concerns(key: string, url: string): boolean {
    const origin = originOf(url);
    return key === LEGACY_TOKEN_KEY || (origin !== undefined && key === tokenKeyOf(origin));
  }

  private isApproved(origin: string): boolean {
    return this.sessionApproved.has(origin) || (this.ports.memory.get(APPROVED_KEY) ?? []).includes(origin);
  }

  private async approve(origin: string, scope: 'session' | 'workspace'): Promise<void> {
    this.sessionApproved.add(origin);
    if (scope === 'session') return;
    const remembered = this.ports.memory.get(APPROVED_KEY) ?? [];
    if (!remembered.includes(origin)) await this.ports.memory.update(APPROVED_KEY, [...remembered, origin]);
  }

  private question(question: TokenQuestion): Promise<TokenAnswer> {
    const pending = this.questions.get(question.origin);
    if (pending) return pending;
    const asked = this.ports.ask(question).finally(() => this.questions.delete(question.origin));
    this.questions.set(question.origin, asked);
    return asked;
  }

  /** The old unbound token goes to the origin of the user's own URL, never to one only the workspace names. */
  private async migrateLegacy(service: ServiceUrl): Promise<void> {
    const target = legacyBindingOrigin(service);
    if (!target) return;
    const legacy = await this.ports.secrets.get(LEGACY_TOKEN_KEY);
    if (!legacy) return;
    const key = tokenKeyOf(target);
    if (!(await this.ports.secrets.get(key))) {
      await this.ports.secrets.store(key, legacy);
      this.ports.log(`The token saved by an earlier version is now bound to ${target}, the address in your user settings.`);
    }
    await this.ports.secrets.delete(LEGACY_TOKEN_KEY);
  }
}
