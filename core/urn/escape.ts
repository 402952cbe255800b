/**
 * DataHub's escaping of tuple components (metadata-ingestion `urn_encoder.py`): only `,` `(` `)` are
 * reserved and become `%2C` `%28` `%29`; `%` itself is left alone, and nothing else is decoded.
 */

export function escapeUrnPart(value: string): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const code = c === 0x2c ? '%2C' : c === 0x28 ? '%28' : c === 0x29 ? '%29' : undefined;
    if (code === undefined) continue;
    out += value.slice(last, i) + code;
    last = i + 1;
  }
  return last === 0 ? value : out + value.slice(last);
}

function escapedChar(raw: string, at: number): string | undefined {
  if (raw.charCodeAt(at) !== 0x25 /* % */ || at + 2 >= raw.length || raw[at + 1] !== '2') return undefined;
  const digit = raw[at + 2];
  if (digit === 'C' || digit === 'c') return ',';
  if (digit === '8') return '(';
  if (digit === '9') return ')';
  return undefined;
}

export function unescapeUrnPart(raw: string): string {
  if (raw.indexOf('%') < 0) return raw;
  let out = '';
  let last = 0;
  for (let i = 0; i < raw.length; i++) {
    const decoded = escapedChar(raw, i);
    if (decoded === undefined) continue;
    out += raw.slice(last, i) + decoded;
    last = i + 3;
    i += 2;
  }
  return out + raw.slice(last);
}

/** Java's URLDecoder after DataHub's URLEncodingFixer: `%XX` decoded as UTF-8, a stray `%` kept, `+` a space. */
export function urlDecodeLeniently(text: string): string {
  const fixed = text.replace(/%(?![0-9A-Fa-f]{2})/g, '%25').replace(/\+/g, '%20');
  try {
    return decodeURIComponent(fixed);
  } catch {
    return text; // invalid UTF-8 sequences: Java substitutes U+FFFD; keep the text as written
  }
}
