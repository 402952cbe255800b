import { Transform } from 'node:stream';
import { format } from 'node:util';
import { ProposedFeatures, createConnection, type Connection } from 'vscode-languageserver/node';
import { FrameGuard, type FrameProblem } from './frameGuard';

/**
 * The connection over stdio, with the framing checked (server/frameGuard.ts). After a malformed
 * frame the stream cannot be read on safely (where the next frame starts is a guess), so the server
 * says what was wrong on stderr and in the editor's log, and exits with code 1: LSP clients
 * (vscode-languageclient among them) restart a server that exits, and one that hangs silently
 * is never restarted.
 */
export function stdioConnection(): Connection {
  const editor: { lsp?: Connection } = {};
  const input = guardedInput(process.stdin, (problem) => {
    const line = describeFrameProblem(problem);
    try {
      editor.lsp?.console.error(line);
    } catch {
      // the editor's end may be gone already; stderr still says it
    }
    process.stderr.write(`${line}\n`, () => process.exit(1));
    setTimeout(() => process.exit(1), 1000).unref();
  });
  // Without the --stdio argument vscode-languageserver does not move console output off stdout,
  // where it would corrupt the protocol: it goes to stderr, which editors show as the server's log.
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) console[method] = (...args: unknown[]) => void process.stderr.write(`${format(...args)}\n`);
  // Both stay streams: the library exits when the editor closes the input, and writes with its own
  // StreamMessageWriter (a writer of ours was no faster: bench case handWritten, issue 35).
  editor.lsp = createConnection(ProposedFeatures.all, input, process.stdout);
  return editor.lsp;
}

/** `source` with only the bytes of valid frames passed on; `onMalformed` is told of the first bad one. */
export function guardedInput(source: NodeJS.ReadableStream, onMalformed: (problem: FrameProblem) => void): Transform {
  const guard = new FrameGuard();
  const input = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const verdict = guard.push(chunk);
      for (const bytes of verdict.pass) this.push(bytes);
      if (!verdict.ok) onMalformed(verdict.error);
      done();
    },
  });
  source.pipe(input);
  return input;
}

export function describeFrameProblem(problem: FrameProblem): string {
  return (
    `Catalog Code language server: the editor sent a malformed LSP message at byte ${problem.offset} of its input: ${problem.problem}. ` +
    `Header read: ${JSON.stringify(problem.header)}. The input cannot be read past it, so the server exits with code 1 and the editor can restart it; ` +
    'if this repeats, report it to the maintainers of the editor or LSP client that sent it.'
  );
}
