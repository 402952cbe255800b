import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fitFocus, fitView, wheelPixels, zoomAt } from '../../../client/graph/webview/viewMath';
import { NODE_LABEL_FONT, READABLE_LABEL_PX } from '../../../client/graph/graphLayout';

const MIN = READABLE_LABEL_PX / NODE_LABEL_FONT;

test('Fit shows a small graph whole and centred', () => {
  const view = fitView({ width: 300, height: 100 }, { width: 800, height: 600 }, MIN, { x: 0, y: 50 });
  assert.ok(view.scale >= 1);
  assert.ok(Math.abs(view.x + (300 * view.scale) / 2 - 400) < 0.01, 'centred horizontally');
});

test('Fit never shrinks labels below the readable size: it keeps the root in view and leaves the rest to scrolling', () => {
  // An 8-entity graph in a half-width editor: whole, it would need a scale of about 0.4.
  const drawing = { width: 1500, height: 500 };
  const box = { width: 640, height: 700 };
  const root = { x: 700, y: 250 };
  const view = fitView(drawing, box, MIN, root);
  assert.equal(view.scale, MIN);
  assert.ok(NODE_LABEL_FONT * view.scale >= READABLE_LABEL_PX);
  const rootOnScreen = root.x * view.scale + view.x;
  assert.ok(rootOnScreen > 0 && rootOnScreen < box.width, `the root is in view (at ${rootOnScreen})`);
  // Near an end, the drawing's edge stays at the margin rather than leaving empty space.
  const atStart = fitView(drawing, box, MIN, { x: 0, y: 250 });
  assert.equal(atStart.x, 20);
});

test('one wheel or pinch event zooms a small step, around the pointer', () => {
  const view = { x: 10, y: 20, scale: 1 };
  const big = zoomAt(view, -2000, { x: 100, y: 100 });
  assert.ok(big.scale > 1 && big.scale <= 1.12 + 1e-9, `a large wheel jump is one small step (${big.scale})`);
  const small = zoomAt(view, 4, { x: 100, y: 100 });
  assert.ok(small.scale < 1 && small.scale > 0.98, `a trackpad nudge is a nudge (${small.scale})`);
  // The point under the pointer stays there.
  const before = (100 - view.x) / view.scale;
  const after = (100 - big.x) / big.scale;
  assert.ok(Math.abs(before - after) < 1e-9);
  assert.equal(wheelPixels(3, 1, 600), 48);
  assert.equal(wheelPixels(1, 2, 600), 600);
});

test('Fit puts the edges not pushed yet first in view when the whole graph cannot be readable (issue 37)', () => {
  const node = (urn: string, x: number, y: number) => ({ urn, x, y, width: 200, height: 40 });
  // A wide drawing: the root in the middle, the two pending upstreams two layers to its left, more entities either side.
  const nodes = [node('far', 100, 250), node('added1', 380, 200), node('added2', 380, 300), node('root', 900, 250), node('other', 1700, 250)];
  const box = { width: 640, height: 700 };
  const view = fitView({ width: 1800, height: 500 }, box, MIN, fitFocus(nodes, 'root', new Set(['added1', 'added2', 'root'])));
  for (const urn of ['added1', 'added2', 'root']) {
    const placed = nodes.find((n) => n.urn === urn)!;
    const left = (placed.x - placed.width / 2) * view.scale + view.x;
    const right = (placed.x + placed.width / 2) * view.scale + view.x;
    assert.ok(left >= 0 && right <= box.width, `${urn} is wholly in view (${left.toFixed(0)}–${right.toFixed(0)})`);
  }
  // Centred on the root alone, the pending upstreams would be cut at the left edge.
  const rootOnly = fitView({ width: 1800, height: 500 }, box, MIN, { x: 900, y: 250 });
  assert.ok((380 - 100) * rootOnly.scale + rootOnly.x < 0);
  assert.deepEqual(fitFocus(nodes, 'root', new Set()), { x: 900, y: 250 }, 'nothing pending: the root');
});
