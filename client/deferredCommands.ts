// Kept free of `vscode` and of the rest of the client so the small entry bundle stays small.

export type CommandHandler = (...args: unknown[]) => unknown;

/**
 * The commands the entry bundle registers at activation, whose real handlers arrive later from
 * the main bundle. A command invoked before then waits for them instead of failing.
 */
export class DeferredCommands {
  private readonly handlers = new Map<string, CommandHandler>();
  private readonly ready: Promise<void>;
  private settle: { resolve: () => void; reject: (error: Error) => void } | undefined;

  constructor(readonly commands: ReadonlySet<string>) {
    this.ready = new Promise<void>((resolve, reject) => (this.settle = { resolve, reject }));
    // A failed load is reported where it happens; this keeps it from also surfacing as an
    // unhandled rejection when no command was waiting.
    this.ready.catch(() => undefined);
  }

  /** Whether `command` is one of the deferred ones, i.e. its handler must be provided here. */
  defers(command: string): boolean {
    return this.commands.has(command);
  }

  provide(command: string, handler: CommandHandler): void {
    this.handlers.set(command, handler);
  }

  /** The main bundle has registered everything it will; waiting commands run now. */
  markReady(): void {
    this.settle?.resolve();
  }

  /** The main bundle could not load; waiting and later invocations fail with `error`. */
  markFailed(error: Error): void {
    this.settle?.reject(error);
  }

  /** The handler the entry registers for `command`: waits for the main bundle, then forwards. */
  forwarder(command: string): (...args: unknown[]) => Promise<unknown> {
    return async (...args: unknown[]) => {
      await this.ready;
      const handler = this.handlers.get(command);
      if (!handler) {
        throw new Error(`Catalog Code: the command "${command}" is listed in the extension's manifest but has no handler. Please report this, with the Catalog Code log attached.`);
      }
      return handler(...args);
    };
  }
}

/** The command ids a manifest (`package.json`) contributes. */
export function contributedCommands(manifest: unknown): Set<string> {
  const ids = new Set<string>();
  const commands = (manifest as { contributes?: { commands?: unknown } } | undefined)?.contributes?.commands;
  if (!Array.isArray(commands)) return ids;
  for (const entry of commands as unknown[]) {
    const id = (entry as { command?: unknown } | null)?.command;
    if (typeof id === 'string') ids.add(id);
  }
  return ids;
}
