import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LOCK_FILE_NAME } from '../../service/store/dataDirLock';
import { SAMPLE_CATALOG, spawnServe } from './child';
import { enc, tempDir } from './helpers';

async function graphqlStatus(url: string, token: string): Promise<number> {
  const response = await fetch(`${url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ __typename }' }),
  });
  return response.status;
}

describe('catalog-code serve', () => {
  it('prints the listening line first, keeps a 0600 token file it reuses, and closes cleanly on SIGTERM', async () => {
    const dir = tempDir('serve');
    const first = spawnServe(['--port', '0', '--data', dir], { CATALOG_TOKEN: '' });
    try {
      const url = await first.url();
      assert.match(first.stdout().split('\n')[0], /^Catalog Code local catalog listening on http:\/\/127\.0\.0\.1:\d+$/);
      const tokenFile = path.join(dir, 'token');
      assert.ok(first.stdout().includes(`Token file: ${tokenFile}`), first.stdout());
      assert.equal(fs.statSync(tokenFile).mode & 0o777, 0o600);
      const connectionFile = path.join(dir, 'connection.json');
      assert.ok(first.stdout().includes(`Token file for the CLI: ${connectionFile}`), first.stdout());
      assert.equal(fs.statSync(connectionFile).mode & 0o777, 0o600);
      assert.equal(JSON.parse(fs.readFileSync(connectionFile, 'utf8')).url, url, 'the token file is bound to the URL it listens on');
      assert.equal(fs.readFileSync(path.join(dir, '.gitignore'), 'utf8').split('\n').filter((line) => !line.startsWith('#'))[0], '*', 'the data folder keeps itself out of git');
      const token = fs.readFileSync(tokenFile, 'utf8').trim();
      assert.ok(!first.stdout().includes(token) && !first.stderr().includes(token), 'the token itself is never printed');
      assert.equal(await graphqlStatus(url, token), 200);
      assert.equal(await graphqlStatus(url, 'wrong'), 401);
      first.child.kill('SIGTERM');
      assert.deepEqual(await first.exited, { code: 0, signal: null });
      assert.equal(fs.existsSync(path.join(dir, LOCK_FILE_NAME)), false, 'the lock is released');
      assert.equal(fs.existsSync(connectionFile), false, 'the token file goes with the catalog');

      const second = spawnServe(['--port', '0', '--data', dir], { CATALOG_TOKEN: '' });
      try {
        const url2 = await second.url();
        assert.equal(fs.readFileSync(tokenFile, 'utf8').trim(), token, 'the token file is reused');
        assert.equal(await graphqlStatus(url2, token), 200);
      } finally {
        second.child.kill('SIGINT');
        assert.equal((await second.exited).code, 0);
      }
    } finally {
      first.child.kill('SIGKILL');
    }
  });

  it('uses CATALOG_TOKEN without writing a token file, seeds the sample catalog, and refuses a second instance', async () => {
    const dir = tempDir('serve');
    const server = spawnServe(['--port', '0', '--data', dir, '--seed', SAMPLE_CATALOG], { CATALOG_TOKEN: 'env-token-123456' });
    try {
      const url = await server.url();
      assert.ok(server.stdout().includes('Token: taken from CATALOG_TOKEN'));
      assert.equal(fs.existsSync(path.join(dir, 'token')), false);
      assert.equal(await graphqlStatus(url, 'env-token-123456'), 200);
      const definition = await fetch(`${url}/openapi/v2/entity/structuredProperty/${enc('urn:li:structuredProperty:io.catalogcode.quality.tier')}/propertyDefinition`);
      assert.equal(definition.status, 200);
      assert.ok(!server.stderr().includes('refused'), server.stderr());

      const intruder = spawnServe(['--port', '0', '--data', dir], { CATALOG_TOKEN: 'x' });
      const result = await intruder.exited;
      assert.equal(result.code, 1);
      assert.ok(intruder.stderr().includes(String(server.child.pid)), intruder.stderr());
      assert.ok(intruder.stderr().includes(dir), intruder.stderr());
      assert.equal(intruder.stdout(), '');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('says what is wrong with its arguments', async () => {
    const bad = spawnServe(['--port', 'eighty']);
    assert.equal((await bad.exited).code, 2);
    assert.match(bad.stderr(), /--port needs a number/);
  });
});
