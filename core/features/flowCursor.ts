/** One open flow collection (`{…` or `[…`) before the caret. */
interface FlowFrame {
  kind: 'map' | 'seq';
  /** the key whose value this collection is (absent for an item of a sequence, or at the top) */
  key: string | undefined;
  /** where the current entry (after the opener or the last comma) starts */
  entryStart: number;
  /** offset of the opener */
  open: number;
}

export interface FlowPosition {
  /** the outermost open collection: the block context is what stands before it */
  outerOpen: number;
  /** for every collection inside the outermost one, the key it is the value of (undefined: an item of a sequence) */
  nestedKeys: (string | undefined)[];
  kind: 'map' | 'seq';
  /** the innermost collection is an item of a flow sequence */
  inSeq: boolean;
  /** the key of the innermost collection (its value) */
  frameKey: string | undefined;
  /** the entry being written, from its start to the caret */
  entry: string;
  entryStart: number;
  /** column (in its line) of the first entry of the innermost collection */
  firstEntryColumn: number;
}

const MAX_LINES_BACK = 20;

/**
 * The flow collections (`{name: a, platform: snow}`, `[a, b]`) open at the caret, read by a YAML
 * flow tokenizer that understands quotes and comments. Undefined when the caret is in block style.
 * Looks back over a few lines so a flow mapping written across lines is found too.
 */
export function flowPosition(text: string, offset: number): FlowPosition | undefined {
  let lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  for (let back = 0; back <= MAX_LINES_BACK; back++) {
    const found = scan(text, lineStart, offset);
    if (found === 'unbalanced') return undefined;
    if (found) return found;
    if (lineStart === 0) return undefined;
    lineStart = text.lastIndexOf('\n', lineStart - 2) + 1;
  }
  return undefined;
}

/** Characters after which a flow collection or a quoted scalar may start (YAML 1.2 §7): a node's start. */
const NODE_START_AFTER = new Set(['', ':', '-', '?', ',', '[', '{']);

function scan(text: string, start: number, offset: number): FlowPosition | undefined | 'unbalanced' {
  const frames: FlowFrame[] = [];
  // The last significant character: `[`, `{` and quotes only open something where a node starts,
  // so `description: see [docs` or `it's` in a plain scalar opens nothing.
  let previous = '';
  let i = start;
  while (i < offset) {
    const ch = text[i];
    if (ch === '\n' && frames.length === 0) previous = '';
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const atNodeStart = NODE_START_AFTER.has(previous);
    if ((ch === '"' || ch === "'") && atNodeStart) {
      i = skipQuoted(text, i, offset);
      previous = ch;
      continue;
    }
    if (ch === '#' && (i === start || /\s/.test(text[i - 1]))) {
      while (i < offset && text[i] !== '\n') i++;
      continue;
    }
    if ((ch === '{' || ch === '[') && atNodeStart) {
      const top = frames.at(-1);
      // The outermost collection's key is in the block context before it; nested ones name theirs.
      const key = top?.kind === 'map' ? keyOf(text.slice(top.entryStart, i)) : undefined;
      frames.push({ kind: ch === '{' ? 'map' : 'seq', key, entryStart: i + 1, open: i });
    } else if ((ch === '}' || ch === ']') && frames.length > 0) {
      frames.pop();
    } else if ((ch === '}' || ch === ']') && previous === '') {
      return 'unbalanced'; // the end of a flow collection opened on an earlier line: look no further back
    } else if (ch === ',' && frames.length > 0) {
      frames[frames.length - 1].entryStart = i + 1;
    }
    previous = ch === ':' && !/\s/.test(text[i + 1] ?? ' ') ? 'x' : ch;
    i++;
  }
  const top = frames.at(-1);
  if (!top) return undefined;
  const firstEntry = firstNonSpace(text, top.open + 1, offset);
  return {
    outerOpen: frames[0].open,
    nestedKeys: frames.slice(1).map((frame) => frame.key),
    kind: top.kind,
    inSeq: frames.length > 1 && frames[frames.length - 2].kind === 'seq',
    frameKey: top.key,
    entry: text.slice(top.entryStart, offset),
    entryStart: top.entryStart,
    firstEntryColumn: firstEntry - (text.lastIndexOf('\n', firstEntry - 1) + 1),
  };
}

/** `  - name: ` or `"name":` → `name` (the key before the last `: ` of a fragment). */
export function keyOf(fragment: string): string | undefined {
  const match = /(?:^|[\s,{[-])("[^"]*"|'[^']*'|[^\s,{}[\]#:'"][^,{}[\]#:]*?)\s*:\s*$/.exec(fragment);
  if (!match) return undefined;
  const raw = match[1].trim();
  return (raw.startsWith('"') || raw.startsWith("'")) && raw.length >= 2 ? raw.slice(1, -1) : raw;
}

/** Splits a flow entry being typed into its key and the value typed so far (when a `: ` was written). */
export function splitEntry(entry: string): { key: string; value: string; valueOffset: number } | undefined {
  let i = 0;
  while (i < entry.length) {
    const ch = entry[i];
    if (ch === '"' || ch === "'") {
      i = skipQuoted(entry, i, entry.length);
      continue;
    }
    if (ch === ':' && (i + 1 >= entry.length || /\s/.test(entry[i + 1]))) {
      const key = keyOf(entry.slice(0, i + 1));
      if (key === undefined) return undefined;
      let valueOffset = i + 1;
      while (valueOffset < entry.length && /\s/.test(entry[valueOffset])) valueOffset++;
      return { key, value: entry.slice(valueOffset), valueOffset };
    }
    i++;
  }
  return undefined;
}

function skipQuoted(text: string, at: number, limit: number): number {
  const quote = text[at];
  let i = at + 1;
  while (i < limit) {
    if (quote === '"' && text[i] === '\\') i += 2;
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i += 2;
      else return i + 1;
    } else i++;
  }
  return limit;
}

function firstNonSpace(text: string, from: number, limit: number): number {
  let i = from;
  while (i < limit && /\s/.test(text[i])) i++;
  return i;
}

