/**
 * A value remembered with an object (a file's model) that dies with it, used where a WeakMap
 * would be: a hidden property of the object itself, under a symbol of its own. V8's young-generation
 * collector keeps the value of a WeakMap entry whose key is young alive through one more collection
 * even when nothing else holds the key: a value that holds a model's facts (its facts by kind, what
 * its push writes) kept every model read in the last few milliseconds alive, and a workspace scan,
 * which reads a model per file and drops it, copied 3.8 MB of them in each of its ~500 young
 * collections instead of 0.05 MB (`node --trace-gc-nvp`, `new_space_survived`; scavenges were a
 * fifth of a 100,002-file scan's time). A property of the object goes when the object goes.
 *
 * Not enumerable: the object's keys, JSON, deep equality and copies (`{ ...model }`) do not see it.
 */
export class KeptWith<Owner extends object, Value> {
  private readonly key: symbol;

  constructor(name: string) {
    this.key = Symbol(name);
  }

  has(owner: Owner): boolean {
    return Object.hasOwn(owner, this.key);
  }

  get(owner: Owner): Value | undefined {
    return (owner as Record<symbol, Value | undefined>)[this.key];
  }

  set(owner: Owner, value: Value): void {
    if (Object.hasOwn(owner, this.key)) (owner as Record<symbol, Value>)[this.key] = value;
    else Object.defineProperty(owner, this.key, { value, writable: true, configurable: true, enumerable: false });
  }
}
