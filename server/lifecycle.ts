import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';

/**
 * The LSP lifecycle as far as handlers care: after `shutdown` every request is answered with
 * InvalidRequest (LSP 3.17 §shutdown), not with an empty result an editor might trust.
 */
export class Lifecycle {
  shuttingDown = false;

  /** Wraps a request handler so it refuses to run after `shutdown`. */
  guard<P, R, A extends unknown[]>(handler: (params: P, ...rest: A) => R): (params: P, ...rest: A) => R | ResponseError<never> {
    return (params: P, ...rest: A) => {
      if (this.shuttingDown) return new ResponseError<never>(ErrorCodes.InvalidRequest, 'The Catalog Code language server is shutting down (it received `shutdown`); send `exit` and start it again.');
      return handler(params, ...rest);
    };
  }
}
