import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PropertyDefinitionInfo } from '../../../core/definitions/types';
import type { CatalogKnowledge } from '../../../core/workspace/session';
import { WorkspaceSession } from '../../../core/workspace/session';
import { CatalogReads } from '../../../server/catalogReads';
import { DiagnosticDependencies } from '../../../server/diagnosticDependencies';
import { recheckLine } from '../../../server/diagnostics';

/**
 * Which open documents a change re-checks (server/diagnosticDependencies.ts), on a real session:
 * the catalog's knowledge is plain data, as the server hands it in.
 */

const PROPERTIES = 'file:///w/properties.yaml';
const definitions = (tier: string, owner = 'string') => `- id: io.team.tier\n  type: ${tier}\n- id: io.team.owner\n  type: ${owner}\n`;
const TIER_USER = 'file:///w/orders.yaml';
const OWNER_USER = 'file:///w/customers.yaml';
const TYPO_USER = 'file:///w/payments.yaml';
const LINEAGE = 'file:///w/lineage.yaml';

function serviceInfo(id: string, valueType: 'string' | 'number', fetchedAt: number): PropertyDefinitionInfo {
  return { urn: `urn:li:structuredProperty:${id}`, qualifiedName: id, valueType, cardinality: 'SINGLE', entityTypes: ['dataset'], softDeleted: false, origin: { kind: 'service', url: 'http://localhost:8080', fetchedAt } };
}

function setUp() {
  const answers = new Map<string, boolean>();
  let knowledge: CatalogKnowledge = { entities: { exists: (urn) => answers.get(urn) } };
  const reads = new CatalogReads();
  const session = new WorkspaceSession({ catalog: () => reads.observe(knowledge) });
  const dependencies = new DiagnosticDependencies(session, () => knowledge, reads);
  session.setFile(PROPERTIES, definitions('string'));
  const texts: Record<string, string> = {
    [TIER_USER]: 'id: orders\nplatform: hive\nstructured_properties:\n  io.team.tier: gold\n',
    [OWNER_USER]: 'id: customers\nplatform: hive\nstructured_properties:\n  io.team.owner: alice\n',
    [TYPO_USER]: 'id: payments\nplatform: hive\nstructured_properties:\n  io.team.region: emea\n',
    [LINEAGE]: 'version: 1\nlineage:\n  - entity:\n      name: a\n      type: dataset\n      env: PROD\n      platform: hive\n    upstream:\n      - entity:\n          name: b\n          type: dataset\n          env: PROD\n          platform: hive\n',
  };
  /** Checks every document at version 1, as the server does when it gives the editor diagnostics. */
  const checkAll = () =>
    Object.fromEntries(
      Object.entries(texts).map(([uri, text]) => {
        const entry = session.updateOpenDocument(uri, text, 1);
        dependencies.sync();
        return [uri, dependencies.check(1, entry, () => session.diagnosticsOf(uri)).record];
      }),
    );
  /** The documents a refresh now would re-check. */
  const stale = (records: ReturnType<typeof checkAll>) => {
    dependencies.sync();
    return Object.entries(records)
      .filter(([, record]) => dependencies.recheckReason(record, 1) !== undefined)
      .map(([uri]) => uri.slice('file:///w/'.length))
      .sort();
  };
  return { session, dependencies, answers, checkAll, stale, setKnowledge: (next: CatalogKnowledge) => (knowledge = next) };
}

describe('DiagnosticDependencies', () => {
  it('re-checks only the users of a changed workspace definition, and names it', () => {
    const { session, dependencies, checkAll, stale } = setUp();
    const records = checkAll();
    dependencies.takeCauses();
    assert.deepEqual(stale(records), []);
    session.setFile(PROPERTIES, definitions('number'));
    assert.deepEqual(stale(records), ['orders.yaml']);
    assert.deepEqual(dependencies.takeCauses(), ['a change of the workspace definition of io.team.tier']);
  });

  it('re-checks nothing when a rewrite of the properties file keeps every definition', () => {
    const { session, checkAll, stale } = setUp();
    const records = checkAll();
    session.setFile(PROPERTIES, `# reordered\n${definitions('string')}`);
    assert.deepEqual(stale(records), []);
  });

  it('re-checks a document with an unknown property when a definition is added (its candidates may change)', () => {
    const { session, checkAll, stale } = setUp();
    const records = checkAll();
    session.setFile(PROPERTIES, `${definitions('string')}- id: io.team.domain\n  type: string\n`);
    assert.deepEqual(stale(records), ['payments.yaml']);
  });

  it('re-checks the users of a changed service definition, not for a refresh that fetched the same', () => {
    const { checkAll, stale, setKnowledge } = setUp();
    const entities = { exists: () => undefined };
    setKnowledge({ entities, serviceDefinitions: new Map([['urn:li:structuredProperty:io.team.owner', serviceInfo('io.team.owner', 'string', 1)]]) });
    const records = checkAll();
    setKnowledge({ entities, serviceDefinitions: new Map([['urn:li:structuredProperty:io.team.owner', serviceInfo('io.team.owner', 'string', 2)]]) });
    assert.deepEqual(stale(records), []);
    setKnowledge({ entities, serviceDefinitions: new Map([['urn:li:structuredProperty:io.team.owner', serviceInfo('io.team.owner', 'number', 3)]]) });
    assert.deepEqual(stale(records), ['customers.yaml']);
  });

  it('re-checks everything when a service starts answering, or the severity settings change', () => {
    const { session, dependencies, checkAll, stale, setKnowledge } = setUp();
    let records = checkAll();
    setKnowledge({ entities: { exists: () => undefined }, serviceDefinitions: new Map() });
    assert.deepEqual(stale(records), ['customers.yaml', 'lineage.yaml', 'orders.yaml', 'payments.yaml']);
    records = checkAll();
    dependencies.takeCauses();
    session.setSeverity({ 'property.unknown': 'off' });
    assert.deepEqual(stale(records), ['customers.yaml', 'lineage.yaml', 'orders.yaml', 'payments.yaml']);
    assert.deepEqual(dependencies.takeCauses(), ['a change of the severity settings']);
  });

  it('re-checks a document whose edges got new existence answers, and only that one', () => {
    const { answers, checkAll, stale } = setUp();
    const records = checkAll();
    assert.ok(records[LINEAGE].existence.size > 0, 'the lineage check asked about its edges');
    assert.equal(records[TIER_USER].existence.size, 0);
    answers.set('urn:li:dataset:(urn:li:dataPlatform:hive,b,PROD)', false);
    assert.deepEqual(stale(records), ['lineage.yaml']);
  });

  it('re-checks an edited document', () => {
    const { dependencies, checkAll } = setUp();
    const records = checkAll();
    assert.equal(dependencies.recheckReason(records[TIER_USER], 2), 'edited');
    assert.equal(dependencies.recheckReason(undefined, 1), 'never checked');
  });
});

describe('recheckLine', () => {
  it('says how many documents a refresh re-checks, after what, and what the rest get', () => {
    assert.equal(recheckLine(1, 20, ['a change of the workspace definition of io.team.tier'], false), 'Re-checking 1 of 20 open documents after a change of the workspace definition of io.team.tier; 19 keep their diagnostics.');
    assert.equal(recheckLine(2, 3, ['a change of the severity settings'], true), 'Re-checking 2 of 3 open documents after a change of the severity settings (when the editor pulls them again); 1 is answered unchanged.');
    assert.equal(recheckLine(0, 1, ['a change of the workspace definition of x'], false), 'Re-checking 0 of 1 open document after a change of the workspace definition of x; 1 keeps its diagnostics.');
  });
});
