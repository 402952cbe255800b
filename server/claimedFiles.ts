import type { Connection } from 'vscode-languageserver/node';
import type { FormatId } from '../core/model/facts';
import { formatOf } from '../core/mentions/fileMentions';
import { ClaimedFilesNotification, type ClaimedFilesParams } from '../core/protocol';
import type { Subscription } from '../core/workspace/listeners';
import type { WorkspaceSession } from '../core/workspace/session';

/** Changes are gathered this long before one message goes: a scan stores thousands of files in a row. */
const BATCH_MS = 150;

/**
 * Tells the client which files a format claims (`catalogCode/claimedFiles`), as changes: each
 * document the session stores anew or drops is looked at again, and only those whose format
 * changed are sent. The session decides formats (content, associations); this module only reports.
 */
export class ClaimedFiles {
  private readonly told = new Map<string, FormatId>();
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private reset = true;
  private readonly subscription: Subscription;

  constructor(
    private readonly lsp: Pick<Connection, 'sendNotification'>,
    private readonly session: WorkspaceSession,
  ) {
    this.subscription = session.onDocumentChanged((uri) => {
      this.dirty.add(uri);
      this.timer ??= setTimeout(() => this.flush(), BATCH_MS);
    });
  }

  /** Sends what changed since the last message now (also the first message, even when nothing is claimed). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const params = this.changes();
    if (!params.reset && Object.keys(params.claimed).length === 0 && params.released.length === 0) return;
    this.reset = false;
    void this.lsp.sendNotification(ClaimedFilesNotification.type, params);
  }

  private changes(): ClaimedFilesParams {
    const claimed: Record<string, FormatId> = {};
    const released: string[] = [];
    for (const uri of this.dirty) {
      const document = this.session.get(uri);
      const format = document ? formatOf(document) : null;
      const before = this.told.get(uri);
      if (format === (before ?? null)) continue;
      if (format === null) {
        this.told.delete(uri);
        released.push(uri);
      } else {
        this.told.set(uri, format);
        claimed[uri] = format;
      }
    }
    this.dirty.clear();
    return { ...(this.reset ? { reset: true } : {}), claimed, released };
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.subscription.dispose();
  }
}
