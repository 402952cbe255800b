/**
 * The graph view's pan and zoom arithmetic, without the DOM (unit-tested): where "Fit" puts the
 * drawing, and how much one wheel or pinch event zooms.
 */
export interface View {
  x: number;
  y: number;
  scale: number;
}

export interface Size {
  width: number;
  height: number;
}

/** the margin "Fit" leaves around the drawing (px) */
const FIT_MARGIN = 20;
/** Fit never enlarges past this: a two-entity graph need not fill a wide editor */
const MAX_FIT_SCALE = 1.5;
export const MIN_SCALE = 0.1;
export const MAX_SCALE = 4;
/** one wheel or pinch event changes the zoom by at most this factor (about 12 %) */
const MAX_STEP = 1.12;
/** how strongly a pixel of wheel movement zooms */
const ZOOM_PER_PIXEL = 0.0025;
/** wheel deltas in lines (Firefox, some mice) and pages, in pixels */
const LINE_PX = 16;

/**
 * The view that shows the drawing whole, unless that would draw labels smaller than readable
 * (`minScale`): then it stays at `minScale` and shows the part around `focus` (the root), and the
 * rest is reached by scrolling. Small drawings are centred.
 */
export function fitView(drawing: Size, box: Size, minScale: number, focus: { x: number; y: number }): View {
  const whole = Math.min(MAX_FIT_SCALE, (box.width - 2 * FIT_MARGIN) / Math.max(drawing.width, 1), (box.height - 2 * FIT_MARGIN) / Math.max(drawing.height, 1));
  const scale = Math.max(minScale, whole);
  const placeAxis = (length: number, boxLength: number, at: number): number => {
    const drawn = length * scale;
    if (drawn + 2 * FIT_MARGIN <= boxLength) return (boxLength - drawn) / 2;
    // Too long for the box: the focus in the middle, but never past either end of the drawing.
    const centred = boxLength / 2 - at * scale;
    return Math.min(FIT_MARGIN, Math.max(boxLength - FIT_MARGIN - drawn, centred));
  };
  return { scale, x: placeAxis(drawing.width, box.width, focus.x), y: placeAxis(drawing.height, box.height, focus.y) };
}

/** An entity's box as the layout placed it (centre and size). */
export interface PlacedBox {
  urn: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where Fit centres a drawing too large to show whole at a readable size: the middle of the entities
 * that matter most — the root and both ends of every edge not pushed yet — so the pending edges are
 * the first thing in view; the root alone when nothing is pending.
 */
export function fitFocus(nodes: readonly PlacedBox[], rootUrn: string | undefined, pendingEnds: ReadonlySet<string>): { x: number; y: number } {
  const wanted = nodes.filter((node) => node.urn === rootUrn || pendingEnds.has(node.urn));
  const shown = wanted.length > 0 ? wanted : nodes.slice(0, 1);
  if (shown.length === 0) return { x: 0, y: 0 };
  const left = Math.min(...shown.map((n) => n.x - n.width / 2));
  const right = Math.max(...shown.map((n) => n.x + n.width / 2));
  const top = Math.min(...shown.map((n) => n.y - n.height / 2));
  const bottom = Math.max(...shown.map((n) => n.y + n.height / 2));
  return { x: (left + right) / 2, y: (top + bottom) / 2 };
}

/** A wheel event's movement in pixels, whatever unit it came in. */
export function wheelPixels(delta: number, deltaMode: number, pageLength: number): number {
  return deltaMode === 1 ? delta * LINE_PX : deltaMode === 2 ? delta * pageLength : delta;
}

/**
 * The view after a zoom gesture of `deltaPixels` (a Ctrl+wheel or a pinch, which browsers send as a
 * wheel event with ctrlKey) around the point `at` of the box: the point stays under the pointer.
 */
export function zoomAt(view: View, deltaPixels: number, at: { x: number; y: number }): View {
  const factor = Math.min(MAX_STEP, Math.max(1 / MAX_STEP, Math.exp(-deltaPixels * ZOOM_PER_PIXEL)));
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale * factor));
  return { scale, x: at.x - ((at.x - view.x) * scale) / view.scale, y: at.y - ((at.y - view.y) * scale) / view.scale };
}

/** A zoom by a keyboard step (+ or -) around the middle of the box. */
export function zoomStep(view: View, direction: 1 | -1, box: Size): View {
  return zoomAt(view, direction * -1000, { x: box.width / 2, y: box.height / 2 });
}
