import type { Random } from '../../../support/random';

/** One change of a `didChange`, in offsets of the text the changes before it in the same notification left (LSP applies them in order). */
export interface OffsetChange {
  start: number;
  end: number;
  text: string;
}

/** What one user action sends: one or more `didChange` notifications, sent without waiting for an answer in between. */
export interface Step {
  what: string;
  notifications: OffsetChange[][];
}

/** The change clamped to `text` (a step replayed on another text, as the shrinker does, may point past its end). */
export function clamp(change: OffsetChange, length: number): OffsetChange {
  const start = Math.max(0, Math.min(change.start, length));
  return { start, end: Math.max(start, Math.min(change.end, length)), text: change.text };
}

export function applyChange(text: string, change: OffsetChange): string {
  const { start, end } = clamp(change, text.length);
  return text.slice(0, start) + change.text + text.slice(end);
}

export function applyNotification(text: string, changes: readonly OffsetChange[]): string {
  return changes.reduce(applyChange, text);
}

export function applyStep(text: string, step: Step): string {
  return step.notifications.reduce(applyNotification, text);
}

/** The notification that undoes `changes` applied to `text`, as an editor's undo sends it (one `didChange`). */
export function inverseOf(text: string, changes: readonly OffsetChange[]): OffsetChange[] {
  const inverse: OffsetChange[] = [];
  let current = text;
  for (const change of changes) {
    const { start, end } = clamp(change, current.length);
    inverse.unshift({ start, end: start + change.text.length, text: current.slice(start, end) });
    current = applyChange(current, change);
  }
  return inverse;
}

/** The characters typed one at a time: YAML and JSON structure, quotes, comments, tabs and line breaks. */
const TYPED = ['[', ']', '{', '}', '"', "'", ':', '#', '-', '\t', '\n', ' ', ',', 'x', 'é'];

interface Lines {
  starts: number[];
  text: string;
}

function linesOf(text: string): Lines {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0 && at < text.length - 1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return { starts, text };
}

function lineEnd(lines: Lines, line: number): number {
  const end = lines.text.indexOf('\n', lines.starts[line]);
  return end < 0 ? lines.text.length : end;
}

/** A line: the first, the last, or any, the ends more often than their share. */
function pickLine(lines: Lines, random: Random): number {
  const roll = random.next();
  if (roll < 0.08) return 0;
  if (roll < 0.16) return lines.starts.length - 1;
  return random.int(lines.starts.length);
}

/** Where people type in a line: where its value starts, at its end, at its indentation, or anywhere in it. */
function pickOffset(lines: Lines, random: Random): number {
  const line = pickLine(lines, random);
  const start = lines.starts[line];
  const end = lineEnd(lines, line);
  const content = lines.text.slice(start, end);
  const roll = random.next();
  const value = content.indexOf(': ');
  if (roll < 0.35 && value >= 0) return start + value + 2;
  if (roll < 0.55) return end;
  if (roll < 0.7) return start + content.length - content.trimStart().length;
  return start + random.int(end - start + 1);
}

/** Characters typed one by one at `at`, each its own `didChange`. */
function typed(at: number, characters: readonly string[]): OffsetChange[][] {
  return characters.map((character, i) => [{ start: at + characters.slice(0, i).join('').length, end: at + characters.slice(0, i).join('').length, text: character }]);
}

type Generator = (text: string, lines: Lines, random: Random) => Step | undefined;

const GENERATORS: { weight: number; make: Generator }[] = [
  {
    weight: 6,
    make: (_text, lines, random) => {
      const at = pickOffset(lines, random);
      const characters = Array.from({ length: 1 + random.int(3) }, () => random.pick(TYPED));
      return { what: `typed ${JSON.stringify(characters.join(''))} at ${at}`, notifications: typed(at, characters) };
    },
  },
  {
    weight: 3,
    make: (_text, lines, random) => {
      const at = Math.max(1, pickOffset(lines, random));
      const count = Math.min(at, 1 + random.int(4));
      return { what: `${count} backspaces from ${at}`, notifications: Array.from({ length: count }, (_, i) => [{ start: at - i - 1, end: at - i, text: '' }]) };
    },
  },
  {
    weight: 2,
    make: (text, lines, random) => {
      // A key split by a line break (`  plat` ⏎ `form: snowflake`).
      const line = pickLine(lines, random);
      const start = lines.starts[line];
      const colon = text.indexOf(':', start);
      if (colon < 0 || colon > lineEnd(lines, line) || colon - start < 2) return undefined;
      const at = start + 1 + random.int(colon - start - 1);
      return { what: `line break at ${at}, inside a key`, notifications: [[{ start: at, end: at, text: '\n' }]] };
    },
  },
  {
    weight: 2,
    make: (text, lines, random) => {
      const line = pickLine(lines, random);
      const end = lineEnd(lines, line);
      if (end >= text.length) return undefined;
      return { what: `line ${line} joined with the next`, notifications: [[{ start: end, end: end + 1, text: '' }]] };
    },
  },
  {
    weight: 2,
    make: (text, lines, random) => {
      const from = random.int(lines.starts.length);
      const to = Math.min(lines.starts.length, from + 1 + random.int(30));
      const block = text.slice(lines.starts[from], to < lines.starts.length ? lines.starts[to] : text.length);
      const at = lines.starts[pickLine(lines, random)];
      return { what: `lines ${from}–${to} pasted at ${at}`, notifications: [[{ start: at, end: at, text: block }]] };
    },
  },
  {
    weight: 2,
    make: (text, lines, random) => {
      const line = pickLine(lines, random);
      const start = lines.starts[line] + random.int(4);
      const last = Math.min(lines.starts.length - 1, line + 2 + random.int(30));
      const end = Math.min(text.length, lineEnd(lines, last) - random.int(3));
      if (end <= start) return undefined;
      return { what: `range ${start}–${end} deleted`, notifications: [[{ start, end, text: '' }]] };
    },
  },
  {
    weight: 2,
    make: (text, lines, random) => {
      // Indent or outdent 1–5 lines, one change per line in descending order, as VS Code sends them.
      const line = pickLine(lines, random);
      const last = Math.min(lines.starts.length - 1, line + random.int(5));
      const outdent = random.chance(0.5);
      const changes: OffsetChange[] = [];
      for (let l = last; l >= line; l--) {
        const start = lines.starts[l];
        if (!outdent) changes.push({ start, end: start, text: random.chance(0.9) ? '  ' : '\t' });
        else if (text.startsWith('  ', start)) changes.push({ start, end: start + 2, text: '' });
      }
      return changes.length > 0 ? { what: `lines ${line}–${last} ${outdent ? 'outdented' : 'indented'}`, notifications: [changes] } : undefined;
    },
  },
  {
    weight: 2,
    make: (_text, lines, random) => {
      // Multi-cursor typing: the same characters at 2–3 places, each keystroke one didChange with its changes in descending order.
      const places = [...new Set(Array.from({ length: 2 + random.int(2) }, () => pickOffset(lines, random)))].sort((a, b) => b - a);
      const characters = Array.from({ length: 1 + random.int(2) }, () => random.pick(TYPED));
      const notifications = characters.map((character, k) => places.map((at, i) => ({ start: at + k + (places.length - 1 - i) * k, end: at + k + (places.length - 1 - i) * k, text: character })));
      return { what: `multi-cursor ${JSON.stringify(characters.join(''))} at ${places.join(', ')}`, notifications };
    },
  },
];

/** A random realistic action on `text`; `history` holds the earlier steps (newest last) with the text each applied to, for undos. */
export function randomStep(text: string, random: Random, history: readonly { before: string; step: Step }[]): Step {
  const lines = linesOf(text);
  if (history.length > 0 && random.chance(0.12)) {
    const k = Math.min(history.length, 1 + random.int(4));
    const notifications: OffsetChange[][] = [];
    for (const { before, step } of history.slice(-k).reverse()) {
      let at = before;
      const inverses: OffsetChange[][] = [];
      for (const notification of step.notifications) {
        inverses.unshift(inverseOf(at, notification));
        at = applyNotification(at, notification);
      }
      notifications.push(...inverses);
    }
    return { what: `undo of the last ${k} step(s)`, notifications };
  }
  const total = GENERATORS.reduce((sum, { weight }) => sum + weight, 0);
  for (;;) {
    let roll = random.next() * total;
    const generator = GENERATORS.find(({ weight }) => (roll -= weight) < 0) ?? GENERATORS[0];
    const step = generator.make(text, lines, random);
    if (step) return step;
  }
}
