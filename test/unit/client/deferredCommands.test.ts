import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DeferredCommands, contributedCommands } from '../../../client/deferredCommands';
import { COMMAND_IDS, COMMAND_TABLE } from '../../../client/commandIds';

describe('DeferredCommands', () => {
  it('holds a command invoked before the main bundle is ready, then runs it with its arguments', async () => {
    const deferred = new DeferredCommands(new Set(['catalogCode.pushFile']));
    const invocation = deferred.forwarder('catalogCode.pushFile')('a.yaml', 2);
    let settled = false;
    void invocation.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(settled, false);
    deferred.provide('catalogCode.pushFile', (...args: unknown[]) => `pushed ${args.join(',')}`);
    deferred.markReady();
    assert.equal(await invocation, 'pushed a.yaml,2');
  });

  it('runs later invocations straight away once ready', async () => {
    const deferred = new DeferredCommands(new Set(['catalogCode.signIn']));
    let calls = 0;
    deferred.provide('catalogCode.signIn', () => ++calls);
    deferred.markReady();
    assert.equal(await deferred.forwarder('catalogCode.signIn')(), 1);
    assert.equal(await deferred.forwarder('catalogCode.signIn')(), 2);
  });

  it('says which command has no handler when the main bundle never provided one', async () => {
    const deferred = new DeferredCommands(new Set(['catalogCode.missing']));
    deferred.markReady();
    await assert.rejects(deferred.forwarder('catalogCode.missing')(), /"catalogCode\.missing".*no handler/);
  });

  it('fails waiting and later invocations with the load error, and leaves no unhandled rejection', async () => {
    const deferred = new DeferredCommands(new Set(['catalogCode.signOut']));
    const waiting = deferred.forwarder('catalogCode.signOut')();
    deferred.markFailed(new Error('Catalog Code did not start'));
    await assert.rejects(waiting, /did not start/);
    await assert.rejects(deferred.forwarder('catalogCode.signOut')(), /did not start/);
    // A failure nobody waited for must not crash the extension host.
    new DeferredCommands(new Set()).markFailed(new Error('unobserved'));
    await new Promise((resolve) => setImmediate(resolve));
  });

  it('defers exactly the listed commands', () => {
    const deferred = new DeferredCommands(new Set(['catalogCode.signIn']));
    assert.equal(deferred.defers('catalogCode.signIn'), true);
    assert.equal(deferred.defers('catalogCode.internal'), false);
  });
});

describe('contributedCommands', () => {
  it('reads every command id of the real manifest', () => {
    const manifest: unknown = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'));
    const ids = contributedCommands(manifest);
    assert.ok(ids.has('catalogCode.openLog'));
    assert.ok(ids.has('catalogCode.pushFile'));
    assert.ok(ids.has('catalogCode.lineage.pin'));
    assert.ok(ids.size >= 20);
  });

  it('returns nothing for a manifest without commands', () => {
    assert.deepEqual(contributedCommands({}), new Set());
    assert.deepEqual(contributedCommands(undefined), new Set());
    assert.deepEqual(contributedCommands({ contributes: { commands: [{ command: 3 }, null, { command: 'x' }] } }), new Set(['x']));
  });
});

describe('the command table (client/commandIds.ts) lists exactly the contributed commands', () => {
  const manifest: unknown = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'));
  const contributed = contributedCommands(manifest);
  const table = new Set<string>(COMMAND_IDS);

  it('has every command of package.json', () => {
    assert.deepEqual([...contributed].filter((id) => !table.has(id)), []);
  });

  it('has no command package.json does not contribute', () => {
    assert.deepEqual([...table].filter((id) => !contributed.has(id)), []);
  });

  it('includes Restart Language Server, which needs nothing so it works when the server is down', () => {
    assert.ok(table.has('catalogCode.restartLanguageServer'));
    assert.deepEqual(COMMAND_TABLE['catalogCode.restartLanguageServer'].needs, []);
  });
});
