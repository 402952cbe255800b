import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judgeReplay, replayManifest, tallyReplay } from './validatorReplay';

/**
 * DataHub's own validator tests (PropertyDefinitionValidatorTest, StructuredPropertiesValidatorTest,
 * HidePropertyValidatorTest, ShowPropertyAsBadgeValidatorTest), replayed as files of our own
 * (test/fixtures/datahub-validator-replay/manifest.json names each DataHub test): our verdict must
 * equal DataHub's. `REPLAY_REPORT=1` prints the tally (agree / too strict / too lenient).
 */
const manifest = replayManifest();

describe('DataHub validator tests, replayed', () => {
  it('names, for every case, the DataHub test and file it replays, and why any test is not replayed', () => {
    assert.ok(manifest.cases.length >= 40, `${manifest.cases.length} cases`);
    assert.equal(new Set(manifest.cases.map((c) => c.id)).size, manifest.cases.length, 'ids are unique');
    for (const c of manifest.cases) assert.match(c.datahubTest, /#/, `${c.id} names the DataHub test`);
    for (const n of manifest.notReplayed) assert.ok(n.reason.length > 10, `${n.datahubTest} says why it is not replayed`);
  });

  it('the tally (REPLAY_REPORT=1 prints it): every case agrees, none too strict, none too lenient', () => {
    const tally = tallyReplay(manifest.cases);
    if (process.env.REPLAY_REPORT) {
      console.log(`replayed ${manifest.cases.length}: agree ${tally.agree}, too strict ${tally.tooStrict.length} [${tally.tooStrict.join(', ')}], too lenient ${tally.tooLenient.length} [${tally.tooLenient.join(', ')}]`);
    }
    assert.deepEqual({ tooStrict: tally.tooStrict, tooLenient: tally.tooLenient }, { tooStrict: [], tooLenient: [] });
    assert.equal(tally.agree, manifest.cases.length);
  });

  for (const c of manifest.cases) {
    it(`${c.datahubTest}: DataHub ${c.verdict === 'accepted' ? 'accepts' : 'rejects'} (${c.id})`, () => {
      const outcome = judgeReplay(c);
      assert.equal(outcome.verdict, c.verdict, outcome.errors.map((d) => `${d.code}: ${d.message}`).join('\n') || 'no error reported');
    });
  }
});
