import type { ServiceConnection } from '../core/api/http';
import { probeServiceTarget } from '../core/api/serviceTarget';
import type { ServiceTarget } from '../core/rules/target';

/**
 * The kind of service the files are judged for, with one owner: asks each service what it is
 * (local catalog or DataHub); only the latest service's answer counts. Until it answers, files are
 * judged as for DataHub (the rules every target shares), and it is asked again after each refresh
 * of its definitions (`definitionsRefreshed`).
 */
export class ServiceTargetProbe {
  private current: ServiceTarget = 'offline';
  private probe = 0;
  /** the service whose /health gave no answer yet */
  private unsettledFor: ServiceConnection | undefined;

  /** `changed`: the target changed (told with the new one). */
  constructor(private readonly changed: (target: ServiceTarget) => void) {}

  get target(): ServiceTarget {
    return this.current;
  }

  async detect(service: ServiceConnection | undefined): Promise<void> {
    const probe = ++this.probe;
    const identity = await probeServiceTarget(service);
    if (probe !== this.probe) return;
    this.unsettledFor = identity === 'unreachable' ? service : undefined;
    const target = identity === 'unreachable' ? 'datahub' : identity;
    if (target === this.current) return;
    this.current = target;
    this.changed(target);
  }

  /** The definitions of `service` (the one in use) were refreshed: a service that did not answer yet is asked again. */
  definitionsRefreshed(service: ServiceConnection | undefined): void {
    const unsettled = this.unsettledFor;
    if (!unsettled || unsettled !== service) return;
    // Cleared while asking, so the status changes of one refresh start one probe, not one each.
    this.unsettledFor = undefined;
    void this.detect(unsettled);
  }
}
