import type { ServiceConnection } from '../core/api/http';
import { fetchServiceVersion } from '../core/api/serviceVersion';
import { DEFAULT_PROFILE, resolveProfile, type DataHubProfile } from '../core/datahub/versions';

/**
 * The DataHub version the server's checks judge by (core/datahub/versions.ts): the
 * `catalogCode.datahub.version` setting, and when it is `auto` the version the connected service
 * reports on `/config`, else the newest modelled. Owns the one `/config` request per service; only
 * the latest service's answer counts.
 */
export class DataHubVersionChoice {
  private setting = 'auto';
  private reported: string | undefined;
  private asked = 0;
  private current: DataHubProfile = DEFAULT_PROFILE;

  constructor(
    private readonly changed: () => void,
    private readonly log: (message: string) => void,
  ) {}

  profile(): DataHubProfile {
    return this.current;
  }

  /** A new setting value; true when the version judged by changed. */
  setSetting(value: string): boolean {
    this.setting = value;
    return this.settle();
  }

  /** Asks the new service for its version (no service: none). */
  async setService(service: ServiceConnection | undefined): Promise<void> {
    const ask = ++this.asked;
    const version = await fetchServiceVersion(service);
    if (ask !== this.asked) return;
    this.reported = version;
    if (this.settle()) this.changed();
  }

  private settle(): boolean {
    const { profile, problem } = resolveProfile(this.setting, this.reported);
    if (problem) this.log(`catalogCode.datahub.version: ${problem}`);
    if (profile.version === this.current.version && profile.source === this.current.source) return false;
    this.current = profile;
    this.log(`Judging files by DataHub ${profile.version} (${profile.source === 'service' ? 'reported by the connected service' : profile.source === 'setting' ? 'catalogCode.datahub.version' : 'the newest version Catalog Code models'}).`);
    return true;
  }
}
