import type { Rule } from '../types';

/** The YAML or JSON text itself is broken; the parser's own message, where it broke. */
export const parseErrors: Rule = {
  codes: ['parse.syntax'],
  run: ({ model }) =>
    model.parseProblems.map((problem) => ({
      range: problem.range,
      severity: 'error',
      code: 'parse.syntax',
      message: problem.message,
      // More after it, kept as positions (core/diagnostics/collapsed.ts): only while the editor is shown the first ones.
      ...(problem.rest ? { rest: problem.rest } : {}),
    })),
};
