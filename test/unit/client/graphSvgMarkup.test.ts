import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeXml, expandHandlePath, tag, title } from '../../../client/graph/webview/svgMarkup';

// The graph view draws its SVG as one string (client/graph/webview/svgMarkup.ts): every text and
// attribute value built from a URN or a label is escaped, so a name cannot add markup.

test('text and attribute values are escaped', () => {
  assert.equal(escapeXml(`a<b>&"c'`), 'a&lt;b&gt;&amp;&quot;c&#39;');
  const hostile = 'urn:li:dataset:(urn:li:dataPlatform:hive,x"><script>alert(1)</script>,PROD)';
  const markup = tag('g', { 'data-urn': hostile, tabindex: 0, skipped: undefined }, title(hostile) + tag('text', {}, escapeXml('<b>')));
  assert.equal(markup.includes('<script>'), false);
  assert.equal(markup.includes('skipped'), false);
  assert.equal(markup, `<g data-urn="${escapeXml(hostile)}" tabindex="0"><title>${escapeXml(hostile)}</title><text>&lt;b&gt;</text></g>`);
});

test('an expand handle is one path: a disc with a plus cut out', () => {
  const d = expandHandlePath(10, 20);
  assert.match(d, /^M3\.0,20\.0a7,7 0 1,0 14,0a7,7 0 1,0 -14,0ZM6\.0,18\.8h2\.75/);
  assert.equal((d.match(/M/g) ?? []).length, 2);
});
