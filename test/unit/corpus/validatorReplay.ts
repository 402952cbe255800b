import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { definitionFromAspect } from '../../../core/definitions/fromAspect';
import { definitionsFromModel } from '../../../core/definitions/fromFacts';
import type { DefinitionsView, PropertyDefinitionInfo } from '../../../core/definitions/types';
import { readDocument } from '../../../core/formats';
import type { CoreDiagnostic } from '../../../core/model/diagnostic';
import { validateDocument } from '../../../core/validate';

/** test/fixtures/datahub-validator-replay: DataHub's validator test cases as files we read. */
export const REPLAY = resolve(process.cwd(), 'test', 'fixtures', 'datahub-validator-replay');

export interface ReplayProposal {
  entityUrn: string;
  aspectName: string;
  aspect: unknown;
}

export interface ReplayCase {
  id: string;
  /** `<DataHub test class>#<test method> (<which assertion>)` */
  datahubTest: string;
  datahubFile: string;
  datahubCommit: string;
  verdict: 'accepted' | 'rejected';
  /** definitions DataHub holds before the write; absent: the case needs no service */
  previous?: { urn: string; aspect: unknown; removed?: boolean }[];
  proposals: ReplayProposal[];
  note?: string;
}

export interface ReplayManifest {
  cases: ReplayCase[];
  notReplayed: { datahubTest: string; reason: string }[];
}

export function replayManifest(): ReplayManifest {
  return JSON.parse(readFileSync(join(REPLAY, 'manifest.json'), 'utf8')) as ReplayManifest;
}

/** The case's proposals as the MCP JSON file a user would push. */
export function replayDocument(replay: ReplayCase): string {
  const proposals = replay.proposals.map((p) => ({
    entityType: /^urn:li:([^:]+):/.exec(p.entityUrn)?.[1] ?? 'dataset',
    entityUrn: p.entityUrn,
    changeType: 'UPSERT',
    aspectName: p.aspectName,
    aspect: { json: p.aspect },
  }));
  return `${JSON.stringify(proposals, null, 2)}\n`;
}

const SERVICE_ORIGIN = { kind: 'service' as const, url: 'http://datahub.example:8080', fetchedAt: 0 };

export interface ReplayOutcome {
  verdict: 'accepted' | 'rejected';
  errors: CoreDiagnostic[];
}

/** Our verdict on a case: rejected when `validate` reports any error, with DataHub's state as the service's. */
export function judgeReplay(replay: ReplayCase): ReplayOutcome {
  const text = replayDocument(replay);
  const model = readDocument(`file:///replay/${replay.id}.json`, text);
  const service = new Map<string, PropertyDefinitionInfo>();
  for (const previous of replay.previous ?? []) {
    const info = definitionFromAspect({ urn: previous.urn, aspect: previous.aspect, removed: previous.removed, origin: SERVICE_ORIGIN });
    if (info) service.set(info.urn, info);
  }
  const workspace = new Map(definitionsFromModel(model).map((d) => [d.urn, d]));
  const definitions: DefinitionsView = { service, workspace, serviceAvailable: replay.previous !== undefined };
  const errors = validateDocument({ model, text, definitions, target: replay.previous !== undefined ? 'datahub' : 'offline' }).filter((d) => d.severity === 'error');
  return { verdict: errors.length > 0 ? 'rejected' : 'accepted', errors };
}

export interface ReplayTally {
  agree: number;
  tooStrict: string[];
  tooLenient: string[];
}

export function tallyReplay(cases: readonly ReplayCase[]): ReplayTally {
  const tally: ReplayTally = { agree: 0, tooStrict: [], tooLenient: [] };
  for (const replay of cases) {
    const ours = judgeReplay(replay).verdict;
    if (ours === replay.verdict) tally.agree++;
    else if (ours === 'rejected') tally.tooStrict.push(replay.id);
    else tally.tooLenient.push(replay.id);
  }
  return tally;
}
