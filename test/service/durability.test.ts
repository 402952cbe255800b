import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LOCK_FILE_NAME } from '../../service/store/dataDirLock';
import { spawnServe } from './child';
import { datasetUrn, definition, enc, tempDir } from './helpers';

const TOKEN = 'durability-token-123456';

async function post(url: string, target: string, body: unknown): Promise<number> {
  const response = await fetch(`${url}${target}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

describe('durability', () => {
  it('every write answered 2xx survives SIGKILL right after, several times in a row', async () => {
    const dir = tempDir('kill');
    const written: { target: string; value: unknown }[] = [];
    for (let round = 0; round < 3; round++) {
      const server = spawnServe(['--port', '0', '--data', dir], { CATALOG_TOKEN: TOKEN });
      const url = await server.url();
      for (const w of written) {
        const response = await fetch(`${url}${w.target}`);
        assert.equal(response.status, 200, `${w.target} after restart ${round}`);
        assert.deepEqual(((await response.json()) as { value: unknown }).value, w.value);
      }
      const id = `io.kill.round${round}`;
      const target = `/openapi/v2/entity/structuredProperty/${enc(`urn:li:structuredProperty:${id}`)}/propertyDefinition`;
      assert.equal(await post(url, target, definition(id)), 200);
      written.push({ target, value: definition(id) });
      for (let i = 0; i < 5; i++) {
        const urn = datasetUrn(`db.round${round}_${i}`);
        const value = { properties: [{ propertyUrn: `urn:li:structuredProperty:${id}`, values: [{ string: `v${i}` }] }] };
        const proposal = { entityType: 'dataset', entityUrn: urn, changeType: 'UPSERT', aspectName: 'structuredProperties', aspect: { value: JSON.stringify(value), contentType: 'application/json' } };
        assert.equal(await post(url, '/aspects?action=ingestProposal', { proposal }), 200);
        written.push({ target: `/openapi/v2/entity/dataset/${enc(urn)}/structuredProperties`, value });
      }
      server.child.kill('SIGKILL');
      assert.equal((await server.exited).signal, 'SIGKILL');
      assert.equal((JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number }).pid, server.child.pid, 'the killed process left its lock behind');
    }
    const last = spawnServe(['--port', '0', '--data', dir], { CATALOG_TOKEN: TOKEN });
    try {
      const url = await last.url();
      for (const w of written) {
        const response = await fetch(`${url}${w.target}`);
        assert.equal(response.status, 200, w.target);
        assert.deepEqual(((await response.json()) as { value: unknown }).value, w.value);
      }
    } finally {
      last.child.kill('SIGTERM');
      await last.exited;
    }
  });
});
