/**
 * Where the extension is connected, as a small state machine with no VS Code dependency, so the
 * transitions are unit-tested. The extension feeds it events (settings read, local catalog
 * started or stopped, a request failed) and renders the state in the status item.
 */

export type ConnectionTarget =
  | { kind: 'remote'; url: string }
  | { kind: 'local'; url: string; dataDir: string };

export type FailureReason = 'unreachable' | 'unauthorized' | 'forbidden' | 'timeout' | 'badResponse' | 'startFailed';

/** Why a remote service is used without a token although one may be stored (`tokenBinding.ts`). */
export type TokenWithheld = 'untrusted' | 'declined' | 'notSignedIn';

/** Why the local catalog was not started on its own (./localCatalogPlace.ts autoStartVerdict). */
export type NotStartedReason = 'autoStartOff' | 'untrusted' | 'noMetadata';

export type ConnectionState =
  | { status: 'idle'; notStarted?: NotStartedReason }
  | { status: 'askingForToken'; url: string }
  | { status: 'startingLocal'; dataDir: string }
  | { status: 'connected'; target: ConnectionTarget; signedIn: boolean; withheld?: TokenWithheld }
  | { status: 'failed'; target?: ConnectionTarget; reason: FailureReason; detail: string; signedIn?: boolean; withheld?: TokenWithheld }
  | { status: 'stopped' };

export type ConnectionEvent =
  | { type: 'remoteConfigured'; url: string; signedIn: boolean; withheld?: TokenWithheld }
  | { type: 'askingForToken'; url: string }
  | { type: 'localStarting'; dataDir: string }
  | { type: 'localStarted'; url: string; dataDir: string }
  | { type: 'localStartFailed'; detail: string }
  | { type: 'localStopped' }
  | { type: 'localNotStarted'; reason: NotStartedReason }
  /** no service URL, and the language server has not yet said whether the workspace holds metadata */
  | { type: 'waitingForWorkspace' }
  | { type: 'requestFailed'; reason: Exclude<FailureReason, 'startFailed'>; detail: string }
  | { type: 'requestSucceeded' }
  | { type: 'signedIn' }
  | { type: 'signedOut' };

export function nextConnectionState(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  switch (event.type) {
    case 'remoteConfigured':
      return { status: 'connected', target: { kind: 'remote', url: event.url }, signedIn: event.signedIn, ...(event.withheld ? { withheld: event.withheld } : {}) };
    case 'askingForToken':
      return { status: 'askingForToken', url: event.url };
    case 'localStarting':
      return { status: 'startingLocal', dataDir: event.dataDir };
    case 'localStarted':
      // The local catalog's token is managed by the extension itself, so it counts as signed in.
      return { status: 'connected', target: { kind: 'local', url: event.url, dataDir: event.dataDir }, signedIn: true };
    case 'localStartFailed':
      return { status: 'failed', reason: 'startFailed', detail: event.detail };
    case 'localStopped':
      return state.status === 'connected' && state.target.kind === 'remote' ? state : { status: 'stopped' };
    case 'localNotStarted':
      return { status: 'idle', notStarted: event.reason };
    case 'waitingForWorkspace':
      return { status: 'idle' };
    case 'requestFailed': {
      const target = targetOf(state);
      // Kept so a 401 can say "not signed in" rather than "the token was refused" when no token was sent.
      const signedIn = state.status === 'connected' || state.status === 'failed' ? state.signedIn : undefined;
      // Kept so that recovering still says why no token is sent.
      const withheld = state.status === 'connected' || state.status === 'failed' ? state.withheld : undefined;
      return { status: 'failed', ...(target ? { target } : {}), reason: event.reason, detail: event.detail, ...(signedIn !== undefined ? { signedIn } : {}), ...(withheld ? { withheld } : {}) };
    }
    case 'requestSucceeded': {
      if (state.status !== 'failed' || !state.target) return state;
      return { status: 'connected', target: state.target, signedIn: state.signedIn ?? true, ...(state.withheld ? { withheld: state.withheld } : {}) };
    }
    case 'signedIn':
      if (state.status === 'connected') return { status: 'connected', target: state.target, signedIn: true };
      if (state.status === 'failed' && state.target && state.reason === 'unauthorized') {
        return { status: 'connected', target: state.target, signedIn: true };
      }
      return state;
    case 'signedOut':
      if (state.status === 'connected' && state.target.kind === 'remote') return { ...state, signedIn: false };
      return state;
  }
}

export function targetOf(state: ConnectionState): ConnectionTarget | undefined {
  if (state.status === 'connected') return state.target;
  if (state.status === 'failed') return state.target;
  return undefined;
}

/** One line for the status item and log: where we are connected, or what failed and what to do. */
export function describeConnection(state: ConnectionState): string {
  switch (state.status) {
    case 'idle':
      return state.notStarted ? describeNotStarted(state.notStarted) : 'Not connected';
    case 'askingForToken':
      return `Waiting for your answer: send your token to ${state.url}?`;
    case 'startingLocal':
      return 'Starting the local catalog…';
    case 'stopped':
      return 'Local catalog stopped — run "Catalog Code: Start Local Catalog" or set catalogCode.service.url';
    case 'connected': {
      const where = state.target.kind === 'local' ? `local catalog at ${state.target.url}` : state.target.url;
      if (state.withheld === 'untrusted') return `Connected to ${where} without a token: this workspace is not trusted (Restricted Mode). Trust the workspace to send your token.`;
      if (state.withheld === 'declined') return `Connected to ${where} without a token: you chose not to send your token to this address, which this workspace's settings chose. Run "Catalog Code: Sign In" to send one.`;
      return state.signedIn ? `Connected to ${where}` : `Connected to ${where} (not signed in — run "Catalog Code: Sign In")`;
    }
    case 'failed':
      return describeFailure(state.reason, state.detail, state.signedIn);
  }
}

const START_ANYWAY = 'run "Catalog Code: Start Local Catalog" to start it anyway, or set catalogCode.service.url';

function describeNotStarted(reason: NotStartedReason): string {
  switch (reason) {
    case 'autoStartOff':
      return `Not connected: catalogCode.localCatalog.autoStart is off; ${START_ANYWAY}`;
    case 'untrusted':
      return `Not connected: the local catalog does not start on its own in a workspace you have not trusted (Restricted Mode). Trust the workspace, or ${START_ANYWAY}`;
    case 'noMetadata':
      return `Not connected: no file in this workspace is a metadata file Catalog Code reads, so the local catalog was not started; ${START_ANYWAY}`;
  }
}

/** `signedIn` false: no token was sent, so a 401/403 asks to sign in rather than saying a token was refused. */
export function describeFailure(reason: FailureReason, detail: string, signedIn?: boolean): string {
  const suffix = detail ? `: ${detail}` : '';
  switch (reason) {
    case 'unreachable':
      return `The catalog service cannot be reached${suffix}. Check catalogCode.service.url or start the local catalog.`;
    case 'unauthorized':
      if (signedIn === false) return `The catalog service needs a token and you are not signed in (401)${suffix}. Run "Catalog Code: Sign In".`;
      return `The catalog service refused the token (401)${suffix}. Run "Catalog Code: Sign In" again.`;
    case 'forbidden':
      if (signedIn === false) return `The catalog service refused a request sent without a token (403)${suffix}. Run "Catalog Code: Sign In".`;
      return `The token is not allowed to do this (403)${suffix}. Ask your DataHub admin for the needed privileges.`;
    case 'timeout':
      return `The catalog service did not answer in time${suffix}. It may be overloaded; try again.`;
    case 'badResponse':
      return `The catalog service sent an answer Catalog Code cannot read${suffix}. Is catalogCode.service.url the service's base URL?`;
    case 'startFailed':
      return `The local catalog did not start${suffix}. Open the log for details.`;
  }
}

export { isInsecureRemote } from '../../core/api/transportSecurity';
