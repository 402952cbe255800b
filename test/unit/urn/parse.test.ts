import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { datasetKey, formatUrn, type ParsedUrn, type UrnText } from '../../../core/urn';
import { failure, parsed, warning } from './helpers';

const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
const FLOW = 'urn:li:dataFlow:(airflow,daily_etl,PROD)';

describe('parseUrn: every URN kind parses', () => {
  const valid: [string, string, number][] = [
    [DATASET, 'dataset', 3],
    [`urn:li:schemaField:(${DATASET},customer_id)`, 'schemaField', 2],
    [`urn:li:dataJob:(${FLOW},load_orders)`, 'dataJob', 2],
    [FLOW, 'dataFlow', 3],
    ['urn:li:dataFlow:(airflow,dag_abc,prod)', 'dataFlow', 3], // DataHub's cluster is free text
    ['urn:li:mlPrimaryKey:(user_features,user_id)', 'mlPrimaryKey', 2],
    ['urn:li:corpuser:jdoe', 'corpuser', 1],
    ['urn:li:structuredProperty:io.acryl.privacy.retentionTime', 'structuredProperty', 1],
    ['urn:li:dataType:service.string', 'dataType', 1],
    ['urn:li:dataType:datahub.rich_text', 'dataType', 1],
    ['urn:li:entityType:service.dataset', 'entityType', 1],
    ['urn:li:entityType:datahub.mlPrimaryKey', 'entityType', 1],
    ['urn:li:chart:(looker,dashboard_elements.1)', 'chart', 2],
    ['urn:li:dashboard:(tableau,sales_overview)', 'dashboard', 2],
    ['urn:li:corpGroup:data-eng', 'corpGroup', 1],
    ['urn:li:dataPlatform:snowflake', 'dataPlatform', 1],
    ['urn:li:dataPlatform:my-inhouse-store', 'dataPlatform', 1], // custom platforms are legal
    ['urn:li:tag:pii', 'tag', 1],
    ['urn:li:glossaryTerm:Classification.Sensitive', 'glossaryTerm', 1],
    ['urn:li:domain:marketing', 'domain', 1],
    ['urn:li:container:6d6b3c7a2d0e4c4f9b0a1d2e3f4a5b6c', 'container', 1],
    ['urn:li:dataProcessInstance:4ffb2bd8c0b64b6bb4c1c3dbfc5fa3a4', 'dataProcessInstance', 1],
    ['urn:li:assertion:abc123', 'assertion', 1],
    ['urn:li:metric:(a,b,c,d)', 'metric', 4], // registry types without a known key shape parse generically
    ['urn:li:schemaField:(urn:li:chart:(looker,look.1),orders.count)', 'schemaField', 2], // SchemaFieldKey.parent is any Urn
    ['urn:li:tag:urn:li:tag:legacy', 'tag', 1], // test_urn.py::test_urn_from_urn_tricky
    ['urn:li:corpuser:,', 'corpuser', 1], // UrnValidationUtilTest.testSimpleUrnComma
  ];
  for (const [text, entityType, arity] of valid) {
    it(`${entityType}: ${text}`, () => {
      const urn = parsed(text);
      assert.equal(urn.entityType, entityType);
      assert.equal(urn.parts.length, arity);
      assert.equal(urn.raw, text);
      assert.equal(urn.start, 0);
      assert.equal(urn.end, text.length);
      assert.equal(formatUrn(urn), text);
    });
  }

  it('keeps colons inside a single-part key', () => {
    const urn = parsed('urn:li:corpuser:domain:jdoe');
    assert.deepEqual(urn.parts.map((p) => p.raw), ['domain:jdoe']);
    assert.equal(urn.tuple, false);
  });

  it('accepts a one-part key written in parentheses (DataHub normalises it) and keeps the spelling', () => {
    const urn = parsed('urn:li:tag:(pii)');
    assert.equal(urn.tuple, true);
    assert.equal(formatUrn(urn), 'urn:li:tag:(pii)');
  });
});

describe('parseUrn: nested URNs', () => {
  it('nests three deep with offsets relative to the outer string', () => {
    const text = `urn:li:schemaField:(${DATASET},customer_id)`;
    const field = parsed(text);
    assert.equal(field.tuple, true);
    const dataset = field.parts[0] as ParsedUrn;
    assert.equal(dataset.kind, 'urn');
    assert.equal(dataset.entityType, 'dataset');
    assert.equal(text.slice(dataset.start, dataset.end), DATASET);
    const platform = dataset.parts[0] as ParsedUrn;
    assert.equal(platform.entityType, 'dataPlatform');
    assert.equal(text.slice(platform.start, platform.end), 'urn:li:dataPlatform:hive');
    const platformName = platform.parts[0] as UrnText;
    assert.deepEqual(
      { value: platformName.value, at: text.slice(platformName.start, platformName.end) },
      { value: 'hive', at: 'hive' },
    );
    const column = field.parts[1] as UrnText;
    assert.equal(text.slice(column.start, column.end), 'customer_id');
  });

  it('reports a broken nested URN at its place in the outer text', () => {
    const text = 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,db.t,prod),c)';
    failure(text, 'urn.environment', text.indexOf('prod'), 4);
  });

  it('points at the nested platform typo inside a schemaField (a warning; the URN is accepted)', () => {
    const text = 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:bigqeury,p.d.t,PROD),c)';
    parsed(text);
    assert.deepEqual(warning(text, 'urn.platform', text.indexOf('bigqeury'), 'bigqeury'.length).candidates, ['bigquery']);
  });

  it('keeps a part as text when it only looks like a URN of another scheme', () => {
    const urn = parsed('urn:li:dashboard:(custom,urn:x:1)');
    assert.equal(urn.parts[1].kind, 'text');
  });
});

describe('parseUrn: syntax errors carry offset and length', () => {
  it('not a URN at all', () => void failure('dataset.orders', 'urn.syntax', 0, 14));
  it('upper-case scheme', () => {
    const error = failure('URN:li:corpuser:x', 'urn.syntax', 0, 3);
    assert.deepEqual(error.candidates, ['urn']);
  });
  it('wrong namespace', () => {
    const error = failure('urn:lx:corpuser:x', 'urn.syntax', 4, 2);
    assert.deepEqual(error.candidates, ['li']);
  });
  it('no key', () => void failure('urn:li:dataset', 'urn.syntax', 7, 7));
  it('empty key', () => void failure('urn:li:dataset:', 'urn.syntax', 14, 1));
  it('nothing after urn:li:', () => void failure('urn:li:', 'urn.syntax', 7, 0));
  it('missing colon before the key', () => void failure('urn:li:dataset(urn:li:dataPlatform:hive,t,PROD)', 'urn.syntax', 14, 1));
  it('unclosed tuple', () => {
    const text = 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD),col';
    failure(text, 'urn.syntax', text.indexOf('('), 1);
  });
  it('text after the closing paren', () => {
    const text = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)x';
    failure(text, 'urn.syntax', text.length - 1, 1);
  });
  it('a stray closing paren', () => {
    const text = 'urn:li:dataset:(urn:li:dataPlatform:hive,t),PROD)';
    failure(text, 'urn.syntax', text.indexOf('),') + 1, text.length - text.indexOf('),') - 1);
  });
  it('empty part', () => {
    const text = 'urn:li:dataset:(urn:li:dataPlatform:hive,,PROD)';
    failure(text, 'urn.syntax', text.indexOf(',,'), 2);
  });
  it('empty first part', () => void failure('urn:li:chart:(,x)', 'urn.syntax', 13, 2));
  // GMS parses a balanced raw parenthesis and only logs it unless STRICT_URN_VALIDATION_ENABLED
  // is set (off by default, ValidationApiUtils); the Python SDK cannot read the URN back (#19086).
  it('raw parenthesis inside a name: stored by a default DataHub, warned about with the fix', () => {
    const text = 'urn:li:dataset:(urn:li:dataPlatform:hive,fn(x),PROD)';
    const urn = parsed(text);
    assert.equal(urn.parts[1].kind === 'text' && urn.parts[1].value, 'fn(x)');
    // the whole part is marked and fixed at once: escaping one parenthesis would unbalance the other
    const advice = warning(text, 'urn.syntax', text.indexOf('fn('), 5);
    assert.deepEqual(advice.candidates, ['fn%28x%29']);
    assert.match(advice.message, /default DataHub stores it .*STRICT_URN_VALIDATION_ENABLED.*Python SDK cannot read this URN back/);
  });
  it('raw parentheses that do not balance are still an error', () => void failure('urn:li:dataset:(urn:li:dataPlatform:hive,fn(x,PROD)', 'urn.syntax', 15, 1));
  it('a comma in a single-part key is kept by DataHub (no error)', () => void parsed('urn:li:tag:a,b'));
  it('a comma in a tuple part splits it: one part too many', () => void failure('urn:li:dashboard:(looker,dashboards,thelook)', 'urn.arity', 17, 27));
  it('spaces around a part: accepted by DataHub, warned about', () => {
    const text = 'urn:li:dataset:(urn:li:dataPlatform:hive, db.t,PROD)';
    parsed(text);
    assert.deepEqual(warning(text, 'urn.syntax', text.indexOf(' db.t'), 5).candidates, ['db.t']);
  });
  it('leading and trailing whitespace', () => {
    failure(' urn:li:tag:x', 'urn.syntax', 0, 1);
    failure('urn:li:tag:x\n', 'urn.syntax', 12, 1);
  });
  it('the reserved ␟ character', () => void failure('urn:li:tag:a␟b', 'urn.syntax', 12, 1));
  it('a line break inside', () => void failure('urn:li:tag:a\nb', 'urn.syntax', 12, 1));
  it('empty string', () => void failure('', 'urn.syntax', 0, 0));
});

describe('parseUrn: type checks', () => {
  it('entity type case: urn:li:Dataset → dataset', () => {
    const error = failure('urn:li:Dataset:(urn:li:dataPlatform:hive,t,PROD)', 'urn.entityType', 7, 7);
    assert.deepEqual(error.candidates, ['dataset']);
  });
  it('entity type case: corpUser → corpuser, dataflow → dataFlow (GMS finds them: a warning with the fix)', () => {
    parsed('urn:li:corpUser:ingestion');
    assert.deepEqual(warning('urn:li:corpUser:ingestion', 'urn.entityType', 7, 8).candidates, ['corpuser']);
    assert.deepEqual(warning('urn:li:dataflow:(airflow,d,PROD)', 'urn.entityType', 7, 8).candidates, ['dataFlow']);
  });
  it('a differently cased type still gets its key checked', () => {
    const text = 'urn:li:corpUser:(a,b)';
    failure(text, 'urn.arity', 16, 5);
    warning(text, 'urn.entityType', 7, 8);
  });
  it('an entity type outside the registry is refused, with the close one offered', () => {
    const error = failure('urn:li:datset:(urn:li:dataPlatform:hive,t,PROD)', 'urn.entityType', 7, 6);
    assert.deepEqual(error.candidates, ['dataset']);
    assert.deepEqual(failure('urn:li:abc:foo', 'urn.entityType', 7, 3).candidates, []);
    failure('urn:li:restricted:abc', 'urn.entityType', 7, 10);
  });
  it('dataset arity, with the message a person reads', () => {
    const text = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t)';
    const error = failure(text, 'urn.arity', 15, text.length - 15);
    assert.match(error.message, /dataset URN needs 3 parts \(platform, name, environment\).*found 2/);
    assert.deepEqual(error.candidates, ['(urn:li:dataPlatform:hive,db.t,PROD)']);
  });
  it('dataset written without a tuple', () => void failure('urn:li:dataset:db.t', 'urn.arity', 15, 4));
  it('single-part type given a tuple', () => void failure('urn:li:corpuser:(a,b)', 'urn.arity', 16, 5));
  it('schemaField arity', () => void failure(`urn:li:schemaField:(${DATASET})`, 'urn.arity', 19, DATASET.length + 2));
  it('dataJob and dataFlow arity', () => {
    failure(`urn:li:dataJob:(${FLOW})`, 'urn.arity', 15, FLOW.length + 2);
    failure('urn:li:dataFlow:(airflow,daily)', 'urn.arity', 16, 15);
  });
  it('mlPrimaryKey arity', () => void failure('urn:li:mlPrimaryKey:(a,b,c)', 'urn.arity', 20, 7));
  it('dataset platform must be a dataPlatform URN', () => {
    const error = failure('urn:li:dataset:(hive,db.t,PROD)', 'urn.partKind', 16, 4);
    assert.deepEqual(error.candidates, ['urn:li:dataPlatform:hive']);
  });
  it('dataJob needs a dataFlow URN first', () => {
    const text = `urn:li:dataJob:(${DATASET},job)`;
    const error = failure(text, 'urn.partKind', 16, DATASET.length);
    assert.match(error.message, /dataFlow URN/);
  });
  it('schemaField needs a URN (of any entity) first', () => {
    failure('urn:li:schemaField:(hive.db.t,c)', 'urn.partKind', 20, 'hive.db.t'.length);
    parsed('urn:li:schemaField:(urn:li:dashboard:(looker,1),c)');
  });
  it('the parent of a schemaField is checked as a URN', () => {
    const text = 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,t,prod),c)';
    failure(text, 'urn.environment', text.indexOf('prod'), 4);
  });
  it('a name part that is a URN is a name to DataHub', () => {
    parsed('urn:li:dataset:(urn:li:dataPlatform:hive,urn:li:tag:x,PROD)');
    parsed('urn:li:dataset:(urn:li:dataPlatform:s3,urn:li:dataset:%28urn:li:dataPlatform:s3%2Ctest-datalake-concepts/prog_maintenance%2CPROD%29,PROD)');
  });
  it('a URL-encoded URN as a name must decode to a URN that parses', () => {
    const text = 'urn:li:dataset:(urn:li:dataPlatform:s3,urn:li:dataset:%28urn:li:dataPlatform:s3%2Cx,PROD)';
    const error = failure(text, 'urn.syntax', text.indexOf('urn:li:dataset:%28'), 'urn:li:dataset:%28urn:li:dataPlatform:s3%2Cx'.length);
    assert.match(error.message, /URL-decodes/);
  });
  it('environment: prod → PROD, PORD → PROD, unknown lists the values', () => {
    const at = DATASET.indexOf('PROD');
    assert.equal(failure(DATASET.replace('PROD', 'prod'), 'urn.environment', at, 4).candidates[0], 'PROD');
    assert.equal(failure(DATASET.replace('PROD', 'PORD'), 'urn.environment', at, 4).candidates[0], 'PROD');
    const unknown = failure(DATASET.replace('PROD', 'LIVE'), 'urn.environment', at, 4);
    assert.deepEqual(unknown.candidates, []);
    assert.match(unknown.message, /PROD, DEV/);
  });
  it('every FabricType is accepted, including CERT', () => {
    for (const env of ['PROD', 'DEV', 'QA', 'TEST', 'UAT', 'EI', 'PRE', 'STG', 'NON_PROD', 'CORP', 'RVW', 'PRD', 'TST', 'SIT', 'SBX', 'SANDBOX', 'CERT']) {
      parsed(DATASET.replace('PROD', env));
    }
  });
  it('platform typo: snowflak → snowflake (a warning; DataHub accepts custom platforms)', () => {
    const text = 'urn:li:dataset:(urn:li:dataPlatform:snowflak,db.t,PROD)';
    assert.equal(parsed(text).entityType, 'dataset');
    assert.deepEqual(warning(text, 'urn.platform', 36, 8).candidates, ['snowflake']);
    assert.deepEqual(warning('urn:li:dataPlatform:Snowflake', 'urn.platform', 20, 9).candidates, ['snowflake']);
  });
  it('a platform warning does not hide a later environment error', () => {
    const text = 'urn:li:dataset:(urn:li:dataPlatform:snowflak,db.t,prod)';
    assert.equal(failure(text, 'urn.environment', text.indexOf('prod'), 4).candidates[0], 'PROD');
    assert.deepEqual(warning(text, 'urn.platform', 36, 8).candidates, ['snowflake']);
  });
});

describe('parseUrn: dataType and entityType URNs in both namespaces', () => {
  for (const ns of ['datahub', 'service']) {
    for (const type of ['string', 'rich_text', 'number', 'date', 'urn']) {
      it(`urn:li:dataType:${ns}.${type}`, () => void parsed(`urn:li:dataType:${ns}.${type}`));
    }
    for (const type of ['dataset', 'schemaField', 'dataJob', 'dataFlow', 'chart', 'dashboard', 'corpuser', 'corpGroup', 'container', 'glossaryTerm', 'domain', 'mlPrimaryKey']) {
      it(`urn:li:entityType:${ns}.${type}`, () => void parsed(`urn:li:entityType:${ns}.${type}`));
    }
  }
  it('data type without a namespace offers both', () => {
    assert.deepEqual(warning('urn:li:dataType:string', 'urn.dataType', 16, 6).candidates, ['datahub.string', 'service.string']);
  });
  it('unknown data type and misspelt namespace', () => {
    assert.deepEqual(warning('urn:li:dataType:datahub.strng', 'urn.dataType', 16, 13).candidates, ['datahub.string']);
    assert.deepEqual(warning('urn:li:dataType:datahub.String', 'urn.dataType', 16, 14).candidates, ['datahub.string']);
    assert.deepEqual(warning('urn:li:dataType:servce.number', 'urn.dataType', 16, 13).candidates, ['service.number']);
  });
  it('entity type names are case-sensitive: datahub.dataflow → datahub.dataFlow', () => {
    assert.deepEqual(failure('urn:li:entityType:datahub.dataflow', 'urn.unknownType', 18, 16).candidates, ['datahub.dataFlow']);
  });
  it('entity type without a namespace', () => {
    assert.deepEqual(failure('urn:li:entityType:dataset', 'urn.unknownType', 18, 7).candidates, ['datahub.dataset', 'service.dataset']);
  });
  it('a data type DataHub does not ship is a URN GMS stores (a self-defined type): accepted, with the advice', () => {
    parsed('urn:li:dataType:datahub.float');
    warning('urn:li:dataType:datahub.float', 'urn.dataType', 16, 13);
  });
});

describe('datasetKey of a dataset named by a URN', () => {
  it('the name is the URN as text (DataHub escapes decoded), not undefined', () => {
    const urn = parsed('urn:li:dataset:(urn:li:dataPlatform:s3,urn:li:dataset:%28urn:li:dataPlatform:s3%2Cbucket/x%2CPROD%29,PROD)');
    assert.deepEqual(datasetKey(urn), { platform: 's3', name: 'urn:li:dataset:(urn:li:dataPlatform:s3,bucket/x,PROD)', env: 'PROD' });
  });
});
