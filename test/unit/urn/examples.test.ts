/** Every URN in DataHub's own example files (shared/reference/datahub-examples) parses and round-trips. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { formatUrn, parseUrn } from '../../../core/urn';
import { referencePath, testsNeedingReference } from '../../support/reference';

const { describe, it } = testsNeedingReference('URNs in DataHub example files', ['datahub-examples']);
const examples = referencePath('datahub-examples');

function collectUrns(node: unknown, out: Set<string>): void {
  if (typeof node === 'string') {
    // MCP files carry aspects as JSON inside strings; look inside those too.
    if (node.startsWith('urn:li:')) out.add(node);
    else if (node.startsWith('{') || node.startsWith('[')) {
      try {
        collectUrns(JSON.parse(node), out);
      } catch {
        /* not JSON: plain text */
      }
    }
  } else if (Array.isArray(node)) {
    for (const item of node) collectUrns(item, out);
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      collectUrns(key, out);
      collectUrns(value, out);
    }
  }
}

describe('URNs in DataHub example files', () => {
  const files = readdirSync(examples).filter((f) => /\.(ya?ml|json)$/.test(f));
  const urns = new Set<string>();
  for (const file of files) {
    const text = readFileSync(join(examples, file), 'utf8');
    collectUrns(file.endsWith('.json') ? JSON.parse(text) : parseYaml(text), urns);
  }

  it('finds the URNs', () => assert.ok(urns.size >= 15, `found ${urns.size}`));

  for (const urn of urns) {
    it(urn, () => {
      const result = parseUrn(urn);
      assert.ok(result.ok, result.ok ? '' : result.error.message);
      assert.equal(formatUrn(result.urn), urn);
    });
  }
});
