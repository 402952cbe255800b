import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readDocument } from '../../../core/formats';
import { UNCHECKED_FORMATS } from '../../../core/formats/unchecked';
import { UNCHECKED_FORMAT_IDS } from '../../../core/model/uncheckedFormat';
import { validateDocument } from '../../../core/validate';

/** Issue #25 item 13: DataHub formats Catalog Code does not read are named, never skipped silently. */

const glossary = `version: 1\nsource: DataHub\nowners:\n  users: [mjames]\nnodes:\n  - name: Classification\n    terms:\n      - name: Sensitive\n`;
const product = `id: pet_of_the_week\ndomain: Marketing\nassets:\n  - urn:li:container:abc\nstructured_properties:\n  io.acryl.x: 1\n`;
const contract = `version: 1\nentity: urn:li:dataset:(urn:li:dataPlatform:snowflake,t,PROD)\nfreshness:\n  time: 24\n  unit: hours\n`;

describe('DataHub formats Catalog Code recognises but does not check', () => {
  it('names a business glossary, a data product and a data contract with one information note each', () => {
    for (const [text, id] of [[glossary, 'businessGlossary'], [product, 'dataProduct'], [contract, 'dataContract']] as const) {
      const model = readDocument('file:///repo/x.yaml', text);
      assert.equal(model.format, null, id);
      assert.equal(model.unchecked?.id, id);
      const found = validateDocument({ model, text });
      assert.deepEqual(found.map((d) => `${d.severity} ${d.code}`), ['information format.notChecked'], id);
      assert.match(found[0].message, new RegExp(`DataHub ${UNCHECKED_FORMATS[id].name} file .*does not check it`));
      assert.deepEqual(found[0].range, { start: 0, end: text.indexOf(':') }, 'placed on the first key');
    }
    const message = validateDocument({ model: readDocument('file:///repo/p.yaml', product), text: product })[0].message;
    assert.match(message, /Its structured_properties are not checked against the property definitions either/);
    const plain = product.replace(/structured_properties:\n.*\n/, '');
    assert.doesNotMatch(validateDocument({ model: readDocument('file:///repo/p.yaml', plain), text: plain })[0].message, /structured_properties/);
  });

  it('the note follows catalogCode.diagnostics.severity like every code', () => {
    const model = readDocument('file:///repo/g.yaml', glossary);
    assert.deepEqual(validateDocument({ model, text: glossary, severity: { 'format.notChecked': 'off' } }), []);
  });

  it("leaves other YAML alone: a file that merely shares a key, a formats' own file, an association to 'none', an unparsable file", () => {
    const others = [
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  id: a\n  domain: b\n',
      'id: a\ndomain: b\n',
      'entity: urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)\nkind: thing\nspec: {}\nowner: me\n',
      'nodes:\n  - name: a\nedges: []\nlayout: dot\n',
      'version: 1\nnodes: [\n',
    ];
    for (const text of others) {
      const model = readDocument('file:///repo/other.yaml', text);
      assert.equal(model.unchecked, undefined, text);
      assert.deepEqual(validateDocument({ model, text }), [], text);
    }
    assert.equal(readDocument('file:///repo/g.yaml', glossary, { associations: { '**/g.yaml': 'none' } }).unchecked, undefined);
    assert.equal(readDocument('file:///repo/props.yaml', '- id: a.b\n  type: string\n  entity_types: [dataset]\n').format, 'propertyDefinitions');
  });

  it('each format says how DataHub loads it and which DataHub source defines it', () => {
    for (const id of UNCHECKED_FORMAT_IDS) {
      assert.match(UNCHECKED_FORMATS[id].loadedBy, /datahub /);
      assert.match(UNCHECKED_FORMATS[id].decidedBy, /\.py/);
    }
  });
});
