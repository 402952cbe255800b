import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineageRoot } from '../../../client/lineage/lineageRoot';

const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const CUSTOMERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,customers,PROD)';

test('a root asked for before the connection is ready waits for it and is built when it comes (the "No entity here" race)', () => {
  const root = new LineageRoot();
  assert.equal(root.request(ORDERS), true);
  assert.equal(root.toBuild(undefined), undefined, 'nothing to build without a connection');
  assert.equal(root.urn, ORDERS, 'the request is kept');
  root.disconnected(); // the connection's change event
  assert.equal(root.toBuild('http://127.0.0.1:1'), ORDERS);
  assert.equal(root.toBuild('http://127.0.0.1:1'), undefined, 'built once per connection');
});

test('the same entity again does nothing; another entity or force rebuilds', () => {
  const root = new LineageRoot();
  root.request(ORDERS);
  assert.equal(root.toBuild('c'), ORDERS);
  assert.equal(root.request(ORDERS), false);
  assert.equal(root.request(ORDERS, true), true);
  assert.equal(root.toBuild('c'), ORDERS);
  assert.equal(root.request(CUSTOMERS), true);
  assert.equal(root.toBuild('c'), CUSTOMERS);
});

test('a new connection rebuilds the tree of the same entity', () => {
  const root = new LineageRoot();
  root.request(ORDERS);
  assert.equal(root.toBuild('a'), ORDERS);
  assert.equal(root.toBuild('b'), ORDERS);
});
