import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autoStartVerdict, localCatalogPlace } from '../../../client/connection/localCatalogPlace';
import { describeConnection, nextConnectionState } from '../../../client/connection/connectionState';

const scratch = mkdtempSync(join(tmpdir(), 'cc-place-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function folder(name: string, withCatalog = false): string {
  const path = join(scratch, name);
  mkdirSync(withCatalog ? join(path, '.catalog') : path, { recursive: true });
  return path;
}

describe('where the local catalog keeps its data', () => {
  const storage = join(scratch, 'storage', 'workspace-hash');
  const globalStorage = join(scratch, 'storage', 'global');

  it('in the extension storage of the workspace by default: nothing in the repository', () => {
    const repo = folder('web-app');
    assert.deepEqual(localCatalogPlace({ folder: repo, workspaceStorage: storage, globalStorage, location: 'extensionStorage' }), { dataDir: join(storage, 'local-catalog'), inWorkspace: false });
  });

  it('in .catalog/ of the folder when the user asks for it', () => {
    const repo = folder('asks');
    assert.deepEqual(localCatalogPlace({ folder: repo, workspaceStorage: storage, globalStorage, location: 'workspaceFolder' }), { dataDir: join(repo, '.catalog'), inWorkspace: true });
  });

  it('in .catalog/ of a folder that already has one, so a workspace that used it keeps its data', () => {
    const repo = folder('used-before', true);
    assert.deepEqual(localCatalogPlace({ folder: repo, workspaceStorage: storage, globalStorage, location: 'extensionStorage' }), { dataDir: join(repo, '.catalog'), inWorkspace: true });
  });

  it('without a folder, in the global storage; with no storage at all, nowhere', () => {
    assert.deepEqual(localCatalogPlace({ globalStorage, location: 'extensionStorage' }), { dataDir: join(globalStorage, 'catalog'), inWorkspace: false });
    assert.equal(localCatalogPlace({ location: 'extensionStorage' }), undefined);
  });
});

describe('whether the local catalog starts on its own', () => {
  const metadataWorkspace = { autoStart: true, trusted: true, hasMetadata: true, hadLocalCatalog: false };

  it('starts in a trusted workspace that holds metadata files', () => {
    assert.deepEqual(autoStartVerdict(metadataWorkspace), { start: true });
    assert.deepEqual(autoStartVerdict({ ...metadataWorkspace, hasMetadata: false, hadLocalCatalog: true }), { start: true });
  });

  it('does not start in a web project, an untrusted folder or with auto-start off, and says why and what to do', () => {
    const cases = [
      [{ ...metadataWorkspace, hasMetadata: false }, 'noMetadata', /no file in this workspace is a metadata file/],
      [{ ...metadataWorkspace, trusted: false }, 'untrusted', /not trusted \(Restricted Mode\)/],
      [{ ...metadataWorkspace, autoStart: false }, 'autoStartOff', /autoStart is off/],
    ] as const;
    for (const [facts, reason, words] of cases) {
      const verdict = autoStartVerdict(facts);
      assert.deepEqual(verdict, { start: false, reason });
      const state = nextConnectionState({ status: 'idle' }, { type: 'localNotStarted', reason });
      assert.match(describeConnection(state), words);
      assert.match(describeConnection(state), /Start Local Catalog/);
    }
  });
});
