// Summarises a V8 .cpuprofile (node --cpu-prof): the functions with the most self time, and the
// most inclusive time, so a profile can be read without DevTools.
// `node bench/adhoc/profileTop.mjs FILE.cpuprofile [N]`
import { readFileSync } from 'node:fs';

const [file, count = '30'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const self = new Map();
const dt = profile.timeDeltas;
// PROFILE_WINDOW=NAME: only the samples from the first to the last whose stack holds a function of that name (the scan, not the requests after it).
const window = process.env.PROFILE_WINDOW;
const holds = (id) => { for (let at = id; at !== undefined; at = parent.get(at)) if (byId.get(at).callFrame.functionName === window) return true; return false; };
const inWindow = window ? profile.samples.map((id, i) => (holds(id) ? i : -1)).filter((i) => i >= 0) : [];
const [first, last] = window ? [inWindow[0] ?? 0, inWindow.at(-1) ?? -1] : [0, profile.samples.length - 1];
for (let i = first; i <= last; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
const nameOf = (node) => `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1}`;
const selfBy = new Map();
const totalBy = new Map();
for (const [id, time] of self) {
  const node = byId.get(id);
  selfBy.set(nameOf(node), (selfBy.get(nameOf(node)) ?? 0) + time);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const name = nameOf(byId.get(at));
    if (seen.has(name)) continue;
    seen.add(name);
    totalBy.set(name, (totalBy.get(name) ?? 0) + time);
  }
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const print = (title, map) => {
  console.log(`${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(count))) console.log(`${(time / 1000).toFixed(1).padStart(9)} ms  ${name}`);
};
print('self', selfBy);
print('inclusive', totalBy);

// With a third argument, the time under each function called (at any depth) from functions of that name.
const under = process.argv[4];
if (under) {
  const inside = new Map();
  for (const [id, time] of self) {
    const chain = [];
    for (let at = id; at !== undefined; at = parent.get(at)) chain.push(nameOf(byId.get(at)));
    const top = chain.findIndex((name) => name.startsWith(`${under} `));
    if (top < 0) continue;
    const seen = new Set();
    for (const name of chain.slice(0, top)) {
      if (seen.has(name)) continue;
      seen.add(name);
      inside.set(name, (inside.get(name) ?? 0) + time);
    }
  }
  print(`under ${under}`, inside);
}
