/** What a subscription returns: `dispose()` stops the listener being told. */
export interface Subscription {
  dispose(): void;
}

/** Subscribes a listener to one kind of event. */
export type Listen<T> = (listener: (value: T) => void) => Subscription;

/** A small typed event with any number of listeners, told in the order they subscribed. */
export class Listeners<T> {
  private readonly listeners = new Set<(value: T) => void>();

  readonly listen: Listen<T> = (listener) => {
    const own = (value: T): void => listener(value);
    this.listeners.add(own);
    return { dispose: () => this.listeners.delete(own) };
  };

  get any(): boolean {
    return this.listeners.size > 0;
  }

  tell(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
}
