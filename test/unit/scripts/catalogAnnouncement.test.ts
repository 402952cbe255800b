import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { connectionFileText } from '../../../core/api/localCatalogToken';
import { localCatalogAnnouncement } from '../../../scripts/demo/catalogAnnouncement';

describe('npm start: the local catalog the editor started, for the terminal', () => {
  it('prints its URL and token file once it runs, never the token', () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-announce-'));
    try {
      assert.equal(localCatalogAnnouncement(dir, '/repo/dist/cli.js'), undefined, 'nothing before it runs');
      const token = 'secret-token-abcdefghijkl';
      writeFileSync(join(dir, 'connection.json'), connectionFileText({ url: 'http://127.0.0.1:40123', token, pid: process.pid }), { mode: 0o600 });
      chmodSync(join(dir, 'connection.json'), 0o600);
      const text = localCatalogAnnouncement(dir, '/repo/dist/cli.js') ?? '';
      assert.match(text, /Local catalog \(started by the editor\): http:\/\/127\.0\.0\.1:40123/);
      assert.ok(text.includes(`Token file: ${join(dir, 'connection.json')}`), text);
      assert.match(text, /CATALOG_SERVICE_URL=http:\/\/127\.0\.0\.1:40123 CATALOG_TOKEN_FILE=\S+ node \/repo\/dist\/cli\.js plan/);
      assert.ok(!text.includes(token));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
