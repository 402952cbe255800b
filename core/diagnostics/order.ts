import type { CoreDiagnostic } from '../model/diagnostic';
import { hasControls, logValue } from '../output/logText';

/** A message as the user is shown it: values it quotes bring no line break or control with them. */
export function oneLine(message: string): string {
  return hasControls(message) ? logValue(message) : message;
}

/** The order of every document's diagnostics. */
export function byPosition(a: CoreDiagnostic, b: CoreDiagnostic): number {
  return a.range.start - b.range.start || a.range.end - b.range.end || compareText(a.code, b.code) || compareText(a.message, b.message);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
