/**
 * A count as every message writes it, with thousands separators (`100,002`): what
 * `n.toLocaleString('en-US')` gives for an integer, without ICU's number formatting, whose first
 * use in a process costs some 30 ms (on the restart's first answers, which say how far the scan
 * is).
 */
export function countText(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let text = '';
  for (let end = digits.length; end > 0; end -= 3) text = digits.slice(Math.max(0, end - 3), end) + (text ? `,${text}` : '');
  return n < 0 ? `-${text}` : text;
}
