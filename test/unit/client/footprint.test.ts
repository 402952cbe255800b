// What the extension costs a workspace that is not about metadata, read from the real manifest:
// it activates where metadata files may live (the globs core/ defines once), never at start-up
// everywhere; its Push, Plan and Pull menus show only on files a format claims; and every string
// it shows is localisable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { METADATA_FILE_GLOBS, isMetadataFileName } from '../../../core/workspace/metadataFiles';
import { CLAIMED_FILES_CONTEXT, CLAIMED_FILE_WHEN, CLAIMED_OVERFLOW_CONTEXT, HAS_METADATA_CONTEXT, MAX_CLAIMED_IN_CONTEXT, claimedContext } from '../../../client/contextKeys';
import { bundleText } from '../../../scripts/l10nStrings';

const root = join(__dirname, '..', '..', '..');

interface MenuItem {
  command: string;
  when?: string;
}

interface Manifest {
  activationEvents: string[];
  capabilities: Record<string, { supported: unknown; description?: string }>;
  contributes: { menus: Record<string, MenuItem[]> };
  l10n?: string;
  [key: string]: unknown;
}

const manifestText = readFileSync(join(root, 'package.json'), 'utf8');
const manifest = JSON.parse(manifestText) as Manifest;

test('activation: workspaceContains on the metadata globs of core/, the languages and the views; never on start-up everywhere', () => {
  const events = manifest.activationEvents;
  assert.ok(!events.includes('*') && !events.includes('onStartupFinished'), `activates everywhere: ${events.join(', ')}`);
  const globs = events.filter((event) => event.startsWith('workspaceContains:')).map((event) => event.slice('workspaceContains:'.length));
  assert.deepEqual(globs.sort(), [...METADATA_FILE_GLOBS].sort());
  assert.deepEqual(events.filter((event) => event.startsWith('onLanguage:')).sort(), ['onLanguage:json', 'onLanguage:jsonc', 'onLanguage:yaml']);
  const known = /^(workspaceContains|onLanguage|onView|onWalkthrough|onCommand):/;
  assert.deepEqual(events.filter((event) => !known.test(event)), []);
  // Each glob names files the workspace walk reads as metadata candidates.
  for (const glob of METADATA_FILE_GLOBS) assert.ok(isMetadataFileName(`lineage/orders${glob.slice('**/*'.length)}`), glob);
});

test('Push, Plan and Pull in the editor title and the explorer show only on files a format claims', () => {
  const fileMenus = [...(manifest.contributes.menus['editor/title'] ?? []), ...(manifest.contributes.menus['explorer/context'] ?? [])].filter((item) => /^catalogCode\.(push|plan|pull)/.test(item.command));
  assert.ok(fileMenus.length >= 4, 'the file menus are found');
  for (const item of fileMenus) {
    const when = item.when ?? '';
    assert.match(when, new RegExp(`resourcePath in ${CLAIMED_FILES_CONTEXT.replace('.', '\\.')}`), `${item.command}: ${when}`);
    // A bare extension test would show them on package.json again: every extension test is behind the overflow key.
    for (const clause of when.split('||')) {
      if (clause.includes('resourceExtname')) assert.ok(clause.includes(CLAIMED_OVERFLOW_CONTEXT), `${item.command}: ${clause}`);
      if (clause.includes('explorerResourceIsFolder') && !clause.includes('!explorerResourceIsFolder')) assert.ok(clause.includes(HAS_METADATA_CONTEXT), `${item.command}: ${clause}`);
    }
  }
  const editorTitle = (manifest.contributes.menus['editor/title'] ?? []).filter((item) => /^catalogCode\.(push|plan)/.test(item.command));
  for (const item of editorTitle) assert.ok((item.when ?? '').includes(CLAIMED_FILE_WHEN.split(' || ')[0]), item.command);
});

test('the claimed-files context key lists each claimed URI, up to its cap, then says there are too many', () => {
  assert.deepEqual(claimedContext([], 0), { claimed: {}, overflow: false, hasMetadata: false });
  assert.deepEqual(claimedContext(['/w/a.yml'], 1), { claimed: { '/w/a.yml': true }, overflow: false, hasMetadata: true });
  const many = Array.from({ length: MAX_CLAIMED_IN_CONTEXT + 1 }, (_, i) => `/w/${i}.yml`);
  assert.deepEqual(claimedContext(many, many.length), { claimed: {}, overflow: true, hasMetadata: true });
});

test('virtual workspaces are declared (only file: is served), with a reason', () => {
  assert.equal(manifest.capabilities.virtualWorkspaces?.supported, false);
  assert.ok(manifest.capabilities.virtualWorkspaces?.description);
});

test('every %key% of package.json is in package.nls.json, and package.nls.json holds no other', () => {
  const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
  const used = new Set([...manifestText.matchAll(/"%([^"%]+)%"/g)].map((match) => match[1]));
  assert.deepEqual([...used].filter((key) => !(key in nls)), [], 'keys without an English string');
  assert.deepEqual(Object.keys(nls).filter((key) => !used.has(key)), [], 'strings no manifest entry uses');
  for (const [key, text] of Object.entries(nls)) assert.ok(text.trim().length > 0, key);
});

test('l10n/bundle.l10n.json holds the client messages of vscode.l10n.t (node --import tsx scripts/generateL10nBundle.ts)', () => {
  assert.equal(manifest.l10n, './l10n');
  const bundle = join(root, 'l10n', 'bundle.l10n.json');
  assert.ok(existsSync(bundle));
  assert.equal(readFileSync(bundle, 'utf8'), bundleText(root));
});
