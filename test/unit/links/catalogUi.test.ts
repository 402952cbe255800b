import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalogUiFor, catalogUiLink, urlEncodeUrnForUi } from '../../../core/links/catalogUi';

test('the UI address: the setting first, else derived by DataHub conventions, else none with the reason', () => {
  assert.deepEqual(catalogUiFor('https://datahub.example.com/', 'http://gms:8080', 'datahub'), { url: 'https://datahub.example.com' });
  assert.deepEqual(catalogUiFor('', 'http://localhost:8080', 'datahub'), { url: 'http://localhost:9002' });
  assert.deepEqual(catalogUiFor('', 'https://acme.acryl.io/gms', 'datahub'), { url: 'https://acme.acryl.io' });
  assert.deepEqual(catalogUiFor('', 'https://datahub.example.com/api/gms/', 'datahub'), { url: 'https://datahub.example.com' });
  assert.match(catalogUiFor('', 'http://127.0.0.1:8080', 'localCatalog').why ?? '', /local catalog has no web UI/);
  assert.match(catalogUiFor('', 'https://gms.example.com', 'datahub').why ?? '', /set catalogCode\.service\.uiUrl/);
  assert.match(catalogUiFor('', undefined, 'offline').why ?? '', /No catalog service is connected/);
  assert.match(catalogUiFor('javascript:alert(1)', 'http://localhost:8080', 'datahub').why ?? '', /is a javascript: address, not http\(s\)/);
  // Issue 33: read as a URL, its own normalised form; what could end a Markdown link is encoded.
  assert.deepEqual(catalogUiFor('https://DataHub.Example.com/ui/', undefined, 'datahub'), { url: 'https://datahub.example.com/ui' });
  assert.deepEqual(catalogUiFor('https://datahub.example.com/a>b <c>', undefined, 'datahub'), { url: 'https://datahub.example.com/a%3Eb%20%3Cc%3E' });
  assert.match(catalogUiFor('https://user:pw@datahub.example.com', undefined, 'datahub').why ?? '', /user name or password/);
  assert.match(catalogUiFor('https://datahub.example.com/?x=1', undefined, 'datahub').why ?? '', /query or fragment/);
  assert.match(catalogUiFor('datahub.example.com', undefined, 'datahub').why ?? '', /is not a URL/);
});

test('entity pages follow datahub-web-react: path per type and its urlEncodeUrn', () => {
  const ui = 'http://localhost:9002';
  assert.equal(catalogUiLink(ui, 'urn:li:dataset:(urn:li:dataPlatform:hive,db/orders,PROD)'), `${ui}/dataset/urn:li:dataset:(urn:li:dataPlatform:hive,db%2Forders,PROD)`);
  assert.equal(catalogUiLink(ui, 'urn:li:dataJob:(urn:li:dataFlow:(airflow,dag,PROD),task)'), `${ui}/tasks/urn:li:dataJob:(urn:li:dataFlow:(airflow,dag,PROD),task)`);
  assert.equal(catalogUiLink(ui, 'urn:li:dataFlow:(airflow,dag,PROD)'), `${ui}/pipelines/urn:li:dataFlow:(airflow,dag,PROD)`);
  assert.equal(catalogUiLink(ui, 'urn:li:structuredProperty:io.acme.tier'), `${ui}/structured-properties`);
  assert.equal(catalogUiLink(ui, 'urn:li:dataPlatform:hive'), undefined);
});

test('a hostile URN cannot leave the path: % ? # [ ] spaces quotes and angle brackets are encoded', () => {
  const encoded = urlEncodeUrnForUi('urn:li:dataset:(urn:li:dataPlatform:hive,a%2Cb?c#d[e] "f"<g>\\h,PROD)');
  assert.equal(encoded, 'urn:li:dataset:(urn:li:dataPlatform:hive,a%7B%7Bencoded_percent%7D%7D2Cb%3Fc%23d%5Be%5D%20%22f%22%3Cg%3E%5Ch,PROD)');
  assert.doesNotThrow(() => new URL(`http://x/dataset/${urlEncodeUrnForUi('urn:li:dataset:(urn:li:dataPlatform:hive,\ud800,PROD)')}`));
});
