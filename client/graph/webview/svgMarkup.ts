/**
 * SVG markup for the graph view, drawn in one pass: the view builds the whole drawing as one string
 * and hands it to the parser once (innerHTML of an SVG element parses in the SVG namespace), which
 * at 2,000 entities costs a fraction of creating ~20,000 elements one DOM call at a time. Every
 * text and attribute value passes through escapeXml; sizes are presentation attributes (the page's
 * CSP allows no inline style attributes).
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value as markup: the five characters XML gives meaning escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
}

/** `<name a="v"…>children</name>`; children are markup already (built by tag or escaped). */
export function tag(name: string, attributes: Record<string, string | number | undefined>, children = ''): string {
  let markup = `<${name}`;
  for (const key in attributes) {
    const value = attributes[key];
    if (value !== undefined) markup += ` ${key}="${escapeXml(String(value))}"`;
  }
  return `${markup}>${children}</${name}>`;
}

/** A `<title>` (the tooltip of its parent) of plain text. */
export function title(text: string): string {
  return `<title>${escapeXml(text)}</title>`;
}

/**
 * An expand handle as one path: a disc of radius 7 with a plus cut out of it (even-odd fill), where
 * a group of a circle, a "+" text and a title made four elements.
 */
export function expandHandlePath(cx: number, cy: number): string {
  const x = (n: number) => (cx + n).toFixed(1);
  const y = (n: number) => (cy + n).toFixed(1);
  const disc = `M${x(-7)},${y(0)}a7,7 0 1,0 14,0a7,7 0 1,0 -14,0Z`;
  const plus = `M${x(-4)},${y(-1.25)}h2.75v-2.75h2.5v2.75h2.75v2.5h-2.75v2.75h-2.5v-2.75h-2.75Z`;
  return disc + plus;
}
