/**
 * Which token may go to which catalog address, with no VS Code dependency so every rule is
 * unit-tested. A token belongs to the origin (scheme://host:port) it was given for and is kept
 * under that origin's own SecretStorage key; a URL that this workspace's settings chose is
 * confirmed before its origin's token is sent; an untrusted workspace sends no token at all.
 */

/** The single key every address shared before tokens were bound to origins. */
export const LEGACY_TOKEN_KEY = 'catalogCode.token';
const TOKEN_KEY_PREFIX = 'catalogCode.token@';

import { originOf } from '../../core/api/origin';

export { originOf };

/** The SecretStorage key of one origin's token. */
export function tokenKeyOf(origin: string): string {
  return `${TOKEN_KEY_PREFIX}${origin}`;
}

/** What `workspace.getConfiguration('catalogCode').inspect('service.url')` says, plus the value in effect. */
export interface UrlSetting {
  /** the value VS Code uses (`get`), which in Restricted Mode ignores workspace settings */
  effective: string | undefined;
  globalValue?: string | undefined;
  workspaceValue?: string | undefined;
  workspaceFolderValue?: string | undefined;
}

export interface ServiceUrl {
  /** trimmed, without trailing slashes; '' means "use the local catalog" */
  url: string;
  /** true when the URL in effect is the one this workspace's (or folder's) settings set */
  fromWorkspace: boolean;
  /** the URL in the user's own settings, if any */
  userUrl: string | undefined;
}

export function normaliseUrl(value: string | undefined): string {
  return (value ?? '').trim().replace(/\/+$/, '');
}

export function serviceUrlOf(setting: UrlSetting): ServiceUrl {
  const url = normaliseUrl(setting.effective);
  const fromWorkspace =
    url !== '' &&
    ((setting.workspaceFolderValue !== undefined && normaliseUrl(setting.workspaceFolderValue) === url) ||
      (setting.workspaceValue !== undefined && normaliseUrl(setting.workspaceValue) === url));
  const userUrl = normaliseUrl(setting.globalValue) || undefined;
  return { url, fromWorkspace, userUrl };
}

/** Everything the decision needs, read before it is made. */
export interface TokenFacts {
  service: ServiceUrl;
  trusted: boolean;
  /** a token is stored under the origin of `service.url` */
  hasToken: boolean;
  /** a token from before tokens were bound to origins is still stored */
  hasLegacyToken: boolean;
  /** the user said yes to this origin for this workspace (remembered) or in this session */
  approved: boolean;
  /** the user said no to this origin in this session */
  declined: boolean;
}

export type TokenWithheld = 'untrusted' | 'declined' | 'notSignedIn';

export type TokenDecision =
  | { kind: 'send'; origin: string }
  | { kind: 'withhold'; because: TokenWithheld }
  /** ask first; `legacy`: the token to offer is the old unbound one, which a yes binds to `origin` */
  | { kind: 'ask'; origin: string; userOrigin: string | undefined; legacy: boolean };

/** Whether this origin needs the user's yes before its token goes out from this workspace. */
function needsConfirmation(facts: TokenFacts, origin: string): boolean {
  if (!facts.service.fromWorkspace) return false;
  const userOrigin = facts.service.userUrl ? originOf(facts.service.userUrl) : undefined;
  return origin !== userOrigin && !facts.approved;
}

export function decideToken(facts: TokenFacts): TokenDecision {
  const origin = originOf(facts.service.url);
  if (!origin) return { kind: 'withhold', because: 'notSignedIn' };
  if (!facts.trusted) return { kind: 'withhold', because: 'untrusted' };
  // The old token is offered only for a URL from workspace settings with no user URL to bind it to
  // (`legacyBindingOrigin`), and only ever after a yes.
  const legacy = !facts.hasToken && facts.hasLegacyToken && facts.service.fromWorkspace;
  if (!facts.hasToken && !legacy) return { kind: 'withhold', because: 'notSignedIn' };
  if (legacy || needsConfirmation(facts, origin)) {
    if (facts.declined) return { kind: 'withhold', because: 'declined' };
    const userOrigin = facts.service.userUrl ? originOf(facts.service.userUrl) : undefined;
    return { kind: 'ask', origin, userOrigin, legacy };
  }
  return { kind: 'send', origin };
}

/**
 * The origin the old unbound token is moved to without asking: the one of the URL in the user's
 * own settings, which is where that token was most likely given. Never an origin that only
 * workspace settings name: then the user is asked (`decideToken`) or signs in again.
 */
export function legacyBindingOrigin(service: ServiceUrl): string | undefined {
  return service.userUrl ? originOf(service.userUrl) : undefined;
}
